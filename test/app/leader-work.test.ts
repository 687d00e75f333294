// Leader work: parts run only while this replica leads, start in order when it is elected, stop
// at once in reverse when it is deposed, and are all stopped before leadership is given up.
// The leadership here is a stand-in that the test elects and deposes by hand; the real one is
// tested against PostgreSQL in test/store/leader-election.test.ts.
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { LeaderWork } from "../../src/app/components/leader-work.js";
import { silentLogger } from "../../src/log.js";
import type { Component } from "../../src/runtime/component.js";
import { NOTHING_IN_FLIGHT } from "../../src/runtime/component.js";
import type { LeaderInfo, Leadership } from "../../src/runtime/leadership.js";

class HandLeadership implements Leadership {
  readonly events = new EventEmitter<{ elected: []; deposed: [reason: string] }>();
  readonly self = "here:1";
  leading = false;
  readonly log: string[];

  constructor(log: string[]) {
    this.log = log;
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {
    this.log.push("leadership given up");
  }
  async current(): Promise<LeaderInfo | undefined> {
    return this.leading ? { holder: this.self, since: 0 } : { holder: "there:2", since: 0 };
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
});
