// The example stats chart for the docs (docs/images/stats-chart.png): a made-up fortnight drawn
// by the real renderer, the same every run (src/view/chart/stats-chart.ts draws the same bytes
// for the same series on one machine; test/docs/images.test.ts compares pixels, not bytes, as
// another machine's Skia may round an edge differently).
import { type StatsChartInput, statsChartImage } from "../../src/view/chart/stats-chart.js";
import type { ViewImage } from "../../src/view/view.js";

/** Two weeks of reports with a quiet weekend and a day on which nothing was acted on. */
export const EXAMPLE_FORTNIGHT: StatsChartInput["days"] = [
  [18, 31, 110],
  [24, 28, 95],
  [21, 35, 130],
  [30, 42, 180],
  [27, 38, 150],
  [9, 55, 240],
  [6, null, null],
  [19, 26, 90],
  [23, 24, 85],
  [35, 47, 200],
  [28, 33, 120],
  [25, 29, 105],
  [11, 61, 260],
  [8, 50, 210],
].map(([reports, median, p90], index) => ({
  day: `2026-11-${String(9 + index).padStart(2, "0")}`,
  reports: reports ?? 0,
  medianMinutes: median,
  p90Minutes: p90,
}));

export function drawStatsChartExample(): Promise<ViewImage> {
  return statsChartImage({ days: EXAMPLE_FORTNIGHT });
}
