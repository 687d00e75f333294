// Leader work: parts run only while this replica leads, start in order when it is elected, stop
// at once in reverse when it is deposed, and are all stopped before leadership is given up.
// The leadership here is a stand-in that the test elects and deposes by hand; the real one is
// tested against PostgreSQL in test/store/leader-election.test.ts.
import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LeaderWork } from "../../app/components/leader-work.js";
import { silentLogger } from "../../src/log.js";
import type { Component } from "../../src/runtime/component.js";
import { NOTHING_IN_FLIGHT } from "../../src/runtime/component.js";
import type { LeaderInfo, Leadership } from "../../src/runtime/leadership.js";

class HandLeadership implements Leadership {
  readonly events = new EventEmitter<{ elected: []; deposed: [reason: string] }>();
  readonly self = "here:1";
  leading = false;
  readonly log: string[];
  /** What the database says of who leads while this replica does not: a leader, none, or a failure. */
  whoLeads: LeaderInfo | undefined | Error = { holder: "there:2", since: 0 };

  constructor(log: string[]) {
    this.log = log;
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {
    this.log.push("leadership given up");
  }
  async current(): Promise<LeaderInfo | undefined> {
    if (this.leading) return { holder: this.self, since: 0 };
    if (this.whoLeads instanceof Error) throw this.whoLeads;
    return this.whoLeads;
  }
  elect(): void {
    this.leading = true;
    this.events.emit("elected");
  }
  depose(): void {
    this.leading = false;
    this.events.emit("deposed", "lost the lock");
  }
}

function part(name: string, log: string[]): Component {
  return {
    name,
    async start() {
      log.push(`${name} started`);
    },
    async stop() {
      log.push(`${name} stopped`);
      return NOTHING_IN_FLIGHT;
    },
    readiness: () => ({ ready: true, detail: "ok" }),
  };
}

async function setUp() {
  const log: string[] = [];
  const leadership = new HandLeadership(log);
  const work = new LeaderWork(leadership, silentLogger);
  await work.register("poller", () => part("poller", log));
  await work.register("discord", () => part("discord", log));
  await work.start();
  return { log, leadership, work };
}

describe("leader work", () => {
  it("runs nothing while another replica leads, and says who does", async () => {
    const { log, work } = await setUp();
    await work.settled();
    expect(log).toEqual([]);
    expect(work.readiness().detail).toMatch(/^standby: there:2 leads since /);
  });

  it("starts its parts in order when elected, and a part registered meanwhile at once", async () => {
    const { log, leadership, work } = await setUp();
    leadership.elect();
    await work.settled();
    expect(log).toEqual(["poller started", "discord started"]);
    await work.register("drainer:slack:report", () => part("drainer", log));
    expect(log.at(-1)).toBe("drainer started");
    expect(Object.keys(work.partsReadiness())).toEqual(["poller", "discord", "drainer"]);
    expect(work.readiness().detail).toBe("this replica leads");
  });

  it("stops its parts in reverse when deposed, and starts them again when re-elected", async () => {
    const { log, leadership, work } = await setUp();
    leadership.elect();
    await work.settled();
    leadership.depose();
    await work.settled();
    expect(log.slice(2)).toEqual(["discord stopped", "poller stopped"]);
    expect(work.partsReadiness()).toEqual({});
    leadership.elect();
    await work.settled();
    expect(log.slice(4)).toEqual(["poller started", "discord started"]);
  });

  it("stops every part before it gives leadership up", async () => {
    const { log, leadership, work } = await setUp();
    leadership.elect();
    await work.settled();
    await work.stop(Date.now() + 1_000);
    expect(log.slice(2)).toEqual(["discord stopped", "poller stopped", "leadership given up"]);
  });

  it("runs a session's own parts for its term only: a new term never restarts the old session's", async () => {
    const log: string[] = [];
    const leadership = new HandLeadership(log);
    const work = new LeaderWork(leadership, silentLogger);
    let session = 0;
    // Like Discord: each term makes a new session, which registers its drainer once it is up.
    await work.register("discord", () => {
      const mine = ++session;
      return {
        ...part(`session ${mine}`, log),
        name: "discord",
        async start() {
          log.push(`session ${mine} started`);
          setImmediate(
            () =>
              void work.registerForTerm("drainer", () => ({
                ...part(`drainer of session ${mine}`, log),
                name: "drainer",
              })),
          );
        },
      };
    });
    await work.start();
    const drainerOf = (n: number) =>
      vi.waitFor(() => expect(log).toContain(`drainer of session ${n} started`));
    leadership.elect();
    await drainerOf(1);
    leadership.depose();
    await work.settled();
    expect(log.slice(-2)).toEqual(["drainer of session 1 stopped", "session 1 stopped"]);
    leadership.elect();
    await drainerOf(2);
    // Session 1's drainer (whose client is gone) never ran again.
    expect(log.filter((line) => line === "drainer of session 1 started")).toHaveLength(1);
    expect(Object.keys(work.partsReadiness())).toEqual(["discord", "drainer"]);
    await work.stop(Date.now() + 1_000);
  });

  describe("readiness tells the truth about who leads", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("is not ready while no replica leads, saying since when", async () => {
      const { leadership, work } = await setUp();
      leadership.whoLeads = undefined;
      // The leader seen at start-up dies: within one refresh the standby stops calling itself ready.
      vi.useFakeTimers({ toFake: ["setInterval", "Date"], now: Date.UTC(2026, 10, 26, 12, 3) });
      await work.stop(Date.now());
      const fresh = new LeaderWork(leadership, silentLogger);
      await fresh.start();
      expect(fresh.readiness()).toEqual({
        ready: false,
        detail: "no replica leads since 2026-11-26 12:03 UTC",
      });
      // Still the first moment it was seen, not the last refresh.
      vi.setSystemTime(Date.UTC(2026, 10, 26, 12, 9));
      await vi.advanceTimersByTimeAsync(2_000);
      expect(fresh.readiness().detail).toBe("no replica leads since 2026-11-26 12:03 UTC");
      await fresh.stop(Date.now());
    });

    it("turns not ready within one refresh of the leader's end, and ready when one leads again", async () => {
      vi.useFakeTimers({ toFake: ["setInterval"] });
      const { leadership, work } = await setUp();
      expect(work.readiness().ready).toBe(true);
      leadership.whoLeads = undefined;
      await vi.advanceTimersByTimeAsync(2_000);
      expect(work.readiness()).toMatchObject({
        ready: false,
        detail: expect.stringMatching(/^no replica leads since /),
      });
      leadership.whoLeads = { holder: "there:3", since: 0 };
      await vi.advanceTimersByTimeAsync(2_000);
      expect(work.readiness()).toMatchObject({
        ready: true,
        detail: expect.stringMatching(/^standby: there:3 leads since /),
      });
      await work.stop(Date.now());
    });

    it("is not ready while who leads cannot be read, saying why", async () => {
      const { leadership } = await setUp();
      leadership.whoLeads = new Error("connect ECONNREFUSED 127.0.0.1:5432");
      const work = new LeaderWork(leadership, silentLogger);
      await work.start();
      expect(work.readiness()).toMatchObject({
        ready: false,
        detail: expect.stringMatching(
          /^cannot tell which replica leads since \d{4}-\d\d-\d\d \d\d:\d\d UTC: connect ECONNREFUSED 127\.0\.0\.1:5432$/,
        ),
      });
      await work.stop(Date.now());
    });

    it("is not ready while it holds the lock but waits out the previous leader", async () => {
      const { leadership } = await setUp();
      leadership.whoLeads = { holder: leadership.self, since: 0 };
      const work = new LeaderWork(leadership, silentLogger);
      await work.start();
      expect(work.readiness()).toEqual({
        ready: false,
        detail: "taking over: this replica holds the lock and waits out the previous leader",
      });
      await work.stop(Date.now());
    });
  });
});
