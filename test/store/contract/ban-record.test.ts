// BanRecord's contract, on SQLite and on PostgreSQL: how many times a player has been banned, as
// far as the bot knows, from its own successful ban cases and the chat API's ban count as last
// read; a newer read replaces an older one and never the other way; and a player with
// thousands of other cases is answered from the index, without reading them.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { BanRecord } from "../../../src/moderation/ban-record.js";
import { CaseStore, type NewCase } from "../../../src/moderation/cases.js";
import type { Actor } from "../../../src/moderation/roles.js";
import type { Store } from "../../../src/store/store.js";
import { planOf, recordingStore } from "../../helpers/query-plans.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const moderator: Actor = { platform: "discord", id: "100", displayName: "Mina", role: "moderator" };
const AT = new Date("2026-03-01T12:00:00.000Z");
const LATER = new Date("2026-03-02T12:00:00.000Z");

const caseOf = (target: string, extra: Partial<NewCase> = {}): NewCase => ({
  actor: moderator,
  command: "ban",
  target,
  args: { gamer_id: target, days: 3 },
  outcome: "success",
  ...extra,
});

async function fresh(kind: (typeof STORE_KINDS)[number]) {
  const { store } = await openTestStore(kind);
  const cases = new CaseStore(store, () => AT);
  return { store, cases, record: new BanRecord(store) };
}

describe.each(STORE_KINDS)("BanRecord on %s", (kind) => {
  it("counts the player's successful bans, and nothing else of his or of others", async () => {
    const { cases, record } = await fresh(kind);
    expect(await record.earlierBans("gamer-1")).toBe(0);
    await cases.record(caseOf("gamer-1"));
    await cases.record(caseOf("gamer-1"));
    await cases.record(caseOf("gamer-1", { outcome: "failed", error: "the API said no" }));
    await cases.record(caseOf("gamer-1", { outcome: "denied", error: "not a moderator" }));
    await cases.record(caseOf("gamer-1", { command: "unban", args: { gamer_id: "gamer-1" } }));
    await cases.record(caseOf("gamer-2"));
    expect(await record.earlierBans("gamer-1")).toBe(2);
  });

  it("takes the chat API's count when it knows of more bans than the bot made", async () => {
    const { cases, record } = await fresh(kind);
    await cases.record(caseOf("gamer-1"));
    await record.recordCounts([{ gamerId: "gamer-1", count: 3 }], AT);
    expect(await record.earlierBans("gamer-1")).toBe(3);
    // A count read live (history reads the list) counts too, when it is more.
    expect(await record.earlierBans("gamer-1", 5)).toBe(5);
    expect(await record.earlierBans("gamer-1", 1)).toBe(3);
    expect(await record.earlierBans("gamer-2")).toBe(0);
  });

  it("keeps the newest read: an older one that lands later changes nothing", async () => {
    const { record } = await fresh(kind);
    await record.recordCounts([{ gamerId: "gamer-1", count: 4 }], LATER);
    await record.recordCounts([{ gamerId: "gamer-1", count: 2 }], AT);
    expect(await record.earlierBans("gamer-1")).toBe(4);
    await record.recordCounts(
      [
        { gamerId: "gamer-1", count: 5 },
        { gamerId: "gamer-0", count: 1 },
      ],
      LATER,
    );
    expect(await record.earlierBans("gamer-1")).toBe(5);
    expect(await record.earlierBans("gamer-0")).toBe(1);
  });

  it("reads a player's bans along the index, however many other cases he has", async () => {
    const { store, cases } = await fresh(kind);
    await manyCases(store, "gamer-1", 2_000);
    await cases.record(caseOf("gamer-1"));
    if (kind === "postgres") await sql`VACUUM ANALYZE cases`.execute(store.db);
    const recording = recordingStore(store);
    expect(await new BanRecord(recording.store).earlierBans("gamer-1")).toBe(1);
    const read = recording.statements.find((statement) => /from "cases"/i.test(statement.sql));
    if (!read) throw new Error("the cases were not read");
    const plan = (await planOf(store, read)).join("\n");
    if (kind === "sqlite") {
      expect(plan).toMatch(
        /USING COVERING INDEX cases_by_target_command \(target=\? AND command=\? AND outcome=\?\)/,
      );
    } else {
      expect(plan).toMatch(/Index Only Scan using cases_by_target_command/);
      expect(plan).not.toMatch(/Seq Scan|Filter/);
    }
  });
});

/** `count` dismissals of `target`: cases that are not bans, as a much-reported player has. */
async function manyCases(store: Store, target: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, n) => ({
    at: AT.toISOString(),
    platform: "discord",
    actor_id: "100",
    actor_name: "Mina",
    command: "dismiss",
    target,
    args: JSON.stringify({ report_id: n }),
    reason: null,
    outcome: "success" as const,
    answer: null,
    error: null,
    owner: null,
  }));
  for (let from = 0; from < rows.length; from += 500) {
    await store.db
      .insertInto("cases")
      .values(rows.slice(from, from + 500))
      .execute();
  }
}
