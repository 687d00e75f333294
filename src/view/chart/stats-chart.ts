// The chart of `stats`: reports per day as bars, and the median and 90th-percentile minutes from
// a report to its first action as lines on a second axis, drawn to a PNG by Chart.js on
// @napi-rs/canvas (Skia). Both load on the first chart only (dynamic import), so no other
// command's start-up pays for them (test/cli/lazy-imports.test.ts). Chosen against ECharts'
// server-side SVG through resvg for a fifth of the CPU to load and render and 41 MB installed
// instead of 71 (docs/architecture.md, "Charts").
//
// Only dates, numbers and the catalogue's words (in the asker's language, t()) reach the picture:
// the labels are made here from `YYYY-MM-DD` days, so no player's text can be drawn, let alone
// interpreted.
import type { ChartConfiguration, ChartItem } from "chart.js";
import { z } from "zod";
import { t } from "../../i18n/translate.js";
import type { ViewImage } from "../view.js";
import { CHART_FONT_FAMILY, CHART_FONTS, chartFontPath } from "./chart-font.js";

const minutes = z.number().finite().nonnegative().nullable().optional();

const statsChartSchema = z.object({
  days: z
    .array(
      z.object({
        /** The UTC day, `2026-11-20`. */
        day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        reports: z.number().int().nonnegative(),
        /** Absent or null on a day when nothing was acted on: the line has a gap there. */
        medianMinutes: minutes,
        p90Minutes: minutes,
      }),
    )
    .max(366),
});

export type StatsChartInput = z.input<typeof statsChartSchema>;

/** The picture's size in pixels: wide enough for 30 day labels, as Discord and Slack show it. */
export const STATS_CHART_SIZE = { width: 1000, height: 500 } as const;

const COLOURS = { reports: "#5865f2", median: "#2b9348", p90: "#e76f51", text: "#333333" };

/** The chart as PNG bytes. */
export async function renderStatsChart(input: StatsChartInput): Promise<Uint8Array> {
  const { days } = statsChartSchema.parse(input);
  const { Chart, createCanvas } = await chartLibrary();
  const canvas = createCanvas(STATS_CHART_SIZE.width, STATS_CHART_SIZE.height);
  const context = canvas.getContext("2d");
  // PNGs are transparent by default; Discord's and Slack's dark themes would hide the text.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, STATS_CHART_SIZE.width, STATS_CHART_SIZE.height);
  // Chart.js accepts any 2D context with the canvas API; Skia's is one, typed separately.
  const chart = new Chart(context as unknown as ChartItem, configuration(days));
  try {
    return await canvas.encode("png");
  } finally {
    chart.destroy();
  }
}

/** The chart as a view's image, with words that say what it shows. */
export async function statsChartImage(input: StatsChartInput): Promise<ViewImage> {
  const { days } = statsChartSchema.parse(input);
  const [first, last] = [days[0]?.day, days.at(-1)?.day];
  const span =
    first === undefined || last === undefined
      ? t("stats.chart.noDays")
      : t("stats.chart.span", { first, last });
  return {
    png: await renderStatsChart({ days }),
    alt: t("stats.chart.alt", { span }),
    filename: "stats.png",
  };
}

type Day = z.output<typeof statsChartSchema>["days"][number];

function configuration(days: Day[]): ChartConfiguration<"bar" | "line", (number | null)[], string> {
  const line = (label: string, colour: string, values: (number | null)[]) => ({
    type: "line" as const,
    label,
    data: values,
    yAxisID: "minutes",
    borderColor: colour,
    backgroundColor: colour,
    borderWidth: 2,
    pointRadius: 2,
    spanGaps: false,
    // The lowest order is drawn on top: the lines over the bars.
    order: 0,
  });
  const font = { family: CHART_FONT_FAMILY, size: 13 };
  return {
    type: "bar",
    data: {
      labels: days.map((day) => day.day.slice(5)),
      datasets: [
        {
          type: "bar",
          label: t("stats.chart.reports"),
          data: days.map((day) => day.reports),
          yAxisID: "reports",
          backgroundColor: COLOURS.reports,
          order: 1,
        },
        line(
          t("stats.chart.median"),
          COLOURS.median,
          days.map((d) => d.medianMinutes ?? null),
        ),
        line(
          t("stats.chart.p90"),
          COLOURS.p90,
          days.map((d) => d.p90Minutes ?? null),
        ),
      ],
    },
    options: {
      animation: false,
      responsive: false,
      devicePixelRatio: 1,
      color: COLOURS.text,
      font,
      plugins: {
        // In the datasets' order (reports, median, 90th percentile), not their drawing order.
        legend: {
          labels: { font, sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0) },
        },
      },
      scales: {
        x: { ticks: { font, color: COLOURS.text } },
        reports: {
          position: "left",
          beginAtZero: true,
          title: { display: true, text: t("stats.chart.reports"), font, color: COLOURS.text },
          ticks: { font, color: COLOURS.text, precision: 0 },
        },
        minutes: {
          position: "right",
          beginAtZero: true,
          grid: { drawOnChartArea: false },
          title: { display: true, text: t("stats.chart.minutes"), font, color: COLOURS.text },
          ticks: { font, color: COLOURS.text },
        },
      },
    },
  };
}

interface ChartLibrary {
  Chart: typeof import("chart.js").Chart;
  createCanvas: typeof import("@napi-rs/canvas").createCanvas;
}

let loading: Promise<ChartLibrary> | undefined;

/** Chart.js and the canvas, loaded and set up once, on the first chart. */
function chartLibrary(): Promise<ChartLibrary> {
  loading ??= (async () => {
    const [{ Chart, registerables }, { createCanvas, GlobalFonts }] = await Promise.all([
      import("chart.js"),
      import("@napi-rs/canvas"),
    ]);
    Chart.register(...registerables);
    for (const font of CHART_FONTS) {
      const path = chartFontPath(font);
      if (!GlobalFonts.registerFromPath(path, font.family)) {
        throw new Error(`the chart font could not be loaded from ${path}`);
      }
    }
    return { Chart, createCanvas };
  })();
  return loading;
}
