// A card's high-priority alert is owed once, on SQLite and on PostgreSQL: of two replicas marking
// the same card at once (two stores on one database), exactly one marks it; a later mark finds it
// marked.
import { describe, expect, it } from "vitest";
import { ReportStore } from "../../../src/feed/report-store.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const AT = new Date("2026-11-22T10:00:00Z");

describe.each(STORE_KINDS)("the alert mark on %s", (kind) => {
  it("is taken by exactly one of two replicas, and by nobody after", async () => {
    const first = await openTestStore(kind);
    // SQLite has one writer per process: the second "replica" is the same store (see cases.test.ts).
    const second = kind === "postgres" ? await openTestStore(kind, first.location) : first;
    const a = new ReportStore(first.store);
    const b = new ReportStore(second.store);
    const cardId = await a.openCard("alerted", AT);
    const marks = await Promise.all([a.markAlerted(cardId, AT), b.markAlerted(cardId, AT)]);
    expect(marks.filter(Boolean)).toHaveLength(1);
    expect(await a.markAlerted(cardId, new Date(AT.getTime() + 1))).toBe(false);
    const other = await a.openCard("not-alerted", AT);
    expect(await b.markAlerted(other, AT)).toBe(true);
  });
});
