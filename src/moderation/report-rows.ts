// How a report reads as a table row, shared by `reports` and `history`.
import { compareMarks, type PagedList, type Place } from "../catalogue/list-snapshot.js";
import type { Report } from "../chat-api/schemas.js";
import { parseLocalTimestamp } from "../chat-api/time.js";
import { t } from "../i18n/translate.js";
import type { ViewColumn, ViewValue } from "../view/view.js";

/** The columns of a report row, in the language of the work running now. */
export function reportColumns(): ViewColumn[] {
  return [
    { key: "id", label: "#" },
    { key: "at", label: t("reports.column.when") },
    { key: "reported", label: t("reports.column.reported") },
    { key: "by", label: t("reports.column.by") },
    { key: "keyword", label: t("reports.column.category") },
    { key: "reason", label: t("reports.column.reason") },
    { key: "message", label: t("reports.column.message") },
  ];
}

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

/**
 * Reports newest first. Ids are not promised to be dense or increasing, so time decides, then id;
 * and a report is new by its time, whatever its id. (The API's local times repeat an hour where
 * CHAT_TIMEZONE keeps summer time; a report of that hour may then count as listed.)
 */
export const REPORT_LIST = {
  noun: "report",
  place: (report: Report): Place => [report.create_at, report.report_id],
  // Timestamps of one form (YYYY-MM-DD HH:MM:SS) sort as their text does.
  compare: (a: Place, b: Place) =>
    compareMarks(b[0] ?? "", a[0] ?? "") || compareMarks(b[1] ?? 0, a[1] ?? 0),
  arrival: (report: Report) => report.create_at,
} satisfies PagedList<Report>;
