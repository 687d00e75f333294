// StoreLock's contract, on SQLite and on PostgreSQL: tasks of one key run one at a time across
// every store sharing the database (two stores here act as two replicas), other keys run freely,
// a failing task lets go, a wait has a bound. Each engine's way of freeing a lock whose holder
// died is tested on its own: SQLite's lease row, PostgreSQL's advisory lock.
import { hostname } from "node:os";
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Store } from "../../../src/store/store.js";
import {
  LockTimeoutError,
  STORE_LOCK_CLASS,
  StoreLock,
  type StoreLockTiming,
} from "../../../src/store/store-lock.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const FAST: StoreLockTiming = { leaseMs: 60_000, waitMs: 10_000, retryMs: 5 };

/** Gates a failed test left shut, opened before its stores close (which wait for their tasks). */
const shut: (() => void)[] = [];
afterEach(() => {
  for (const open of shut.splice(0)) open();
});

/** A promise and the function that settles it: a task that holds its lock until told. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  shut.push(open);
  return { opened, open };
}

/** A word-list lock on `store`, counting its clock's reads: one or two per try. */
function wordListLock(store: Store, timing = FAST, now: () => number = Date.now) {
  let reads = 0;
  const lock = new StoreLock(
    store,
    "word-list",
    (key) => `the ${key} word list`,
    timing,
    () => {
      reads++;
      return now();
    },
  );
  return { lock, tries: () => reads };
}

describe.each(STORE_KINDS)("StoreLock on %s", (kind) => {
  it("runs one key's tasks one at a time across two replicas, in turn", async () => {
    const a = await openTestStore(kind);
    const b = await openTestStore(kind, a.location);
    const first = wordListLock(a.store);
    const second = wordListLock(b.store);
    const held = gate();
    const order: string[] = [];
    const holding = first.lock.run("ko-kr", async () => {
      order.push("a in");
      await held.opened;
      order.push("a out");
    });
    await vi.waitFor(() => expect(order).toEqual(["a in"]));
    const waiting = second.lock.run("ko-kr", async () => {
      order.push("b in");
      return "b's result";
    });
    // Refused several times while a holds it.
    await vi.waitFor(() => expect(second.tries()).toBeGreaterThan(3));
    expect(order).toEqual(["a in"]);
    held.open();
    await holding;
    expect(await waiting).toBe("b's result");
    expect(order).toEqual(["a in", "a out", "b in"]);
  });

  it("never lets two of ten tasks on one key, split between two replicas, overlap", async () => {
    const a = await openTestStore(kind);
    const b = await openTestStore(kind, a.location);
    const locks = [wordListLock(a.store).lock, wordListLock(b.store).lock];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (locks[i % 2] as StoreLock).run("en-us", async () => {
          inside++;
          most = Math.max(most, inside);
          for (let turn = 0; turn < 3; turn++) await nextTurn();
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it("lets other keys run while one is held", async () => {
    const a = await openTestStore(kind);
    const b = await openTestStore(kind, a.location);
    const held = gate();
    const holding = wordListLock(a.store).lock.run("ko-kr", () => held.opened);
    await vi.waitFor(async () => expect(await lockHeld(a.store, "word-list:ko-kr")).toBe(true));
    expect(await wordListLock(b.store).lock.run("en-us", async () => "ran")).toBe("ran");
    held.open();
    await holding;
  });

  it("lets go when a task fails: the next one runs at once", async () => {
    const a = await openTestStore(kind);
    const b = await openTestStore(kind, a.location);
    await expect(
      wordListLock(a.store).lock.run("ko-kr", async () => {
        throw new Error("the chat API said no");
      }),
    ).rejects.toThrow("the chat API said no");
    expect(await lockHeld(a.store, "word-list:ko-kr")).toBe(false);
    // No wait at all: only a first try that takes the lock runs the task.
    const next = wordListLock(b.store, { ...FAST, waitMs: 0 });
    expect(await next.lock.run("ko-kr", async () => "ran")).toBe("ran");
  });

  it("gives up after waitMs with a sentence naming what is locked", async () => {
    const a = await openTestStore(kind);
    const b = await openTestStore(kind, a.location);
    const held = gate();
    const holding = wordListLock(a.store).lock.run("ko-kr", () => held.opened);
    await vi.waitFor(async () => expect(await lockHeld(a.store, "word-list:ko-kr")).toBe(true));
    // A clock that moves a second per try: the 3 s wait ends after a few quick tries.
    let clock = 0;
    const impatient = wordListLock(b.store, { ...FAST, waitMs: 3_000 }, () => (clock += 1_000));
    const refused = impatient.lock.run("ko-kr", async () => "never");
    await expect(refused).rejects.toBeInstanceOf(LockTimeoutError);
    await expect(refused).rejects.toThrow(
      "the ko-kr word list is being edited by another chatwarden process for over 3 s: try again",
    );
    held.open();
    await holding;
  });
});

describe("StoreLock on sqlite: the lease row", () => {
  it("takes over a lock whose process died on this host, and one whose lease ran out", async () => {
    const { store } = await openTestStore("sqlite");
    await store.db
      .insertInto("locks")
      .values([
        { name: "word-list:dead", owner: `${hostname()}:999999999:0a0b0c`, lease_until: 9e12 },
        { name: "word-list:expired", owner: "replica-b.example:42:0a0b0c", lease_until: 1 },
        { name: "word-list:alive", owner: "replica-b.example:42:0d0e0f", lease_until: 9e12 },
      ])
      .execute();
    // No wait at all: only a first try that takes the lock runs the task.
    const { lock } = wordListLock(store, { ...FAST, waitMs: 0 });
    expect(await lock.run("dead", async () => "taken over")).toBe("taken over");
    expect(await lock.run("expired", async () => "taken over")).toBe("taken over");
    await expect(lock.run("alive", async () => "never")).rejects.toBeInstanceOf(LockTimeoutError);
    const left = await store.db.selectFrom("locks").select("name").execute();
    expect(left).toEqual([{ name: "word-list:alive" }]);
  });
});

describe("StoreLock on postgres: the advisory lock", () => {
  it("is free the moment the holding replica's connection ends (a kill -9)", async () => {
    const a = await openTestStore("postgres");
    const b = await openTestStore("postgres", a.location);
    const held = gate();
    const holding = wordListLock(a.store).lock.run("ko-kr", () => held.opened);
    await vi.waitFor(async () => expect(await lockHeld(b.store, "word-list:ko-kr")).toBe(true));
    // The holder's session ends as a killed process's would: the server drops its locks. The
    // timeout form waits until the session has ended (without it, the call returns at once and
    // the lock may still be held for a moment).
    await sql`SELECT pg_terminate_backend(pid, 5000) FROM pg_locks WHERE locktype = 'advisory' AND classid = ${STORE_LOCK_CLASS}`.execute(
      b.store.db,
    );
    const next = wordListLock(b.store, { ...FAST, waitMs: 0 });
    expect(await next.lock.run("ko-kr", async () => "ran")).toBe("ran");
    held.open();
    // The first task ran to its end; only its unlock found the connection gone.
    await holding;
  });
});

/** Whether the lock named `name` is held by anyone, as the engine records it. */
async function lockHeld(store: Store, name: string): Promise<boolean> {
  if (store.dialect === "sqlite") {
    const row = await store.db
      .selectFrom("locks")
      .select("name")
      .where("name", "=", name)
      .executeTakeFirst();
    return row !== undefined;
  }
  const found = await sql<{ held: number }>`
    SELECT count(*) AS held FROM pg_locks
    WHERE locktype = 'advisory' AND classid = ${STORE_LOCK_CLASS} AND objid = hashtext(${name})::oid
      AND granted`.execute(store.db);
  return Number(found.rows[0]?.held) > 0;
}
