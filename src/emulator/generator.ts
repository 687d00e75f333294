// Keeps reports arriving while a demo or a feed test runs, the way players keep reporting each
// other in a live game. The timer is unref'd: a forgotten generator never holds a process open.
import { plausibleReport, seededRandom } from "./demo-content.js";
import type { EmulatorState } from "./state.js";

/** Fixed, so a demo's stream of reports is the same on every run. */
const GENERATOR_SEED = 0x5eed;

export interface ReportGenerator {
  stop(): void;
}

export function startReportGenerator(
  state: EmulatorState,
  everyMs: number,
  random: () => number = seededRandom(GENERATOR_SEED),
): ReportGenerator {
  if (!Number.isFinite(everyMs) || everyMs <= 0) {
    throw new RangeError(`reportEveryMs must be a positive number of milliseconds, got ${everyMs}`);
  }
  const timer = setInterval(() => state.injectReport(plausibleReport(random)), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
