// The store's health tracker's timing, on a fake clock: a probe that gets no answer within its
// limit is a failure, a stalled probe is not doubled, an outage is two log lines however many
// writes fail during it, and "since when" carries the date once the outage is a day old. The
// store behind it is a stand-in whose one write the test answers (the real engines are in
// store-health.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StoreHealth } from "../../src/store/store-health.js";
import { captureLogs } from "../adapters/slack/log-capture.js";

const START = new Date(Date.UTC(2026, 10, 22, 12, 3, 30));

function trackedStore() {
  const writes: { answer(): void }[] = [];
  const health = new StoreHealth(
    {
      engine: "PostgreSQL",
      describeFailure: (error) => `failed (${error instanceof Error ? error.message : error})`,
      probeWrite: () =>
        new Promise<void>((resolve) => {
          writes.push({ answer: resolve });
        }),
    },
    () => new Date(Date.now()),
  );
  const logs = captureLogs();
  health.start(logs.logger, { everyMs: 5_000, timeoutMs: 2_000 });
  const logged = () =>
    logs.lines.items.map((line) => `${line.level === 40 ? "warn" : "info"} ${line.msg}`);
  return { health, writes, logged };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the store's health on a clock", () => {
  it("counts a probe without an answer as a failure, never starts a second, and recovers when it answers", async () => {
    const { health, writes, logged } = trackedStore();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(health.readiness().ready).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(health.readiness()).toEqual({
      ready: false,
      detail: "cannot reach PostgreSQL since 12:03 UTC: failed (no answer within 2.0 s)",
    });
    // The stalled write is waited for, not doubled.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(writes).toHaveLength(1);
    writes[0]?.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(health.readiness()).toEqual({ ready: true, detail: "ok" });
    expect(logged()).toEqual([
      "warn the store cannot be written: failed (no answer within 2.0 s)",
      "info the store answers again, after 20 s",
    ]);
    health.stop();
  });

  it("logs an outage once however many writes fail in it, and names the day once it is not today", async () => {
    const { health, logged } = trackedStore();
    for (let write = 0; write < 5; write++) health.failed(new Error("ECONNREFUSED"));
    await vi.setSystemTime(new Date(START.getTime() + 24 * 60 * 60_000));
    expect(health.readiness().detail).toBe(
      "cannot reach PostgreSQL since 2026-11-22 12:03 UTC: failed (ECONNREFUSED)",
    );
    health.succeeded();
    expect(logged()).toEqual([
      "warn the store cannot be written: failed (ECONNREFUSED)",
      "info the store answers again, after 24 h 0 min",
    ]);
    health.stop();
  });
});
