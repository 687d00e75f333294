// What an operator reads when PostgreSQL cannot be reached or refuses: where (host and database,
// never the password) and what to do, rather than pg's bare error. A catalogue text: English for
// logs, the reader's language where a person reads it.
import { type CatalogueText, say, text } from "../../catalogue/wording.js";

function codeOf(error: unknown): string {
  if (typeof error !== "object" || error === null || !("code" in error)) return "";
  return typeof error.code === "string" ? error.code : "";
}

/** One sentence about a failure of the PostgreSQL store at `location` (host/database), as a catalogue text. */
export function postgresFailureText(error: unknown, location: string): CatalogueText {
  const code = codeOf(error);
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return text("failures.postgres.unreachable", { location, code });
  }
  // 28P01 wrong password, 28000 no such role or not allowed by pg_hba.conf.
  if (code === "28P01" || code === "28000") {
    return text("failures.postgres.refusedLogin", { location });
  }
  if (code === "3D000") return text("failures.postgres.noDatabase", { location });
  if (code === "42501") return text("failures.postgres.noPrivilege", { location });
  if (code === "53300") return text("failures.postgres.tooManyClients", { location });
  const message = (error instanceof Error ? error.message : String(error)) || code;
  // The reason is the driver's own words, as it gave them.
  return message
    ? text("failures.postgres.failed", { location, message })
    : text("failures.postgres.noAnswer", { location });
}

/** The same in the language of the work running now: what a person reads (the doctor's line). */
export function shownPostgresFailure(error: unknown, location: string): string {
  return say(postgresFailureText(error, location));
}
