// Leader election through the faults a production database has: a restart, an immediate stop, a
// terminated lock session, a stalled connection. After each, exactly one replica leads again,
// soon, and stays leading: no replica forks into parallel campaigns, holds the lock without
// leading, or flaps (each flap is a Discord IDENTIFY, and Discord allows about 1,000 a day).
// The server is one of this file's own (restartable-postgres.ts): the run's shared one is never
// stopped.
import { once } from "node:events";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";

import { silentLogger } from "../../src/log.js";
import { LEADER_LOCK_KEY, PostgresLeadership } from "../../src/store/postgres/leader-election.js";
import { openPostgresStore, type PostgresStore } from "../../src/store/postgres/open-postgres.js";
import { createDatabase } from "../helpers/postgres/databases.js";
import { FAST_ELECTION } from "../helpers/postgres/election-timing.js";
import { restartablePostgresForFile } from "../helpers/postgres/restartable-postgres.js";
import { startTcpFaultProxy, type TcpFaultProxy } from "../helpers/tcp-fault-proxy.js";

const FAST = FAST_ELECTION;

const server = restartablePostgresForFile();

const opened: { stop(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.stop();
});

interface Replica {
  name: string;
  election: PostgresLeadership;
  /** How often it was elected and deposed since it started. */
  elected: number;
  deposed: number;
}

/** `count` replicas electing on a fresh database, reached through `port` if given (a proxy). */
async function replicas(count: number, options: { via?: TcpFaultProxy } = {}) {
  const url = await createDatabase(server().url, "election");
  const store: PostgresStore = await openPostgresStore(url);
  opened.push({ stop: () => store.close() });
  const lockUrl = new URL(url);
  if (options.via) lockUrl.port = String(options.via.port);
  const list: Replica[] = Array.from({ length: count }, (_, index) => {
    const election = new PostgresLeadership(
      lockUrl.toString(),
      store.pool,
      silentLogger,
      `replica-${index}`,
      FAST,
    );
    const replica = { name: `replica-${index}`, election, elected: 0, deposed: 0 };
    election.events.on("elected", () => replica.elected++);
    election.events.on("deposed", () => replica.deposed++);
    opened.push({ stop: () => election.stop() });
    return replica;
  });
  await Promise.all(list.map((replica) => replica.election.start()));
  return { url, list };
}

/** Resolves once exactly one replica leads; fails after `timeoutMs`. */
async function oneLeads(list: readonly Replica[], timeoutMs: number): Promise<Replica> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const leading = list.filter((replica) => replica.election.leading);
    if (leading.length === 1 && leading[0]) return leading[0];
    if (leading.length > 1) throw new Error(`${leading.length} replicas lead at once`);
    if (Date.now() > deadline) throw new Error(`no replica leads after ${timeoutMs} ms`);
    await Promise.race([
      ...list.map((replica) => once(replica.election.events, "elected")),
      new Promise((resolve) => setTimeout(resolve, 100)),
    ]);
  }
}

/**
 * The sessions each replica holds on `url`'s database for its lock, and which holds the lock:
 * the lock connection names its replica (application_name).
 */
async function lockSessions(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const sessions = await admin.query<{ application_name: string; holds: boolean }>(
      `SELECT a.application_name,
              EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.locktype = 'advisory'
                      AND l.granted AND l.objid = $1) AS holds
         FROM pg_stat_activity a
        WHERE a.datname = current_database() AND a.application_name LIKE 'chatwarden leader election%'`,
      [LEADER_LOCK_KEY],
    );
    return sessions.rows;
  } finally {
    await admin.end();
  }
}

/** How often each replica has been elected and deposed so far. */
function counts(list: readonly Replica[]) {
  return list.map(({ name, elected, deposed }) => ({ name, elected, deposed }));
}

/** How often each replica was elected and deposed since `before`, once `ms` have passed. */
async function changesSince(
  before: ReturnType<typeof counts>,
  list: readonly Replica[],
  ms: number,
) {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return list.map((replica, index) => ({
    name: replica.name,
    elected: replica.elected - (before[index]?.elected ?? 0),
    deposed: replica.deposed - (before[index]?.deposed ?? 0),
  }));
}

/** How often each replica is elected and deposed during the next `ms`. */
function changesDuring(list: readonly Replica[], ms: number) {
  return changesSince(counts(list), list, ms);
}

const quiet = (list: readonly Replica[]) =>
  list.map((replica) => ({ name: replica.name, elected: 0, deposed: 0 }));

describe.each([
  ["a restart (pg_ctl stop -m fast)", "fast"],
  ["an immediate stop (pg_ctl stop -m immediate)", "immediate"],
] as const)("leader election after %s", (_fault, mode) => {
  it.each([1, 2])(
    "with %i replica(s): one leads within 15 s of the database's return, holds the only lock session, and stays",
    async (count) => {
      const { url, list } = await replicas(count);
      await oneLeads(list, 10_000);
      await server().stop(mode);
      // Down long enough for many failed campaign rounds (each used to fork another campaign).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await server().start();
      const leader = await oneLeads(list, 15_000);
      // Nothing changes once it leads: no second campaign chain deposes or replaces it.
      expect(await changesDuring(list, 2_000)).toEqual(quiet(list));
      expect(leader.election.leading).toBe(true);
      const sessions = await lockSessions(url);
      // One lock connection per replica, and the one holding the lock is the leader's.
      expect(sessions.map((session) => session.application_name).sort()).toEqual(
        list.map((replica) => `chatwarden leader election ${replica.name}`).sort(),
      );
      expect(sessions.filter((session) => session.holds).map((s) => s.application_name)).toEqual([
        `chatwarden leader election ${leader.name}`,
      ]);
      expect((await leader.election.current())?.holder).toBe(leader.name);
    },
    40_000,
  );
});

describe("leader election when the lock session is cut", () => {
  it("after pg_terminate_backend of the lock session (twice, and after an outage) leadership changes once each time, then holds", async () => {
    const { url, list } = await replicas(2);
    await oneLeads(list, 10_000);
    // An outage first: the failed campaign rounds during it used to leave extra campaign chains
    // holding the re-entrant lock, whose leaked heartbeats then deposed every new leader.
    await server().stop("fast");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server().start();
    await oneLeads(list, 15_000);
    for (let cut = 1; cut <= 2; cut++) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const before = counts(list);
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        [LEADER_LOCK_KEY],
      );
      await admin.end();
      const changes = await changesSince(before, list, 5_000);
      // One deposition and one election in all, and then one leader that stays.
      expect(changes.reduce((sum, change) => sum + change.deposed, 0)).toBe(1);
      expect(changes.reduce((sum, change) => sum + change.elected, 0)).toBe(1);
      await oneLeads(list, 1_000);
      expect(await changesDuring(list, 1_500)).toEqual(quiet(list));
    }
  }, 60_000);

  it("a stalled lock connection deposes its leader; once the stall ends one replica leads again", async () => {
    const target = new URL(server().url);
    const proxy = await startTcpFaultProxy({ host: "127.0.0.1", port: Number(target.port) });
    opened.push({ stop: () => proxy.close() });
    const { list } = await replicas(1, { via: proxy });
    const [only] = list as [Replica];
    await oneLeads(list, 10_000);
    const deposed = once(only.election.events, "deposed");
    proxy.stall();
    // The heartbeat times out: leader work stops, though the server still sees the session.
    await deposed;
    expect(only.election.leading).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    proxy.resume();
    await oneLeads(list, 15_000);
    expect(await changesDuring(list, 1_500)).toEqual(quiet(list));
  }, 40_000);
});
