// The store's health, as /readyz shows it: not ready while the store cannot be reached or
// written, saying why and since when, and ready again by itself once it answers, with nobody
// writing (its probe writes). A stalled connection, which never errors, counts as unreachable.
// PostgreSQL is a server of this file's own (restartable-postgres.ts), reached directly or
// through a TCP proxy that stalls; SQLite is made read-only on its connection.
import { afterEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../../src/log.js";
import { openPostgresStore } from "../../src/store/postgres/open-postgres.js";
import { SqliteStore } from "../../src/store/sqlite/open-sqlite.js";
import type { Store } from "../../src/store/store.js";
import { createDatabase } from "../helpers/postgres/databases.js";
import { restartablePostgresForFile } from "../helpers/postgres/restartable-postgres.js";
import { openTestStore } from "../helpers/stores.js";
import { startTcpFaultProxy } from "../helpers/tcp-fault-proxy.js";

const FAST = { everyMs: 100, timeoutMs: 1_000 };
const SINCE = String.raw`since \d\d:\d\d UTC: `;

const server = restartablePostgresForFile();

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

/** A store watched as serve watches it, with a fast probe. */
function watched<S extends Store>(store: S): S {
  opened.push(store);
  store.health.start(silentLogger, FAST);
  return store;
}

async function postgresStore(port?: number) {
  const url = new URL(await createDatabase(server().url, "health"));
  if (port !== undefined) url.port = String(port);
  return watched(await openPostgresStore(url.toString()));
}

const readyAgain = (store: Store) =>
  vi.waitFor(() => expect(store.health.readiness()).toEqual({ ready: true, detail: "ok" }), {
    timeout: 15_000,
    interval: 50,
  });

describe("the store's health on PostgreSQL", () => {
  it.each(["fast", "immediate"] as const)(
    "is not ready while the server is down (pg_ctl stop -m %s), naming it; ready again by itself once it is back",
    async (mode) => {
      const store = await postgresStore();
      await readyAgain(store);
      await server().stop(mode);
      try {
        await vi.waitFor(
          () =>
            expect(store.health.readiness()).toEqual({
              ready: false,
              detail: expect.stringMatching(
                new RegExp(
                  `^cannot reach PostgreSQL ${SINCE}the PostgreSQL store .* cannot be reached \\(ECONNREFUSED\\)`,
                ),
              ),
            }),
          { timeout: 10_000, interval: 50 },
        );
      } finally {
        await server().start();
      }
      await readyAgain(store);
    },
    40_000,
  );

  it("counts a stalled connection as unreachable, and recovers when the stall ends", async () => {
    const target = new URL(server().url);
    const proxy = await startTcpFaultProxy({ host: "127.0.0.1", port: Number(target.port) });
    opened.push(proxy);
    const store = await postgresStore(proxy.port);
    await readyAgain(store);
    proxy.stall();
    try {
      await vi.waitFor(
        () =>
          expect(store.health.readiness().detail).toMatch(
            new RegExp(`^cannot reach PostgreSQL ${SINCE}.*no answer within 1\\.0 s`),
          ),
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      proxy.resume();
    }
    await readyAgain(store);
  }, 40_000);

  it("runs the writes owed from an outage once the store answers again, in order", async () => {
    const store = await postgresStore();
    await readyAgain(store);
    await server().stop("fast");
    const done: string[] = [];
    const owe = (what: string) =>
      store.health.retryWhenBack(what, async () => {
        await store.db.selectFrom("cases").select("number").execute();
        done.push(what);
      });
    try {
      await vi.waitFor(() => expect(store.health.down).toBe(true), { timeout: 10_000 });
      owe("first");
      owe("second");
      expect(store.health.owedWrites).toBe(2);
    } finally {
      await server().start();
    }
    await vi.waitFor(() => expect(done).toEqual(["first", "second"]), { timeout: 15_000 });
    expect(store.health.owedWrites).toBe(0);
  }, 40_000);
});

describe("the store's health on SQLite", () => {
  it("is not ready while the file cannot be written, naming DATA_DIR; ready again by itself", async () => {
    const { store } = await openTestStore("sqlite");
    if (!(store instanceof SqliteStore)) throw new Error("a SQLite store was asked for");
    watched(store);
    await readyAgain(store);
    // Every write refused as on a read-only disk (permission bits would not stop root).
    store.sqlite.pragma("query_only = ON");
    await vi.waitFor(
      () =>
        expect(store.health.readiness().detail).toMatch(
          new RegExp(`^cannot write to SQLite ${SINCE}DATA_DIR \\(.*\\) is read-only`),
        ),
      { timeout: 10_000, interval: 50 },
    );
    store.sqlite.pragma("query_only = OFF");
    await readyAgain(store);
  });
});
