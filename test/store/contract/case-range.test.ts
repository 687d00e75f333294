// CaseStore.recordedBetween, on SQLite and on PostgreSQL: what `chatwarden cases export` reads.
// Every case recorded in the range, once, oldest first, whatever the page size (pages end inside
// a run of cases recorded in the same millisecond too); and each page is one walk along
// cases_by_at from where the last page ended, never a scan of the table or a sort, so a store of
// a million cases is read page by page at the same cost.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { CaseStore, type NewCase } from "../../../src/moderation/cases.js";
import { operatorActor } from "../../../src/moderation/roles.js";
import type { Store } from "../../../src/store/store.js";
import { insertCaseRows } from "../../helpers/case-rows.js";
import { planOf, recordingStore } from "../../helpers/query-plans.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const note = (target: string): NewCase => ({
  actor: operatorActor("cli"),
  command: "unban",
  target,
  args: { gamer_id: target },
  outcome: "success",
});

/** Cases recorded at the given instants, in that order; answers their numbers. */
async function recordAt(store: Store, instants: readonly string[]): Promise<number[]> {
  let now = new Date(0);
  const cases = new CaseStore(store, () => now);
  const numbers: number[] = [];
  for (const [i, instant] of instants.entries()) {
    now = new Date(instant);
    numbers.push((await cases.record(note(`gamer-${i}`))).number);
  }
  return numbers;
}

async function read(
  store: Store,
  range: { since?: Date; until?: Date },
  pageSize?: number,
): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of new CaseStore(store).recordedBetween(range, pageSize)) {
    found.push(`${entry.target}@${entry.at.toISOString()}`);
  }
  return found;
}

describe.each(STORE_KINDS)("CaseStore.recordedBetween on %s", (kind) => {
  it("reads every case of the range once, oldest first, with since inclusive and until not", async () => {
    const { store } = await openTestStore(kind);
    await recordAt(store, [
      "2026-10-31T23:59:59.999Z",
      "2026-11-01T00:00:00.000Z",
      "2026-11-01T00:00:00.000Z",
      "2026-11-01T00:00:00.000Z",
      "2026-11-15T12:00:00.000Z",
      // A replica whose clock is behind records a later number at an earlier time.
      "2026-11-10T08:00:00.000Z",
      "2026-12-01T00:00:00.000Z",
    ]);
    const range = {
      since: new Date("2026-11-01T00:00:00Z"),
      until: new Date("2026-12-01T00:00:00Z"),
    };
    const expected = [
      "gamer-1@2026-11-01T00:00:00.000Z",
      "gamer-2@2026-11-01T00:00:00.000Z",
      "gamer-3@2026-11-01T00:00:00.000Z",
      "gamer-5@2026-11-10T08:00:00.000Z",
      "gamer-4@2026-11-15T12:00:00.000Z",
    ];
    // One page, and pages that end inside the millisecond three cases share.
    for (const pageSize of [100, 2, 1])
      expect(await read(store, range, pageSize)).toEqual(expected);
    expect(await read(store, {}, 3)).toHaveLength(7);
    expect(await read(store, { since: new Date("2026-11-15T12:00:00.001Z") })).toEqual([
      "gamer-6@2026-12-01T00:00:00.000Z",
    ]);
    expect(await read(store, { until: new Date("2026-11-01T00:00:00Z") })).toEqual([
      "gamer-0@2026-10-31T23:59:59.999Z",
    ]);
    expect(await read(store, { since: new Date("2027-01-01T00:00:00Z") })).toEqual([]);
  });

  it("reads each page along cases_by_at from where the last ended: no scan, no sort", async () => {
    const { store } = await openTestStore(kind);
    // A week of cases, one a minute: enough that PostgreSQL's planner prefers an index to a scan.
    await insertCaseRows(store, {
      count: 10_080,
      from: new Date("2026-11-01T00:00:00Z"),
      everyMs: 60_000,
    });
    if (kind === "postgres") await sql`ANALYZE cases`.execute(store.db);

    const recording = recordingStore(store);
    const range = {
      since: new Date("2026-11-01T01:00:00Z"),
      until: new Date("2026-11-01T03:00:00Z"),
    };
    let count = 0;
    for await (const _ of new CaseStore(recording.store).recordedBetween(range, 50)) count++;
    expect(count).toBe(120);
    // The first page, and a later one, whose walk starts at the last case read (02:39, the
    // 100th): not at the range's start again.
    const [first, , later] = recording.statements;
    expect(later?.parameters[0]).toBe("2026-11-01T02:39:00.000Z");
    for (const statement of [first, later]) {
      if (!statement) throw new Error("fewer pages than expected");
      const plan = (await planOf(store, statement)).join("\n");
      expect(plan).toMatch(/cases_by_at/);
      expect(plan).not.toMatch(/TEMP B-TREE|Seq Scan|Sort|SCAN cases\b(?! USING)/);
    }
  });
});
