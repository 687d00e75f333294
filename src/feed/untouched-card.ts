// A card nobody has acted on yet, as the feed opens one: open, unhandled, not taken, listing
// the reports given (oldest first), its player the newest report's. `report` shows a report the
// feed has not read this way (src/commands/report.ts), and bench/card-language.ts renders the
// cards it measures from it, so that both build the card the feed's views expect.
import type { Report } from "../chat-api/schemas.js";
import type { Card } from "./report-store.js";

export function untouchedCard(reports: readonly [Report, ...Report[]], at: Date, id = 0): Card {
  const listed = reports.map((report) => ({ reportId: report.report_id, generation: 0 }));
  const latest = reports.at(-1) ?? reports[0];
  return {
    id,
    target: latest.to_gamer_id,
    openedAt: at,
    state: "open",
    handler: undefined,
    claimEndsAt: undefined,
    taken: undefined,
    outcome: undefined,
    caseNumber: undefined,
    reportCount: reports.length,
    reports: [...reports],
    listed,
    latest,
    latestSeenAt: at,
    first: listed[0],
    reused: [],
  };
}
