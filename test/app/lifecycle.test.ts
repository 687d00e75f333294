// The lifecycle's own rules, with components that record what is done to them: start in order,
// every component told to take no new work before any stops, stops in reverse, one that fails
// to stop does not keep the rest from stopping, and a component that comes up after the stop
// began is stopped as well.
import { describe, expect, it } from "vitest";
import { Lifecycle } from "../../app/lifecycle.js";
import { silentLogger } from "../../src/log.js";
import type { Component, DoctorCheck, StopSummary } from "../../src/runtime/component.js";

function recording(name: string, log: string[], overrides: Partial<Component> = {}): Component {
  return {
    name,
    async start() {
      log.push(`start ${name}`);
    },
    quiesce() {
      log.push(`quiesce ${name}`);
    },
    async stop(): Promise<StopSummary> {
      log.push(`stop ${name}`);
      return { finished: [`${name} work`], left: [] };
    },
    readiness: () => ({ ready: true, detail: "ok" }),
    ...overrides,
  };
}

describe("Lifecycle", () => {
  it("starts in order, quiesces everything first, then stops in reverse", async () => {
    const log: string[] = [];
    const lifecycle = new Lifecycle(silentLogger);
    for (const name of ["store", "http", "slack"]) await lifecycle.add(recording(name, log));
    const summary = await lifecycle.stop();
    expect(log).toEqual([
      "start store",
      "start http",
      "start slack",
      "quiesce store",
      "quiesce http",
      "quiesce slack",
      "stop slack",
      "stop http",
      "stop store",
    ]);
    expect(summary.finished).toEqual(["slack: slack work", "http: http work", "store: store work"]);
  });

  it("stops the rest when one component's stop throws, and says it was left", async () => {
    const log: string[] = [];
    const lifecycle = new Lifecycle(silentLogger);
    await lifecycle.add(recording("store", log));
    await lifecycle.add(
      recording("discord", log, {
        async stop() {
          throw new Error("socket already gone");
        },
      }),
    );
    const summary = await lifecycle.stop();
    expect(log).toContain("stop store");
    expect(summary.left).toEqual(["discord: did not stop cleanly"]);
  });

  it("stops once, however often it is asked", async () => {
    const log: string[] = [];
    const lifecycle = new Lifecycle(silentLogger);
    await lifecycle.add(recording("store", log));
    await Promise.all([lifecycle.stop(), lifecycle.stop()]);
    expect(log.filter((line) => line === "stop store")).toHaveLength(1);
  });

  it("refuses a component once stopping, and stops one whose start outlasted the stop", async () => {
    const log: string[] = [];
    const lifecycle = new Lifecycle(silentLogger);
    let release: () => void = () => {};
    const slow = recording("drainer", log, {
      start: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    });
    const adding = lifecycle.add(slow);
    const stopping = lifecycle.stop();
    release();
    await Promise.all([adding, stopping]);
    expect(log).toContain("stop drainer");
    await lifecycle.add(recording("late", log));
    expect(log).not.toContain("start late");
  });

  it("names each component's readiness and offers the doctor checks of those that have one", async () => {
    const lifecycle = new Lifecycle(silentLogger);
    const check: DoctorCheck = { name: "DATA_DIR", result: "pass", detail: "writable" };
    await lifecycle.add(recording("store", [], { doctor: async () => [check] }));
    await lifecycle.add(
      recording("discord", [], { readiness: () => ({ ready: false, detail: "connecting" }) }),
    );
    expect(lifecycle.readiness()).toEqual({
      store: { ready: true, detail: "ok" },
      discord: { ready: false, detail: "connecting" },
    });
    const areas = lifecycle.doctorAreas();
    expect(areas.map((area) => area.name)).toEqual(["store"]);
    const budget = { signal: new AbortController().signal, requestTimeoutMs: 1_000 };
    expect(await areas[0]?.doctor(budget)).toEqual([check]);
  });
});
