// Timing helpers for benchmarks. The machines are noisy, so a figure is always a ratio against a
// baseline measured in the same run, with rounds of the two interleaved and the median kept.

export interface Comparison {
  name: string;
  baselineMs: number;
  subjectMs: number;
  ratio: number;
  target: number;
}

async function timeOnce(run: () => Promise<unknown>, iterations: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await run();
  return (performance.now() - started) / iterations;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Runs baseline and subject in alternating rounds (after a warm-up of each) and compares the
 * medians of the per-iteration times.
 */
export async function compare(options: {
  name: string;
  baseline: () => Promise<unknown>;
  subject: () => Promise<unknown>;
  iterations: number;
  rounds: number;
  target: number;
}): Promise<Comparison> {
  const { baseline, subject, iterations, rounds } = options;
  await timeOnce(baseline, iterations);
  await timeOnce(subject, iterations);
  const baselineTimes: number[] = [];
  const subjectTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    globalThis.gc?.();
    baselineTimes.push(await timeOnce(baseline, iterations));
    globalThis.gc?.();
    subjectTimes.push(await timeOnce(subject, iterations));
  }
  const baselineMs = median(baselineTimes);
  const subjectMs = median(subjectTimes);
  return {
    name: options.name,
    baselineMs,
    subjectMs,
    ratio: subjectMs / baselineMs,
    target: options.target,
  };
}

export function formatComparison(c: Comparison): string {
  const verdict = c.ratio <= c.target ? "within target" : "OVER TARGET";
  return `${c.name}: ${c.ratio.toFixed(2)}x (target ${c.target}x, ${verdict}); baseline ${c.baselineMs.toFixed(3)} ms, ours ${c.subjectMs.toFixed(3)} ms per call`;
}
