// What `stats` reads, on SQLite and on PostgreSQL: each statement reads along an index (migration
// 15's, or cases_by_target_command), a range of the period's rows, never a whole table or index.
// (What is counted by groups is sorted or hashed after: the groups, not the table.) The store holds
// a year of reports, cards and cases, of which the month asked for is a twelfth.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { inBatches } from "../../../src/feed/in-batches.js";
import { moderationStatistics } from "../../../src/moderation/statistics.js";
import { StatisticsReads } from "../../../src/moderation/statistics-reads.js";
import type { Store } from "../../../src/store/store.js";
import { planOf, recordingStore } from "../../helpers/query-plans.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const NOW = new Date("2026-11-26T10:00:00Z");
const DAY_MS = 86_400_000;
const ROWS = 12_000;

/** `ROWS` reports, cards (one per two reports, nine in ten settled) and cases over a year. */
async function aYearOf(store: Store): Promise<void> {
  const at = (n: number) => NOW.getTime() - Math.floor((n / ROWS) * 365 * DAY_MS);
  const local = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");
  const cards = Array.from({ length: ROWS / 2 }, (_, n) => ({
    target: `p-${n % 500}`,
    opened_at: at(2 * n),
    state: n % 10 === 0 ? ("open" as const) : n % 2 ? ("banned" as const) : ("dismissed" as const),
    handled_at: n % 10 === 0 ? null : at(2 * n) + 3_600_000,
  }));
  for (const batch of inBatches(cards, 4)) {
    await store.db.insertInto("report_cards").values(batch).execute();
  }
  const reports = Array.from({ length: ROWS }, (_, n) => ({
    report_id: n + 1,
    target: `p-${Math.floor(n / 2) % 500}`,
    reporter: `r-${n % 300}`,
    body: "{}",
    fingerprint: "0|x",
    seen_at: at(n),
    card_id: Math.floor(n / 2) + 1,
    created_local: local(at(n)),
    keyword: ["SPAM", "CHEATING", "HARASSMENT"][n % 3] ?? "",
  }));
  for (const batch of inBatches(reports, 9)) {
    await store.db.insertInto("reports").values(batch).execute();
  }
  const cases = Array.from({ length: ROWS }, (_, n) => ({
    at: new Date(at(n)).toISOString(),
    platform: "discord",
    actor_id: `m-${n % 7}`,
    actor_name: `Moderator ${n % 7}`,
    command: n % 2 ? "ban" : "dismiss",
    target: `p-${n % 500}`,
    args: JSON.stringify({ days: (n % 3) + 1 }),
    reason: null,
    outcome: "success" as const,
    answer: null,
    error: null,
    owner: null,
  }));
  for (const batch of inBatches(cases, 12)) {
    await store.db.insertInto("cases").values(batch).execute();
  }
}

describe.each(STORE_KINDS)("stats' reads on %s", (kind) => {
  it("read a month of a year along their indexes, never a whole table", async () => {
    const { store } = await openTestStore(kind);
    await aYearOf(store);
    if (kind === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
    const recording = recordingStore(store);
    const figures = await moderationStatistics(
      new StatisticsReads(recording.store),
      "30d",
      NOW,
      "UTC",
    );
    // A twelfth of the year, give or take a day's rows at the edges.
    expect(figures.reports.total).toBeGreaterThan(ROWS / 13);
    expect(figures.reports.total).toBeLessThan(ROWS / 11);
    expect(figures.backlog.open).toBe(ROWS / 20);

    // Every statement: the counts by day, by player, by moderator and by ban length, the rows a
    // time to action needs, the settled cards, the backlog, and the bans of the players whose
    // reports no card settled.
    expect(recording.statements).toHaveLength(10);
    for (const statement of recording.statements) {
      const plan = (await planOf(store, statement)).join("\n");
      if (kind === "sqlite") {
        // SEARCH: a range of the index; SCAN would read all of the table or of an index.
        expect(plan).toMatch(
          /SEARCH (reports|report_cards|cases) USING (COVERING )?INDEX (reports_by_created|report_cards_handled|report_cards_by_state|cases_by_at|cases_by_target_command) \(/,
        );
        expect(plan).not.toMatch(/\bSCAN (reports|report_cards|cases)\b/);
      } else {
        expect(plan).toMatch(
          /(Index|Index Only) Scan using (reports_by_created|report_cards_handled|report_cards_by_state|cases_by_at|cases_by_target_command)|Bitmap Index Scan on (reports_by_created|report_cards_handled|cases_by_at|cases_by_target_command)/,
        );
        expect(plan).not.toMatch(/Seq Scan/);
      }
    }
  });
});
