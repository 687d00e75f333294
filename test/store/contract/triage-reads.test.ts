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
    body: "{}",
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
    expect(await reports.dismissedAgainst("p-1", 100)).toBe(6);
    expect(await reports.dismissedAgainst("p-1", 2)).toBe(4);
    expect(await reports.dismissedAgainst("nobody", 100)).toBe(0);
  });

  it("read along their indexes, however many earlier reports and cards the player has", async () => {
    const { store } = await openTestStore(kind);
    const old = Array.from({ length: 10_000 }, (_, n) => ({
      reporter: `r-${n % 300}`,
      seenAt: NOW - 2 * DAY_MS - n,
    }));
    await reportsAgainst(store, "p-1", old, 1);
    await reportsAgainst(store, "p-1", [{ reporter: "new", seenAt: NOW }], 20_000);
    await settledCards(store, "p-1", 2_000, "dismissed", 1);
    if (kind === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
    const recording = recordingStore(store);
    const reports = new ReportStore(recording.store);
    expect(await reports.reportersOf("p-1", new Date(NOW), DAY_MS, 100)).toEqual(["new"]);
    expect(await reports.dismissedAgainst("p-1", 100)).toBe(100);
    const [window, dismissed] = recording.statements;
    if (!window || !dismissed) throw new Error("two statements were expected");
    const windowPlan = (await planOf(store, window)).join("\n");
    const dismissedPlan = (await planOf(store, dismissed)).join("\n");
    if (kind === "sqlite") {
      expect(windowPlan).toMatch(
        /SEARCH reports USING COVERING INDEX reports_by_target_seen \(target=\? AND seen_at>\? AND seen_at<\?\)/,
      );
      expect(dismissedPlan).toMatch(
        /SEARCH report_cards USING INDEX report_cards_open \(target=\? AND state=\?\)/,
      );
      expect(`${windowPlan}\n${dismissedPlan}`).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(windowPlan).toMatch(/Index Only Scan Backward using reports_by_target_seen/);
      expect(dismissedPlan).toMatch(/Index Scan Backward using report_cards_open/);
      expect(`${windowPlan}\n${dismissedPlan}`).not.toMatch(/Seq Scan|Sort/);
    }
  });
});
