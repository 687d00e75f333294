// The demo's stream of reports: mostly one at a time, sometimes a flood against one player,
// sometimes content built to break whatever shows it. Driven tick by tick with fake timers.
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOSTILE_SAMPLES, seededRandom } from "../../emulator/demo-content.js";
import { demoReportStream, startReportGenerator } from "../../emulator/generator.js";
import { EmulatorState } from "../../emulator/state.js";
import type { Report } from "../../src/chat-api/schemas.js";
import { reportListSchema } from "../../src/chat-api/schemas.js";

const EVERY_MS = 1_000;
const TICKS = 60;
/** Fake timers move the clock too: the same start gives the same timestamps. */
const START = new Date("2024-06-17T09:50:23Z");

/** What each tick of a generator added to a fresh state, through the API's own shape. */
function runTicks(ticks: number): Report[][] {
  vi.useFakeTimers({ now: START });
  const state = new EmulatorState();
  const generator = startReportGenerator(state, EVERY_MS);
  const perTick: Report[][] = [];
  let seen = 0;
  for (let tick = 0; tick < ticks; tick += 1) {
    vi.advanceTimersByTime(EVERY_MS);
    const reports = reportListSchema.parse(state.listReports());
    perTick.push(reports.slice(seen));
    seen = reports.length;
  }
  generator.stop();
  return perTick;
}

const fields = (report: Report) =>
  [report.to_gamer_name, report.from_gamer_name, report.message, report.reason].join("\n");

describe("the report generator", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("adds reports every period, and none after stop()", () => {
    vi.useFakeTimers();
    const state = new EmulatorState();
    const generator = startReportGenerator(state, EVERY_MS);
    vi.advanceTimersByTime(3 * EVERY_MS);
    const afterThree = state.reportCount;
    expect(afterThree).toBeGreaterThanOrEqual(3);
    generator.stop();
    vi.advanceTimersByTime(10 * EVERY_MS);
    expect(state.reportCount).toBe(afterThree);
  });

  it("adds at least one report on every tick, with ids that keep increasing", () => {
    const perTick = runTicks(TICKS);
    expect(perTick.every((reports) => reports.length >= 1)).toBe(true);
    const ids = perTick.flat().map((report) => report.report_id);
    expect(ids[0]).toBe(1);
    for (const [index, id] of ids.entries()) {
      if (index > 0) expect(id).toBeGreaterThan(ids[index - 1] ?? 0);
    }
  });

  it("floods: some ticks bring 3 to 5 reports against one player, each from another reporter", () => {
    const perTick = runTicks(TICKS);
    const floods = perTick.filter((reports) => reports.length > 1);
    expect(floods.length).toBeGreaterThanOrEqual(1);
    // The first tick is a flood, so a demo shows one within its first period.
    expect(perTick[0]?.length).toBeGreaterThanOrEqual(3);
    for (const flood of floods) {
      expect(flood.length).toBeGreaterThanOrEqual(3);
      expect(flood.length).toBeLessThanOrEqual(5);
      expect(new Set(flood.map((report) => report.to_gamer_id)).size).toBe(1);
      const reporters = flood.map((report) => report.from_gamer_id);
      expect(new Set(reporters).size).toBe(flood.length);
      expect(reporters).not.toContain(flood[0]?.to_gamer_id);
    }
    // Most ticks are still a single report: a flood is an event, not the weather.
    expect(floods.length).toBeLessThan(TICKS / 2);
  });

  it("sends hostile content: mentions, markdown, a bare URL, control characters, overlong text, Korean", () => {
    const reports = runTicks(TICKS).flat();
    const texts = reports.map(fields);
    const somewhere = (needle: string) => texts.some((text) => text.includes(needle));
    expect(somewhere("@everyone")).toBe(true);
    expect(somewhere("<@&123>")).toBe(true);
    expect(somewhere("<!channel>")).toBe(true);
    expect(somewhere("**bold**")).toBe(true);
    expect(somewhere("https://example.com/free-gold")).toBe(true);
    expect(somewhere("\u202e")).toBe(true);
    expect(somewhere("\u001b[31m")).toBe(true);
    expect(reports.some((report) => report.message.length > 2_000)).toBe(true);
    expect(
      reports.some(
        (report) => report.to_gamer_name.length >= 60 || report.from_gamer_name.length >= 60,
      ),
    ).toBe(true);
    expect(texts.some((text) => /\p{Script=Hangul}/u.test(text))).toBe(true);
    // Samples come in turn, so a stretch of demo shows every kind, not just the likely ones.
    const messages = reports.map((report) => report.message);
    for (const sample of HOSTILE_SAMPLES) expect(messages, sample.kind).toContain(sample.message);
    // The second tick is a hostile sample, so a demo shows one within its first minute.
    expect(runTicks(2)[1]?.map((report) => report.message)).toEqual([HOSTILE_SAMPLES[0].message]);
  });

  it("never has a player report themselves", () => {
    for (const report of runTicks(TICKS).flat()) {
      expect(report.from_gamer_id).not.toBe(report.to_gamer_id);
    }
  });

  it("is the same stream on every run: fixed by default, and by the seed given", () => {
    expect(runTicks(20)).toEqual(runTicks(20));
    const first = demoReportStream(seededRandom(7));
    const second = demoReportStream(seededRandom(7));
    for (let tick = 0; tick < 20; tick += 1) expect(first()).toEqual(second());
    const other = demoReportStream(seededRandom(8));
    const again = demoReportStream(seededRandom(7));
    const ticks = (next: () => unknown) => Array.from({ length: 20 }, () => next());
    expect(ticks(other)).not.toEqual(ticks(again));
  });

  it("refuses a period that is not a positive number", () => {
    expect(() => startReportGenerator(new EmulatorState(), 0)).toThrow(RangeError);
    expect(() => startReportGenerator(new EmulatorState(), Number.NaN)).toThrow(RangeError);
  });
});
