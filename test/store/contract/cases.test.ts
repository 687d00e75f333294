// CaseStore's contract, on SQLite and on PostgreSQL: cases round-trip, listeners run inside the
// transaction that records a case, pending cases complete once, and orphans go to one process.
// What replicas race on is raced between two stores on one database: case numbers under 50
// concurrent writes, the completion of one case, and the claim of the orphans at start-up.
// Recording and completing hold a transaction across awaits; on SQLite a second connection in the
// same process would wait for its lock synchronously (better-sqlite3), blocking the very event
// loop that must finish the first: those two races run on one SQLite store, whose one connection
// is what a process has. Processes racing on one SQLite file are the end-to-end tests' business
// (test/e2e/word-lock.test.ts, backup.test.ts).
import { hostname } from "node:os";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { CaseStore, type NewCase, PENDING_CASE_LEASE_MS } from "../../../src/moderation/cases.js";
import type { Actor } from "../../../src/moderation/roles.js";
import { PROCESS_OWNER } from "../../../src/store/process-owner.js";
import { planOf, recordingStore } from "../../helpers/query-plans.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const moderator: Actor = { platform: "discord", id: "100", displayName: "Mina", role: "moderator" };
const AT = new Date("2026-03-01T12:00:00.000Z");
/** A process on this host that does not exist: its cases are orphans. */
const DEAD = `${hostname()}:999999999`;
/** A process on another host: assumed alive, as nothing here can see it. */
const ELSEWHERE = "replica-b.example:4242";

const ban = (target: string, extra: Partial<NewCase> = {}): NewCase => ({
  actor: moderator,
  command: "ban",
  target,
  args: { gamer_id: target, days: 3 },
  reason: "spam",
  outcome: "success",
  ...extra,
});
const intent = (target: string) => ({
  actor: moderator,
  command: "ban",
  target,
  args: { gamer_id: target, days: 3 },
});

describe.each(STORE_KINDS)("CaseStore on %s", (kind) => {
  it("records a case and reads it back by number, by player and among the latest", async () => {
    const { store } = await openTestStore(kind);
    const cases = new CaseStore(store, () => AT);
    const first = await cases.record(ban("gamer-1", { answer: { previous_ban: null } }));
    const second = await cases.record(
      ban("gamer-2", { outcome: "denied", error: "needs the moderator role", reason: undefined }),
    );
    const third = await cases.record(
      ban("gamer-1", { command: "unban", args: { gamer_id: "gamer-1" } }),
    );

    expect(first).toEqual({
      number: first.number,
      at: AT,
      platform: "discord",
      actorId: "100",
      actorName: "Mina",
      command: "ban",
      target: "gamer-1",
      args: { gamer_id: "gamer-1", days: 3 },
      reason: "spam",
      outcome: "success",
      answer: { previous_ban: null },
      error: undefined,
    });
    expect(second.number).toBeGreaterThan(first.number);
    expect(third.number).toBeGreaterThan(second.number);
    expect(await cases.get(second.number)).toEqual(second);
    expect(await cases.get(third.number + 100)).toBeUndefined();
    expect(await cases.forTarget("gamer-1")).toEqual([third, first]);
    expect(await cases.forTarget("gamer-1", 1)).toEqual([third]);
    expect(await cases.forTarget("nobody")).toEqual([]);
    expect((await cases.recent(2)).map((entry) => entry.number)).toEqual([
      third.number,
      second.number,
    ]);
  });

  it("finds each player's latest ban the bot made in one indexed step, whatever else is stored", async () => {
    const { store } = await openTestStore(kind);
    const cases = new CaseStore(store, () => AT);
    const first = await cases.record(ban("gamer-1", { reason: "first" }));
    const latest = await cases.record(ban("gamer-1", { reason: "again" }));
    // Later, but not a ban the chat API took: a failure, a refusal, an unban.
    await cases.record(ban("gamer-1", { outcome: "failed", error: "boom" }));
    await cases.record(ban("gamer-1", { outcome: "denied" }));
    await cases.record(ban("gamer-1", { command: "unban", args: { gamer_id: "gamer-1" } }));
    for (let n = 0; n < 300; n++) {
      await cases.record(ban("gamer-1", { command: "history", outcome: "denied" }));
    }
    const found = await cases.latestBans(["gamer-1", "gamer-2"]);
    expect([...found.keys()]).toEqual(["gamer-1"]);
    expect(found.get("gamer-1")).toEqual(latest);
    expect(latest.number).toBeGreaterThan(first.number);

    if (kind === "postgres") await sql`ANALYZE cases`.execute(store.db);
    const recording = recordingStore(store);
    await new CaseStore(recording.store).latestBans(["gamer-1"]);
    const [lookup] = recording.statements;
    if (!lookup) throw new Error("no statement");
    const plan = (await planOf(store, lookup)).join("\n");
    expect(plan).toMatch(/cases_by_target_command/);
    expect(plan).not.toMatch(/TEMP B-TREE|Seq Scan|Sort/);
  });

  it("runs listeners in order inside the recording transaction: a failing one undoes all", async () => {
    const { store } = await openTestStore(kind);
    const cases = new CaseStore(store, () => AT);
    const heard: string[] = [];
    cases.onRecorded(async (recorded) => {
      expect(store.inTransaction).toBe(true);
      // Joins the transaction through the ambient builder, as the outbox does.
      await store.db
        .insertInto("locks")
        .values({ name: `owed:${recorded.number}`, owner: "listener", lease_until: 0 })
        .execute();
      heard.push(`first ${recorded.target}`);
    });
    const unsubscribe = cases.onRecorded((recorded) => {
      heard.push(`second ${recorded.target}`);
      if (recorded.target === "refused") throw new Error("the audit could not be owed");
    });

    await cases.record(ban("kept"));
    await expect(cases.record(ban("refused"))).rejects.toThrow("the audit could not be owed");
    expect(heard).toEqual(["first kept", "second kept", "first refused", "second refused"]);
    expect((await cases.recent()).map((entry) => entry.target)).toEqual(["kept"]);
    expect(await store.db.selectFrom("locks").select("name").execute()).toHaveLength(1);
    // A failed write makes the store not ready, with why; a good one makes it ready again.
    expect(store.health.readiness().ready).toBe(false);
    unsubscribe();
    await cases.record(ban("again"));
    expect(store.health.readiness()).toEqual({ ready: true, detail: "ok" });
  });

  it("opens a pending case and completes it once, running the listeners then", async () => {
    const { store } = await openTestStore(kind);
    const cases = new CaseStore(store, () => AT);
    const completed: string[] = [];
    cases.onRecorded((recorded) => {
      completed.push(recorded.outcome);
    });
    const opened = await cases.open(intent("gamer-7"));
    expect(opened).toMatchObject({ outcome: "pending", target: "gamer-7", answer: undefined });
    expect(completed).toEqual([]);

    const done = await cases.complete(opened.number, {
      outcome: "success",
      answer: { gamer_id: "gamer-7" },
    });
    expect(done).toMatchObject({ number: opened.number, outcome: "success" });
    expect(done.answer).toEqual({ gamer_id: "gamer-7" });
    expect(completed).toEqual(["success"]);
    await expect(cases.complete(opened.number, { outcome: "failed" })).rejects.toThrow(
      `case #${opened.number} is not pending`,
    );
    expect((await cases.get(opened.number))?.outcome).toBe("success");
  });

  it("says where the store is when it cannot be written", async () => {
    const { store } = await openTestStore(kind);
    const cases = new CaseStore(store);
    await cases.recent();
    await store.close();
    await expect(cases.open(intent("closed"))).rejects.toThrow();
    expect(store.health.readiness().ready).toBe(false);
    expect(store.health.readiness().detail).toMatch(
      /^cannot (reach PostgreSQL|write to SQLite) since \d\d:\d\d UTC: /,
    );
  });

  it("claims the orphans: a dead process's, an ownerless one, another host's once it is old", async () => {
    const { store } = await openTestStore(kind);
    let now = AT.getTime();
    const at = () => new Date(now);
    const dead = await new CaseStore(store, at, DEAD).open(intent("dead"));
    const elsewhere = await new CaseStore(store, at, ELSEWHERE).open(intent("elsewhere"));
    const mine = await new CaseStore(store, at).open(intent("mine"));
    const ownerless = await new CaseStore(store, at).open(intent("ownerless"));
    await store.db
      .updateTable("cases")
      .set({ owner: null })
      .where("number", "=", ownerless.number)
      .execute();
    await new CaseStore(store, at).record(ban("settled"));

    const settler = new CaseStore(store, at);
    expect((await settler.claimOrphans()).map((entry) => entry.target)).toEqual([
      "dead",
      "ownerless",
    ]);
    // Claimed: this process owns them now, so a second look finds nothing new.
    expect(await settler.claimOrphans()).toEqual([]);
    // Another host's process cannot be seen to die; past the lease its case counts as orphaned.
    now += PENDING_CASE_LEASE_MS + 1;
    expect((await settler.claimOrphans()).map((entry) => entry.number)).toEqual([elsewhere.number]);
    expect((await settler.get(mine.number))?.outcome).toBe("pending");
    expect((await settler.get(dead.number))?.outcome).toBe("pending");
  });

  describe("two replicas on one database", () => {
    it("give 50 concurrent cases 50 different numbers, and every number is stored", async () => {
      const a = await openTestStore(kind);
      const b = kind === "postgres" ? await openTestStore(kind, a.location) : a;
      const replicas = [new CaseStore(a.store), new CaseStore(b.store)];
      const written = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const cases = replicas[i % 2] as CaseStore;
          return i % 4 < 2 ? cases.record(ban(`race-${i}`)) : cases.open(intent(`race-${i}`));
        }),
      );
      const numbers = written.map((entry) => entry.number);
      expect(new Set(numbers).size).toBe(50);
      const stored = await replicas[0]?.recent(100);
      expect(stored?.map((entry) => entry.number).sort((x, y) => x - y)).toEqual(
        [...numbers].sort((x, y) => x - y),
      );
    });

    it("complete a pending case once when both try at the same moment", async () => {
      const a = await openTestStore(kind);
      const b = kind === "postgres" ? await openTestStore(kind, a.location) : a;
      const opened = await new CaseStore(a.store).open(intent("twice"));
      const results = await Promise.allSettled([
        new CaseStore(a.store).complete(opened.number, { outcome: "success" }),
        new CaseStore(b.store).complete(opened.number, { outcome: "failed" }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    });

    it("split the orphans between them when both start at once: each is claimed once", async () => {
      const a = await openTestStore(kind);
      const b = await openTestStore(kind, a.location);
      const crashed = new CaseStore(a.store, () => new Date(), DEAD);
      const orphans = [];
      for (let i = 0; i < 20; i++) orphans.push((await crashed.open(intent(`orphan-${i}`))).number);

      const [first, second] = await Promise.all([
        new CaseStore(a.store, () => new Date(), PROCESS_OWNER).claimOrphans(),
        new CaseStore(b.store, () => new Date(), ELSEWHERE).claimOrphans(),
      ]);
      const claimed = [...(first ?? []), ...(second ?? [])].map((entry) => entry.number);
      expect(claimed.sort((x, y) => x - y)).toEqual(orphans);
    });
  });
});
