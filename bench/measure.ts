// Timing helpers for benchmarks. The machines are noisy, so a figure is always a ratio against a
// baseline measured in the same run, with rounds of the two interleaved: each round's subject is
// divided by the baseline measured next to it, and the median of those ratios is kept, so a load
// that comes and goes during the run moves both sides of a ratio alike. A cost measured at several
// sizes is a curve (curve.ts).
import { type Curve, curveHolds, formatCurve, isCurve } from "./curve.js";
import { median } from "./median.js";

export interface Comparison {
  name: string;
  /** Medians of the wall time per iteration. */
  baselineMs: number;
  subjectMs: number;
  /** The median of the rounds' wall-time ratios: the judged figure. */
  ratio: number;
  /**
   * The same for this process's CPU time (user + system), when asked for: what the subject costs
   * the process itself, without the server in another process or other processes' load.
   */
  cpuRatio?: number;
  target: number;
  /** What the two sides are called when printed; "baseline" and "ours" if not said. */
  sides?: { baseline: string; subject: string };
}

/** A figure with a ceiling of its own rather than a ratio (a process's peak memory). */
export interface Ceiling {
  name: string;
  value: number;
  unit: string;
  /** Within target when value < target. */
  target: number;
  /** What the figure is next to, for the reader (the same measured on `node -e 0`). */
  detail: string;
}

/**
 * A figure with no target, printed for the reader (a rate next to the same on another engine);
 * its benchmark still fails loudly when what it measured came out wrong.
 */
export interface Figure {
  name: string;
  summary: string;
}

export type BenchResult = Comparison | Ceiling | Figure | Curve;

/** Whether the result is judged against a target at all. */
export function hasTarget(result: BenchResult): result is Comparison | Ceiling | Curve {
  return !("summary" in result);
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function timeOnce(run: () => Promise<unknown>, iterations: number): Promise<Timing> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await run();
  const used = process.cpuUsage(cpu);
  return {
    wallMs: (performance.now() - started) / iterations,
    cpuMs: (used.user + used.system) / 1000 / iterations,
  };
}

export { median };

/** The median of the pairwise ratios subject[i] / baseline[i]. */
export function pairedRatio(subject: readonly number[], baseline: readonly number[]): number {
  return median(subject.map((value, i) => value / (baseline[i] ?? Number.NaN)));
}

/**
 * Runs baseline and subject in alternating rounds (after a warm-up of each) and compares them
 * round by round. `cpu` adds the ratio of this process's CPU time (meaningless when the work
 * happens in child processes).
 */
export async function compare(options: {
  name: string;
  baseline: () => Promise<unknown>;
  subject: () => Promise<unknown>;
  iterations: number;
  rounds: number;
  target: number;
  cpu?: boolean;
  sides?: Comparison["sides"];
}): Promise<Comparison> {
  const { baseline, subject, iterations, rounds } = options;
  await timeOnce(baseline, iterations);
  await timeOnce(subject, iterations);
  const baselineTimes: Timing[] = [];
  const subjectTimes: Timing[] = [];
  for (let round = 0; round < rounds; round++) {
    globalThis.gc?.();
    baselineTimes.push(await timeOnce(baseline, iterations));
    globalThis.gc?.();
    subjectTimes.push(await timeOnce(subject, iterations));
  }
  const wall = (times: Timing[]) => times.map((time) => time.wallMs);
  const cpu = (times: Timing[]) => times.map((time) => time.cpuMs);
  return {
    name: options.name,
    baselineMs: median(wall(baselineTimes)),
    subjectMs: median(wall(subjectTimes)),
    ratio: pairedRatio(wall(subjectTimes), wall(baselineTimes)),
    cpuRatio: options.cpu ? pairedRatio(cpu(subjectTimes), cpu(baselineTimes)) : undefined,
    target: options.target,
    sides: options.sides,
  };
}

export function withinTarget(result: BenchResult): boolean {
  if (!hasTarget(result)) return true;
  if (isCurve(result)) return curveHolds(result);
  return "ratio" in result ? result.ratio <= result.target : result.value < result.target;
}

export function formatResult(result: BenchResult): string {
  if (!hasTarget(result)) return `${result.name}: ${result.summary}`;
  if (isCurve(result)) return formatCurve(result);
  const verdict = withinTarget(result) ? "within target" : "OVER TARGET";
  if (!("ratio" in result)) {
    return `${result.name}: ${result.value.toFixed(1)} ${result.unit} (target under ${result.target} ${result.unit}, ${verdict}); ${result.detail}`;
  }
  const cpu = result.cpuRatio === undefined ? "" : `; CPU time ${result.cpuRatio.toFixed(2)}x`;
  const sides = result.sides ?? { baseline: "baseline", subject: "ours" };
  return `${result.name}: ${result.ratio.toFixed(2)}x (target ${result.target}x, ${verdict}); ${sides.baseline} ${result.baselineMs.toFixed(3)} ms, ${sides.subject} ${result.subjectMs.toFixed(3)} ms per call${cpu}`;
}
