// ReplayGuard's contract, on SQLite and on PostgreSQL: the first offer of a key wins, on any
// store sharing the database, until the key expires; expired keys are swept; copies offered at
// the same moment on two replicas have one winner; a store that cannot be written rejects.
import { describe, expect, it } from "vitest";
import { ReplayGuard } from "../../../src/store/replay-guard.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

describe.each(STORE_KINDS)("ReplayGuard on %s", (kind) => {
  it("admits a key once, also across two stores on one database", async () => {
    const a = await openTestStore(kind);
    const b = await openTestStore(kind, a.location);
    const first = new ReplayGuard(a.store, () => 1_000);
    const second = new ReplayGuard(b.store, () => 1_000);
    expect(await first.firstSighting("slack-signature:v0=a", 10_000)).toBe(true);
    expect(await first.firstSighting("slack-signature:v0=a", 10_000)).toBe(false);
    expect(await second.firstSighting("slack-signature:v0=a", 10_000)).toBe(false);
    expect(await second.firstSighting("slack-signature:v0=b", 10_000)).toBe(true);
  });

  it("forgets a key once it has expired, sweeping at most once a minute", async () => {
    let now = 0;
    const { store } = await openTestStore(kind);
    const guard = new ReplayGuard(store, () => now);
    const rows = async () =>
      (await store.db.selectFrom("seen_requests").select("key").execute()).length;
    expect(await guard.firstSighting("old", 5_000)).toBe(true);
    now = 10_000;
    // Swept only a minute after the last sweep: still remembered (and still refused) until then.
    expect(await guard.firstSighting("old", 70_000)).toBe(false);
    now = 61_000;
    expect(await guard.firstSighting("new", 200_000)).toBe(true);
    expect(await rows()).toBe(1);
    expect(await guard.firstSighting("old", 200_000)).toBe(true);
  });

  it("admits one of ten copies offered at once on two replicas", async () => {
    const a = await openTestStore(kind);
    const b = await openTestStore(kind, a.location);
    const guards = [new ReplayGuard(a.store), new ReplayGuard(b.store)];
    const expires = Date.now() + 60_000;
    const admitted = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (guards[i % 2] as ReplayGuard).firstSighting("slack-signature:v0=copy", expires),
      ),
    );
    expect(admitted.filter(Boolean)).toHaveLength(1);
  });

  it("rejects when the store cannot be written, so the caller does not act", async () => {
    const { store } = await openTestStore(kind);
    const guard = new ReplayGuard(store);
    await guard.firstSighting("before", Date.now() + 1_000);
    await store.close();
    await expect(guard.firstSighting("any", Date.now() + 1_000)).rejects.toThrow();
  });
});
