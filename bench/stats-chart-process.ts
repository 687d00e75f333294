// A child of bench/stats-chart.ts: `draw` loads the chart's libraries and draws one 30-day chart
// (what the first `stats` of a process costs) and prints the PNG's size and how long that took
// from the import on, in ms; `none` exits at once, the same process otherwise.
import { thirtyDays } from "./stats-chart-data.js";

if (process.argv[2] === "draw") {
  const started = performance.now();
  const { renderStatsChart } = await import("../src/view/chart/stats-chart.js");
  const png = await renderStatsChart({ days: thirtyDays() });
  process.stdout.write(`${png.length} ${performance.now() - started}\n`);
}
