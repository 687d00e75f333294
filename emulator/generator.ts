// Keeps reports arriving while a demo or a feed test runs, the way players keep reporting each
// other in a live game: mostly one report at a time, sometimes a flood of reports against one
// player at once, and sometimes content built to break whatever shows it (mentions, markdown,
// control characters, overlong text). The timer is unref'd: a forgotten generator never holds a
// process open.
import {
  floodOfReports,
  HOSTILE_SAMPLES,
  hostileReport,
  plausibleReport,
  seededRandom,
} from "./demo-content.js";
import type { EmulatorState, ReportInput } from "./state.js";

/** Fixed, so a demo's stream of reports is the same on every run. */
const GENERATOR_SEED = 0x5eed;

/** Share of ticks that bring a flood, and of the rest that bring a hostile sample. */
const FLOOD_CHANCE = 0.2;
const HOSTILE_CHANCE = 0.4;
const FLOOD_SIZE = { min: 3, max: 5 };

export interface ReportGenerator {
  stop(): void;
}

/**
 * The reports of each tick, one call per tick. The first tick is a flood and the second a
 * hostile sample, so a demo shows both within its first minute; after that chance decides.
 * Hostile samples come in turn rather than at random, so every kind shows up within a bounded
 * stretch of any demo.
 */
export function demoReportStream(random: () => number): () => ReportInput[] {
  let tick = 0;
  let nextSample = 0;
  const flood = () => {
    const size = FLOOD_SIZE.min + Math.floor(random() * (FLOOD_SIZE.max - FLOOD_SIZE.min + 1));
    return floodOfReports(random, size);
  };
  const hostile = () => {
    const sample = HOSTILE_SAMPLES[nextSample % HOSTILE_SAMPLES.length] ?? HOSTILE_SAMPLES[0];
    nextSample += 1;
    return [hostileReport(random, sample)];
  };
  return () => {
    tick += 1;
    if (tick === 1) return flood();
    if (tick === 2) return hostile();
    const roll = random();
    if (roll < FLOOD_CHANCE) return flood();
    if (roll < FLOOD_CHANCE + (1 - FLOOD_CHANCE) * HOSTILE_CHANCE) return hostile();
    return [plausibleReport(random)];
  };
}

export function startReportGenerator(
  state: EmulatorState,
  everyMs: number,
  random: () => number = seededRandom(GENERATOR_SEED),
): ReportGenerator {
  if (!Number.isFinite(everyMs) || everyMs <= 0) {
    throw new RangeError(`reportEveryMs must be a positive number of milliseconds, got ${everyMs}`);
  }
  const nextTick = demoReportStream(random);
  const timer = setInterval(() => {
    for (const report of nextTick()) state.injectReport(report);
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
