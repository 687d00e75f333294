// What the store can hold of a report as the chat API listed it. The API's `report_id` is any
// JSON number and its text any string, but the store keys a report by a 64-bit integer read back
// as a JavaScript number (BIGINT on PostgreSQL, INTEGER on SQLite), and PostgreSQL's TEXT holds
// no NUL. A report whose id is no safe integer (1.5, 1e19) cannot be stored, nor named exactly by
// a button or `report <id>`: it is skipped, with a sentence naming it. A NUL in any of its text
// is kept as the visible ␀ the renderers show for it (inert-text.ts), on both engines alike, so
// the card reads the same whichever store is under it.
import { type Report, reportSchema } from "../chat-api/schemas.js";
import { visibleStandIn } from "../view/inert-text.js";

export type Storable = { ok: true; report: Report } | { ok: false; problem: string };

export function storableReport(report: Report): Storable {
  if (!Number.isSafeInteger(report.report_id)) {
    return {
      ok: false,
      problem: `report ${report.report_id}: report_id is not a whole number the store can hold (from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER})`,
    };
  }
  return { ok: true, report: withNulShown(report) };
}

/** The report with each NUL in its text as the visible ␀, as the store keeps it. */
export function withNulShown(report: Report): Report {
  // Most reports hold none: they are answered as they are, not parsed again. Looked for without
  // making the report's entries: the poll asks this of every report of the list.
  if (!holdsNul(report)) return report;
  const text = Object.entries(report).map(([field, value]) => [
    field,
    typeof value === "string" ? value.replaceAll("\u0000", visibleStandIn) : value,
  ]);
  return reportSchema.parse(Object.fromEntries(text));
}

function holdsNul(report: Report): boolean {
  for (const field in report) {
    const value = report[field];
    if (typeof value === "string" && value.includes("\u0000")) return true;
  }
  return false;
}
