// What an operator reads when PostgreSQL cannot be reached or refuses: where (host and database,
// never the password) and what to do, rather than pg's bare error.
function codeOf(error: unknown): string {
  if (typeof error !== "object" || error === null || !("code" in error)) return "";
  return typeof error.code === "string" ? error.code : "";
}

/** One sentence about a failure of the PostgreSQL store at `location` (host/database). */
export function describePostgresFailure(error: unknown, location: string): string {
  const where = `the PostgreSQL store ${location} (DATABASE_URL)`;
  const code = codeOf(error);
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return `${where} cannot be reached (${code}): check the host and port, and that the server runs`;
  }
  // 28P01 wrong password, 28000 no such role or not allowed by pg_hba.conf.
  if (code === "28P01" || code === "28000") {
    return `${where} refused the user and password in DATABASE_URL`;
  }
  if (code === "3D000") return `${where} does not exist: create the database first`;
  if (code === "42501") return `${where} refused: the user in DATABASE_URL lacks a privilege`;
  if (code === "53300") return `${where} has no connection left (too many clients): try again`;
  const message = error instanceof Error ? error.message : String(error);
  return `${where} failed (${message || code || "no answer"})`;
}
