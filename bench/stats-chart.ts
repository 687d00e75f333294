// The stats chart (src/view/chart/stats-chart.ts) "renders in well under a second" (issue 23):
// 1. The first chart of a process, as a whole process: Node with tsx loading Chart.js and the
//    canvas and drawing a 30-day chart, against the same process exiting at once. The child also
//    times itself from the chart module's import to the PNG, which is held under a second
//    outright: what a moderator waits for beyond the figures.
// 2. Every later chart, in this process: drawing and encoding the chart against encoding a blank
//    canvas of the same size to PNG, the floor of any picture.
import { fileURLToPath } from "node:url";
import { createCanvas } from "@napi-rs/canvas";
import { renderStatsChart, STATS_CHART_SIZE } from "../src/view/chart/stats-chart.js";
import { type BenchResult, compare, median } from "./measure.js";
import { runNode } from "./processes.js";
import { thirtyDays } from "./stats-chart-data.js";

const CHILD = fileURLToPath(new URL("./stats-chart-process.ts", import.meta.url));

export async function benchStatsChart(): Promise<BenchResult[]> {
  const child = (what: "draw" | "none") => ({ args: ["--import", "tsx", CHILD, what] });
  const inside: number[] = [];
  const draw = async () => {
    const [bytes, ms] = (await runNode(child("draw"))).stdout.trim().split(" ").map(Number);
    if (!(Number(bytes) > 10_000)) throw new Error(`no chart drawn (${bytes} bytes)`);
    inside.push(Number(ms));
  };
  const first = await compare({
    name: "first stats chart of a process (libraries loaded, 30 days drawn, PNG) vs the same process exiting at once, wall time",
    baseline: () => runNode(child("none")),
    subject: draw,
    iterations: 1,
    rounds: 9,
    target: 4,
  });
  const firstCeiling: BenchResult = {
    name: "first stats chart of a process, from the import of the chart module to the PNG",
    value: median(inside),
    unit: "ms",
    target: 1000,
    detail: `the whole process ${first.subjectMs.toFixed(0)} ms, exiting at once ${first.baselineMs.toFixed(0)} ms (medians)`,
  };
  const days = thirtyDays();
  const blank = async () => {
    const canvas = createCanvas(STATS_CHART_SIZE.width, STATS_CHART_SIZE.height);
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, STATS_CHART_SIZE.width, STATS_CHART_SIZE.height);
    return canvas.encode("png");
  };
  const later = await compare({
    name: `a later stats chart (30 days, ${STATS_CHART_SIZE.width}x${STATS_CHART_SIZE.height}) vs a blank canvas of that size encoded to PNG`,
    baseline: blank,
    subject: () => renderStatsChart({ days }),
    iterations: 5,
    rounds: 9,
    target: 10,
    cpu: true,
    sides: { baseline: "blank PNG", subject: "chart" },
  });
  return [first, firstCeiling, later];
}
