// The report list of the poll benchmarks: 100,000 reports made by the emulator's own state, so
// that the JSON is the emulator's, every report against a different player, one second apart,
// with text like bench/data.ts's. Two bodies, so that every side of a comparison fetches exactly
// the same bytes: they differ in the status of the newest report, which has a card. Lists of
// other sizes, made alike, serve the growth curves (poll-curves.ts).
import { EmulatorState } from "../emulator/state.js";

export const REPORT_COUNT = 100_000;
const KEYWORDS = ["INAPPROPRIATE", "SPAM", "CHEATING"];

export interface ReportListBodies {
  unchanged: string;
  /** The same list with the newest report's status moved: a poll finds one report changed. */
  changed: string;
}

export function reportListBodies(): ReportListBodies {
  const list = syntheticReportList(REPORT_COUNT);
  const unchanged = JSON.stringify(list);
  const newest = list[list.length - 1];
  if (!newest) throw new Error("no reports");
  newest.status = 0;
  return { unchanged, changed: JSON.stringify(list) };
}

/**
 * `count` reports as the emulator lists them, ids from `firstId` on, each against a player of its
 * own (gamer-N for report N + 1), one second apart, all with `status`.
 */
export function syntheticReportList(count: number, firstId = 1, status = 1) {
  const state = new EmulatorState();
  const start = Date.UTC(2024, 5, 17, 0, 0, 0);
  for (let i = firstId - 1; i < firstId - 1 + count; i++) {
    state.injectReport({
      report_id: i + 1,
      to_gamer_id: `gamer-${i}`,
      to_gamer_name: `플레이어${i % 5000}`,
      from_gamer_id: `gamer-${(i * 7 + 1) % 5000}`,
      from_gamer_name: `reporter${(i * 7 + 1) % 5000}`,
      message: `message number ${i} with some words 비속어 포함`,
      keyword: KEYWORDS[i % KEYWORDS.length],
      reason: "비속어 및 성적 발언",
      status,
      value: 0,
      createdAt: new Date(start + i * 1000),
    });
  }
  return state.listReports();
}
