// A cost measured at several sizes of the work, so that how it grows is seen, not one point. Each
// step from one size to the next is judged: a cost that should grow with the work (linear) may
// grow at most 1.5× as fast as the work did; a cost that should not grow with it (flat: a claim
// in a larger outbox, a card of a larger flood) may grow at most 1.5× in all. A quadratic path
// fails the step where it bends, and `npm run bench` exits non-zero.
import { median } from "./median.js";

/** How a cost should grow with the size of the work. */
export type Growth = "linear" | "flat";

/** How much faster than the work a step may grow before it counts as a regression. */
export const STEP_TOLERANCE = 1.5;

export interface CurvePoint {
  size: number;
  /** The cost at this size, in the curve's unit (the median of the rounds measured). */
  value: number;
}

export interface Curve {
  name: string;
  /** What a value is: "ms per claim", "MiB peak", "ms per poll". */
  unit: string;
  growth: Growth;
  points: CurvePoint[];
  /** What the sizes count ("pending deliveries", "reports on the card"). */
  sizeUnit: string;
}

export interface CurveStep {
  from: CurvePoint;
  to: CurvePoint;
  /** How much the cost grew over the step. */
  costGrowth: number;
  /** How much it may grow: the work's growth (linear) or 1 (flat), times the tolerance. */
  allowed: number;
}

export function isCurve(result: object): result is Curve {
  return "points" in result && "growth" in result;
}

export function curveSteps(curve: Curve): CurveStep[] {
  return curve.points.slice(1).map((to, index) => {
    const from = curve.points[index] as CurvePoint;
    const work = curve.growth === "linear" ? to.size / from.size : 1;
    return { from, to, costGrowth: to.value / from.value, allowed: work * STEP_TOLERANCE };
  });
}

export function curveHolds(curve: Curve): boolean {
  return curveSteps(curve).every((step) => step.costGrowth <= step.allowed);
}

function size(value: number): string {
  if (value >= 1_000_000 && value % 1_000_000 === 0) return `${value / 1_000_000}M`;
  if (value >= 1_000 && value % 1_000 === 0) return `${value / 1_000}k`;
  return String(value);
}

function figure(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(3);
}

/** One line per curve: each point, and each step's growth against what it may be. */
export function formatCurve(curve: Curve): string {
  const verdict = curveHolds(curve) ? "within target" : "OVER TARGET";
  const first = curve.points[0];
  const points = [
    first ? `${size(first.size)} ${figure(first.value)}` : "",
    ...curveSteps(curve).map(
      (step) =>
        `→ ${size(step.to.size)} ${figure(step.to.value)} (×${step.costGrowth.toFixed(2)}${
          step.costGrowth > step.allowed ? `, over ×${step.allowed.toFixed(2)}` : ""
        })`,
    ),
  ].join(" ");
  return `${curve.name} (${curve.unit} by ${curve.sizeUnit}, ${curve.growth}, ${verdict}): ${points}`;
}

/**
 * Measures `cost(size)` at each size, `rounds` times each, interleaving the sizes round by round
 * so that a load that comes and goes moves every point alike; the median of each size's rounds.
 */
export async function measureCurve(options: {
  name: string;
  unit: string;
  sizeUnit: string;
  growth: Growth;
  sizes: readonly number[];
  rounds: number;
  /** Sets up the work of `size` (outside the timing), and returns what measures it. */
  prepare: (size: number) => Promise<() => Promise<number>>;
}): Promise<Curve> {
  const measures = [];
  for (const size of options.sizes) measures.push(await options.prepare(size));
  const values: number[][] = options.sizes.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, measure] of measures.entries()) {
      globalThis.gc?.();
      values[index]?.push(await measure());
    }
  }
  return {
    name: options.name,
    unit: options.unit,
    sizeUnit: options.sizeUnit,
    growth: options.growth,
    points: options.sizes.map((size, index) => ({ size, value: median(values[index] ?? []) })),
  };
}
