// How a report reads as a table row, shared by `reports` and `history`.
import type { Report } from "../chat-api/schemas.js";
import { parseLocalTimestamp } from "../chat-api/time.js";
import type { ViewColumn, ViewValue } from "./view.js";

export const REPORT_COLUMNS: ViewColumn[] = [
  { key: "id", label: "#" },
  { key: "at", label: "When" },
  { key: "reported", label: "Reported" },
  { key: "by", label: "By" },
  { key: "keyword", label: "Category" },
  { key: "reason", label: "Reason" },
  { key: "message", label: "Message" },
];

export function reportRow(report: Report, timeZone: string): Record<string, ViewValue> {
  const at = parseLocalTimestamp(report.create_at, timeZone);
  return {
    id: report.report_id,
    at: at ? { time: at } : report.create_at,
    reported: `${report.to_gamer_name} (${report.to_gamer_id})`,
    by: `${report.from_gamer_name} (${report.from_gamer_id})`,
    keyword: report.keyword,
    reason: report.reason,
    message: report.message,
  };
}

/** Newest first. Ids are not promised to be dense or increasing, so time decides, then id. */
export function newestFirst(a: Report, b: Report): number {
  return b.create_at.localeCompare(a.create_at) || b.report_id - a.report_id;
}
