// Replicas electing their leader through PostgreSQL: one leads, a graceful stop hands over at
// once, and a leader whose session the server ends is deposed before its successor, who waits
// out the old heartbeat, starts leading.
import { once } from "node:events";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { silentLogger } from "../../src/log.js";
import {
  type ElectionTiming,
  PostgresLeadership,
} from "../../src/store/postgres/leader-election.js";
import { PostgresStore } from "../../src/store/postgres/open-postgres.js";
import { FAST_ELECTION } from "../helpers/postgres/election-timing.js";
import { openTestStore } from "../helpers/stores.js";

const FAST = FAST_ELECTION;

/** A heartbeat so slow that waiting it out would outlast the test: a handover must not wait. */
const NEVER_FENCED: ElectionTiming = {
  campaignEveryMs: 100,
  heartbeatEveryMs: 60_000,
  heartbeatTimeoutMs: 60_000,
};

async function replicas(count: number, timing: ElectionTiming = FAST) {
  const first = await openTestStore("postgres");
  const url = first.location.databaseUrl ?? "";
  const store = first.store;
  if (!(store instanceof PostgresStore)) throw new Error("not PostgreSQL");
  const elections = Array.from(
    { length: count },
    (_, index) => new PostgresLeadership(url, store.pool, silentLogger, `replica-${index}`, timing),
  );
  return { url, elections, stopAll: () => Promise.all(elections.map((e) => e.stop())) };
}

/** Resolves with the replica that is elected next. */
function nextElected(elections: readonly PostgresLeadership[]): Promise<PostgresLeadership> {
  return Promise.race(
    elections.map((election) => once(election.events, "elected").then(() => election)),
  );
}

describe("leader election on PostgreSQL", () => {
  it("lets exactly one of three replicas lead, and every replica names it", async () => {
    const { elections, stopAll } = await replicas(3);
    try {
      const elected = nextElected(elections);
      await Promise.all(elections.map((election) => election.start()));
      const leader = await elected;
      // Several campaign rounds later there is still one.
      await new Promise((resolve) => setTimeout(resolve, 4 * FAST.campaignEveryMs));
      expect(elections.filter((election) => election.leading)).toEqual([leader]);
      for (const election of elections) {
        expect((await election.current())?.holder).toBe(leader.self);
      }
    } finally {
      await stopAll();
    }
  });

  it("hands over at once when the leader stops gracefully", async () => {
    const { elections, stopAll } = await replicas(2, NEVER_FENCED);
    try {
      const [a, b] = elections as [PostgresLeadership, PostgresLeadership];
      const aLeads = once(a.events, "elected");
      await a.start();
      await aLeads;
      await b.start();
      const bLeads = once(b.events, "elected");
      await a.stop();
      // Waiting out a's heartbeat would take two minutes: b leads at its next campaign round.
      await bLeads;
      expect((await b.current())?.holder).toBe("replica-1");
    } finally {
      await stopAll();
    }
  });

  it("deposes a leader whose session ends, before the next one leads", async () => {
    const { url, elections, stopAll } = await replicas(2);
    try {
      const [a, b] = elections as [PostgresLeadership, PostgresLeadership];
      const aLeads = once(a.events, "elected");
      await a.start();
      await aLeads;
      await b.start();
      const order: string[] = [];
      a.events.on("deposed", () => order.push("a deposed"));
      const bLeads = once(b.events, "elected").then(() => order.push("b elected"));
      // The server ends the leader's session, as a fail-over or an operator would.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = $1",
        [0x63776c64],
      );
      await admin.end();
      await bLeads;
      expect(order).toEqual(["a deposed", "b elected"]);
      expect(a.leading).toBe(false);
      expect(b.leading).toBe(true);
    } finally {
      await stopAll();
    }
  });
});
