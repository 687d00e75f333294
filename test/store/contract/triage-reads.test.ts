// What a card's priority reads of the store, on SQLite and on PostgreSQL: the reporters of the
// reports against a player in a time window, and his dismissed reports; each answered correctly,
// and from an index that is read no further than its cap, so that a player with ten thousand
// earlier reports and dismissed cards costs a card what a new one does.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ReportStore } from "../../../src/feed/report-store.js";
import type { Store } from "../../../src/store/store.js";
import { planOf, recordingStore } from "../../helpers/query-plans.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
/** A report body as long as a real one: how many rows a page holds is what plans weigh. */
const BODY = JSON.stringify({ message: "x".repeat(300) });

/** Reports against `target`, one per (reporter, seen_at), written straight to the table. */
async function reportsAgainst(
  store: Store,
  target: string,
  rows: readonly { reporter: string; seenAt: number }[],
  firstId: number,
): Promise<void> {
  const values = rows.map((row, n) => ({
    report_id: firstId + n,
    generation: 0,
    target,
    reporter: row.reporter,
    body: BODY,
    fingerprint: "1|x",
    seen_at: row.seenAt,
    card_id: null,
  }));
  for (let from = 0; from < values.length; from += 500) {
    await store.db
      .insertInto("reports")
      .values(values.slice(from, from + 500))
      .execute();
  }
}

/** `count` settled cards against `target`, each of `reports` reports. */
async function settledCards(
  store: Store,
  target: string,
  count: number,
  state: "dismissed" | "banned",
  reports: number,
): Promise<void> {
  const values = Array.from({ length: count }, (_, n) => ({
    target,
    opened_at: NOW - DAY_MS - n,
    state,
    report_count: reports,
  }));
  for (let from = 0; from < values.length; from += 500) {
    await store.db
      .insertInto("report_cards")
      .values(values.slice(from, from + 500))
      .execute();
  }
}

describe.each(STORE_KINDS)("the priority's reads on %s", (kind) => {
  it("answer who reported the player within the window, newest first, up to the cap", async () => {
    const { store } = await openTestStore(kind);
    const reports = new ReportStore(store);
    await reportsAgainst(
      store,
      "p-1",
      [
        { reporter: "too-old", seenAt: NOW - DAY_MS },
        { reporter: "a", seenAt: NOW - DAY_MS + 1 },
        { reporter: "b", seenAt: NOW - HOUR_MS },
        { reporter: "a", seenAt: NOW },
        { reporter: "after", seenAt: NOW + 1 },
      ],
      1,
    );
    await reportsAgainst(store, "someone-else", [{ reporter: "c", seenAt: NOW }], 100);
    expect(await reports.reportersOf("p-1", new Date(NOW), DAY_MS, 10)).toEqual(["a", "b", "a"]);
    expect(await reports.reportersOf("p-1", new Date(NOW), DAY_MS, 2)).toEqual(["a", "b"]);
    expect(await reports.reportersOf("nobody", new Date(NOW), DAY_MS, 10)).toEqual([]);
  });

  it("answer how many of the player's reports were dismissed, on his dismissed cards only", async () => {
    const { store } = await openTestStore(kind);
    const reports = new ReportStore(store);
    await settledCards(store, "p-1", 3, "dismissed", 2);
    await settledCards(store, "p-1", 4, "banned", 5);
    await settledCards(store, "p-2", 1, "dismissed", 9);
    expect(await reports.dismissedAgainst("p-1", 100)).toEqual({ reports: 6, cards: 3 });
    expect(await reports.dismissedAgainst("p-1", 2)).toEqual({ reports: 4, cards: 2 });
    expect(await reports.dismissedAgainst("nobody", 100)).toEqual({ reports: 0, cards: 0 });
  });

  it.each([
    ["with the statistics of a running database", true],
    // A flood has just arrived and nothing has analysed it yet: no plan may read all of it.
    ["before any statistics are gathered", false],
  ])(
    "read along their indexes, however many earlier reports and cards the player has, %s",
    async (_, analysed) => {
      const { store } = await openTestStore(kind);
      const old = Array.from({ length: 10_000 }, (_, n) => ({
        reporter: `r-${n % 300}`,
        seenAt: NOW - 2 * DAY_MS - n,
      }));
      await reportsAgainst(store, "p-1", old, 1);
      await reportsAgainst(store, "p-1", [{ reporter: "new", seenAt: NOW }], 20_000);
      // A flood in the window: far more than the read's cap.
      const flood = Array.from({ length: 50_000 }, (_, n) => ({
        reporter: `f-${n}`,
        seenAt: NOW - n,
      }));
      await reportsAgainst(store, "flooded", flood, 30_000);
      await settledCards(store, "p-1", 2_000, "dismissed", 1);
      if (analysed && kind === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
      const recording = recordingStore(store);
      const reports = new ReportStore(recording.store);
      expect(await reports.reportersOf("p-1", new Date(NOW), DAY_MS, 100)).toEqual(["new"]);
      expect(await reports.dismissedAgainst("p-1", 100)).toEqual({ reports: 100, cards: 100 });
      expect(await reports.reportersOf("flooded", new Date(NOW), DAY_MS, 50)).toHaveLength(50);
      // Planned as they ran: the reporters' read on PostgreSQL with the setting it runs with.
      const reads = recording.statements.filter((statement) => /^select/i.test(statement.sql));
      const plans: string[] = [];
      for (const statement of reads) {
        const guarded = kind === "postgres" && statement.sql.includes('"reporter"');
        const plan = () => planOf(store, statement);
        const steps = guarded
          ? await store.transaction(async () => {
              await sql`SET LOCAL enable_bitmapscan = off`.execute(store.db);
              return plan();
            })
          : await plan();
        plans.push(steps.join("\n"));
      }
      const [window, dismissed, floodWindow] = plans;
      if (kind === "sqlite") {
        for (const plan of [window, floodWindow]) {
          expect(plan).toMatch(
            /SEARCH reports USING COVERING INDEX reports_by_target_seen \(target=\? AND seen_at>\? AND seen_at<\?\)/,
          );
        }
        expect(dismissed).toMatch(
          /SEARCH report_cards USING INDEX report_cards_open \(target=\? AND state=\?\)/,
        );
        expect(plans.join("\n")).not.toMatch(/TEMP B-TREE/);
      } else {
        for (const plan of [window, floodWindow]) {
          expect(plan).toMatch(/Index (Only )?Scan using reports_by_target_seen/);
        }
        expect(dismissed).toMatch(/Index Scan Backward using report_cards_open/);
        expect(plans.join("\n")).not.toMatch(/Seq Scan|Sort|Bitmap/);
      }
    },
  );
});
