// Where in a body a schema found a problem, written the way a developer looks it up.

/** `[3].report_id` for zod's ["3", "report_id"] path: the place a moderator or a dev looks. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(body)";
  return path
    .map((key, index) =>
      typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`,
    )
    .join("");
}
