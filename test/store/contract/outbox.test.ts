// The outbox on SQLite and on PostgreSQL alike: deliveries owed, claimed in order under a lease,
// finished only by their lease holder, and found in doubt when their sender is gone. Two stores
// opened on one location act as two replicas: a delivery is claimed by exactly one of them,
// and a delivery in doubt is taken over by exactly one.
import { hostname } from "node:os";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type Delivery, LEASE_MS, Outbox } from "../../../src/feed/outbox.js";
import type { Store } from "../../../src/store/store.js";
import { planOf, recordingStore } from "../../helpers/query-plans.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

/** Owners on hosts other than this one: assumed alive while their lease holds. */
const A = "replica-a.example:1";
const B = "replica-b.example:2";

describe.each(STORE_KINDS)("the outbox on %s", (kind) => {
  async function fresh(owner = A) {
    const clock = { now: Date.UTC(2026, 10, 22, 12, 0, 0) };
    const { store, location } = await openTestStore(kind);
    const outbox = new Outbox(store, () => clock.now, owner);
    return { store, location, outbox, clock };
  }

  it("owes each delivery until it is done, and claims them in order", async () => {
    const { outbox, clock } = await fresh();
    expect(await outbox.depth("discord:report")).toBe(0);
    expect(await outbox.nextDueAt("discord:report")).toBeUndefined();
    expect(await outbox.claimNext("discord:report")).toBeUndefined();

    await outbox.enqueue("discord:report", "post-card", 1);
    await outbox.enqueue("slack:audit", "post-case", 7);
    await outbox.enqueue("discord:report", "post-card", 2);
    expect(await outbox.depth("discord:report")).toBe(2);
    expect(await outbox.nextDueAt("discord:report")).toBe(clock.now);
    expect(await outbox.postOwed(1, "discord:report")).toBe(true);
    expect(await outbox.postOwed(1, "slack:report")).toBe(false);

    const first = await outbox.claimNext("discord:report");
    expect(first).toMatchObject({
      destination: "discord:report",
      kind: "post-card",
      subject: 1,
      attempts: 1,
      inDoubt: false,
      leaseUntil: clock.now + LEASE_MS,
    });
    // Unique across stores and short enough for Discord's nonce (25 characters).
    expect(first?.key).toMatch(/^cw[0-9a-f]{8}-\d+$/);
    expect(first?.key.length).toBeLessThanOrEqual(25);
    // In flight still counts as owed, and is not claimed again.
    expect(await outbox.depth("discord:report")).toBe(2);
    expect(await outbox.postOwed(1, "discord:report")).toBe(true);
    const second = await outbox.claimNext("discord:report");
    expect(second?.subject).toBe(2);
    expect(await outbox.claimNext("discord:report")).toBeUndefined();

    await outbox.complete(first?.id ?? 0, "m1");
    expect(await outbox.postOwed(1, "discord:report")).toBe(false);
    await outbox.giveUp(second?.id ?? 0, "Unknown Channel");
    expect(await outbox.depth("discord:report")).toBe(0);
    expect(await outbox.depth("slack:audit")).toBe(1);
  });

  it("waits with a retry until it is due, counting the attempt; a deferral counts none", async () => {
    const { store, outbox, clock } = await fresh();
    await outbox.enqueue("discord:report", "post-card", 1);
    const first = await outbox.claimNext("discord:report");
    await outbox.retry(first?.id ?? 0, clock.now + 5_000, "503");
    expect(await outbox.nextDueAt("discord:report")).toBe(clock.now + 5_000);
    expect(await outbox.claimNext("discord:report")).toBeUndefined();
    clock.now += 5_000;
    const again = await outbox.claimNext("discord:report");
    expect(again).toMatchObject({ id: first?.id, attempts: 2, inDoubt: false });
    await outbox.defer(again?.id ?? 0, clock.now);
    expect((await outbox.claimNext("discord:report"))?.attempts).toBe(2);
    const row = await store.db
      .selectFrom("outbox")
      .select(["state", "last_error"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "in_flight", last_error: "503" });
  });

  it("keeps a delivery that failed and waited first in line, ahead of those owed meanwhile", async () => {
    const { outbox, clock } = await fresh();
    await outbox.enqueue("discord:report", "post-card", 1);
    const failed = await outbox.claimNext("discord:report");
    await outbox.retry(failed?.id ?? 0, clock.now + 5_000, "503");
    // Owed while the first waits, and due before it: still behind it in line.
    clock.now += 1_000;
    await outbox.enqueueAll(["discord:report"], "post-card", [2, 3]);
    expect((await outbox.claimNext("discord:report"))?.subject).toBe(2);
    clock.now += 4_000;
    expect((await outbox.claimNext("discord:report"))?.subject).toBe(1);
    expect((await outbox.claimNext("discord:report"))?.subject).toBe(3);
  });

  it("claims from the front of the line through its index, sorting nothing and walking past no delivery done", async () => {
    const { store, outbox, clock } = await fresh();
    const thousands = (from: number) => Array.from({ length: 2_000 }, (_, n) => from + n);
    // As many deliveries done as owed: where PostgreSQL took walking the primary key for cheap.
    await outbox.enqueueAll(["discord:report", "slack:report"], "post-card", thousands(1));
    await store.db.updateTable("outbox").set({ state: "done" }).execute();
    await outbox.enqueueAll(["discord:report", "slack:report"], "post-card", thousands(2_001));
    // The statistics autovacuum keeps on a running PostgreSQL.
    if (kind === "postgres") await sql`VACUUM ANALYZE outbox`.execute(store.db);
    const recording = recordingStore(store);
    const claimed = await new Outbox(recording.store, () => clock.now, A).claimNext(
      "discord:report",
    );
    expect(claimed?.subject).toBe(2_001);
    const claim = recording.statements.find((statement) => /^update/i.test(statement.sql));
    if (!claim) throw new Error(`no claim among ${recording.statements.length} statements`);
    const plan = await planOf(store, claim);
    if (kind === "sqlite") {
      expect(plan.filter((step) => /TEMP B-TREE/.test(step))).toEqual([]);
      expect(plan).toContainEqual(expect.stringMatching(/INDEX outbox_claim_order \(/));
    } else {
      expect(plan.filter((step) => /Sort|Seq Scan/.test(step))).toEqual([]);
      // The row is chosen (locked, first in line) in outbox_claim_order.
      const chosen = plan[plan.findIndex((step) => step.includes("LockRows")) + 1];
      expect(chosen).toMatch(/^\s*-> {2}Index Scan using outbox_claim_order /);
    }
  });

  it("adds no edit of a card whose post or edit is still waiting", async () => {
    const { store, outbox } = await fresh();
    await outbox.enqueue("discord:report", "post-card", 1);
    await outbox.enqueue("discord:report", "edit-card", 1);
    await outbox.enqueueAll(["discord:report", "slack:report"], "edit-card", [1, 2]);
    await outbox.enqueue("discord:report", "edit-card", 2);
    const owed = await store.db
      .selectFrom("outbox")
      .select(["destination", "kind", "subject"])
      .orderBy("id")
      .execute();
    expect(owed).toEqual([
      { destination: "discord:report", kind: "post-card", subject: 1 },
      { destination: "slack:report", kind: "edit-card", subject: 1 },
      { destination: "discord:report", kind: "edit-card", subject: 2 },
      { destination: "slack:report", kind: "edit-card", subject: 2 },
    ]);
    // Once the post is done, a change owes an edit again.
    const post = await outbox.claimNext("discord:report");
    await outbox.complete(post?.id ?? 0, "m1");
    await outbox.enqueue("discord:report", "edit-card", 1);
    expect(await outbox.depth("discord:report")).toBe(2);
  });

  it("owes more deliveries at once than one statement may carry", async () => {
    const { outbox } = await fresh();
    const subjects = Array.from({ length: 3_000 }, (_, index) => index + 1);
    await outbox.enqueueAll(["discord:report", "slack:report"], "post-card", subjects);
    expect(await outbox.depth("discord:report")).toBe(3_000);
    expect(await outbox.depth("slack:report")).toBe(3_000);
  });

  it("wakes drainers only once what it owes is committed, never for a rollback", async () => {
    const { store, outbox } = await fresh();
    const woken: string[] = [];
    outbox.events.on("enqueued", (destination: string) => woken.push(destination));
    await store
      .transaction(async () => {
        await outbox.enqueue("slack:audit", "post-case", 1);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(woken).toEqual([]);
    expect(await outbox.depth("slack:audit")).toBe(0);
    await store.transaction(async () => {
      await outbox.enqueue("slack:audit", "post-case", 2);
      expect(woken).toEqual([]);
    });
    expect(woken).toEqual(["slack:audit"]);
    await outbox.enqueue("discord:audit", "post-case", 3);
    expect(woken).toEqual(["slack:audit", "discord:audit"]);
  });

  it("finds a delivery in doubt once its lease runs out, first in line", async () => {
    const { store, outbox, clock } = await fresh();
    const other = new Outbox(store, () => clock.now, B);
    await outbox.enqueue("discord:report", "post-card", 1);
    await outbox.enqueue("discord:report", "post-card", 2);
    const taken = await other.claimNext("discord:report");
    // B's lease holds: A takes the next one, not B's.
    expect((await outbox.claimNext("discord:report"))?.subject).toBe(2);
    await outbox.enqueue("discord:report", "post-card", 3);
    clock.now += LEASE_MS + 1;
    const inDoubt = await outbox.claimNext("discord:report");
    expect(inDoubt).toMatchObject({ id: taken?.id, inDoubt: true, attempts: 2 });
    expect(inDoubt?.key).toBe(taken?.key);
  });

  it("says when a delivery in doubt was attempted: since it went in flight, until the lease ran out", async () => {
    const { store, outbox, clock } = await fresh();
    const other = new Outbox(store, () => clock.now, B);
    await outbox.enqueue("slack:report", "post-card", 1);
    const wentInFlight = clock.now;
    const first = await other.claimNext("slack:report");
    expect(first?.inDoubt).toBe(false);
    clock.now += LEASE_MS + 1;
    const takenOver = await outbox.claimNext("slack:report");
    expect(takenOver).toMatchObject({
      inDoubt: true,
      attempted: { from: wentInFlight, until: wentInFlight + LEASE_MS },
    });
    // Taken over again: the span still starts at the first attempt, which may have posted too,
    // and ends with the lease of the last holder, renewed while it waited.
    clock.now += 10_000;
    await outbox.renew(takenOver as Delivery);
    const renewedUntil = clock.now + LEASE_MS;
    clock.now += LEASE_MS + 1;
    expect(await other.claimNext("slack:report")).toMatchObject({
      inDoubt: true,
      attempted: { from: wentInFlight, until: renewedUntil },
    });
  });

  it("starts a new span when a delivery goes in flight again after a retry", async () => {
    const { store, outbox, clock } = await fresh();
    const other = new Outbox(store, () => clock.now, B);
    await outbox.enqueue("slack:report", "post-card", 1);
    const failed = await other.claimNext("slack:report");
    await other.retry(failed?.id ?? 0, clock.now + 5_000, "503");
    clock.now += 5_000;
    const again = clock.now;
    await other.claimNext("slack:report");
    clock.now += LEASE_MS + 1;
    expect(await outbox.claimNext("slack:report")).toMatchObject({
      inDoubt: true,
      attempted: { from: again, until: again + LEASE_MS },
    });
  });

  it("keeps a delivery put back in doubt in doubt, over the span of its attempts, until it is settled", async () => {
    const { store, outbox, clock } = await fresh();
    const other = new Outbox(store, () => clock.now, B);
    await outbox.enqueue("slack:report", "post-card", 1);
    const wentInFlight = clock.now;
    const first = (await outbox.claimNext("slack:report")) as Delivery;
    // Its post timed out after 10 s: Slack may have posted it.
    clock.now += 10_000;
    const answerLost = clock.now;
    await outbox.retryInDoubt(
      first.id,
      clock.now + 1_000,
      "Slack did not answer in time",
      answerLost,
    );
    expect(await outbox.nextDueAt("slack:report")).toBe(clock.now + 1_000);
    expect(await outbox.claimNext("slack:report")).toBeUndefined();
    clock.now += 1_000;
    const again = (await outbox.claimNext("slack:report")) as Delivery;
    expect(again).toMatchObject({
      id: first.id,
      attempts: 2,
      inDoubt: true,
      attempted: { from: wentInFlight, until: answerLost },
    });
    // Its lookup failed (Slack answered 429): still in doubt, over the same span.
    await outbox.retryInDoubt(again.id, clock.now + 1_000, "HTTP 429", answerLost);
    clock.now += 1_000;
    const third = (await other.claimNext("slack:report")) as Delivery;
    expect(third).toMatchObject({
      inDoubt: true,
      attempted: { from: wentInFlight, until: answerLost },
    });
    // Its holder dies: taken over, the span runs from the first attempt to the lease's end.
    clock.now += LEASE_MS + 1;
    expect(await outbox.claimNext("slack:report")).toMatchObject({
      id: first.id,
      inDoubt: true,
      attempted: { from: wentInFlight, until: third.leaseUntil },
    });
  });

  it("clears the doubt with a plain retry: the next attempt is a new span", async () => {
    const { outbox, clock } = await fresh();
    await outbox.enqueue("slack:report", "post-card", 1);
    const first = (await outbox.claimNext("slack:report")) as Delivery;
    await outbox.retryInDoubt(first.id, clock.now, "HTTP 502", clock.now);
    const inDoubt = (await outbox.claimNext("slack:report")) as Delivery;
    expect(inDoubt.inDoubt).toBe(true);
    // `retry` says that no attempt of it can have posted; the next claim does not look it up.
    await outbox.retry(inDoubt.id, clock.now + 5_000, "HTTP 429");
    clock.now += 5_000;
    expect(await outbox.claimNext("slack:report")).toMatchObject({ id: first.id, inDoubt: false });
  });

  it("dates a delivery left in flight by an older version from when it was owed", async () => {
    const { store, outbox, clock } = await fresh();
    const other = new Outbox(store, () => clock.now, B);
    const owed = clock.now;
    await outbox.enqueue("slack:report", "post-card", 1);
    clock.now += 30_000;
    await other.claimNext("slack:report");
    // A row in flight from before the outbox recorded when rows went in flight.
    await store.db.updateTable("outbox").set({ in_flight_since: null }).execute();
    clock.now += LEASE_MS + 1;
    expect(await outbox.claimNext("slack:report")).toMatchObject({
      inDoubt: true,
      attempted: { from: owed, until: owed + 30_000 + LEASE_MS },
    });
  });

  it("finds a delivery in doubt at once when its sender on this host is dead", async () => {
    const { store, outbox, clock } = await fresh();
    await outbox.enqueue("discord:report", "post-card", 1);
    // No process has pid 2^22 + 1 (beyond Linux's pid_max): as if killed mid-send.
    const dead = new Outbox(store, () => clock.now, `${hostname()}:4194305`);
    await dead.claimNext("discord:report");
    expect(await outbox.claimNext("discord:report")).toMatchObject({ subject: 1, inDoubt: true });
  });

  it("records how an attempt ended only while the lease is still the sender's", async () => {
    const { store, outbox, clock } = await fresh();
    const other = new Outbox(store, () => clock.now, B);
    await outbox.enqueue("discord:report", "post-card", 1);
    const mine = (await outbox.claimNext("discord:report")) as Delivery;
    clock.now += LEASE_MS + 1;
    // Its lease ran out while it waited; B takes it over, in doubt.
    expect(await outbox.renew(mine)).toBe(true);
    clock.now += LEASE_MS + 1;
    const theirs = await other.claimNext("discord:report");
    expect(theirs).toMatchObject({ id: mine.id, inDoubt: true });
    expect(await outbox.renew(mine)).toBe(false);
    await outbox.retry(mine.id, clock.now, "late failure");
    await outbox.complete(mine.id, "late");
    await outbox.giveUp(mine.id, "late");
    await outbox.defer(mine.id, clock.now);
    const row = await store.db
      .selectFrom("outbox")
      .select(["state", "lease_owner", "ref", "last_error"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "in_flight", lease_owner: B, ref: null, last_error: null });
    await other.complete(mine.id, "m1");
    expect(await outbox.depth("discord:report")).toBe(0);
  });

  describe("two replicas", () => {
    async function replicas(): Promise<{
      a: Outbox;
      b: Outbox;
      store: Store;
      clock: { now: number };
    }> {
      const first = await fresh(A);
      const second = await openTestStore(kind, first.location);
      return {
        a: first.outbox,
        b: new Outbox(second.store, () => first.clock.now, B),
        store: first.store,
        clock: first.clock,
      };
    }

    it("claim each delivery exactly once, with eight claimants on each", async () => {
      const { a, b } = await replicas();
      const subjects = Array.from({ length: 40 }, (_, index) => index + 1);
      await a.enqueueAll(["discord:report"], "post-card", subjects);
      const claimed: Delivery[] = [];
      const claimant = async (outbox: Outbox) => {
        for (;;) {
          const delivery = await outbox.claimNext("discord:report");
          if (!delivery) return;
          claimed.push(delivery);
        }
      };
      await Promise.all(Array.from({ length: 16 }, (_, n) => claimant(n % 2 === 0 ? a : b)));
      expect(claimed.map((delivery) => delivery.subject).sort((x, y) => x - y)).toEqual(subjects);
    });

    it("take a delivery in doubt over once between them", async () => {
      const { a, b, store, clock } = await replicas();
      const gone = new Outbox(store, () => clock.now, "replica-c.example:3");
      await a.enqueue("discord:report", "post-card", 1);
      await gone.claimNext("discord:report");
      clock.now += LEASE_MS + 1;
      const taken = await Promise.all([
        a.claimNext("discord:report"),
        b.claimNext("discord:report"),
        a.claimNext("discord:report"),
        b.claimNext("discord:report"),
      ]);
      const found = taken.filter((delivery) => delivery !== undefined);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ subject: 1, inDoubt: true, attempts: 2 });
    });
  });
});
