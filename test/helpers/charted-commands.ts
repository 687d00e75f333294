// Until `stats` exists: two test-only commands that answer with the stats chart, one publicly
// (`chartpublic`) and one to the invoker (`chartprivate`), for proving each adapter delivers a
// view's image. The chart is drawn once, by the real renderer.
import type { AnyCommand } from "../../src/catalogue/command.js";
import { defineCommand } from "../../src/catalogue/command.js";
import { statsChartImage } from "../../src/view/chart/stats-chart.js";
import type { ViewImage } from "../../src/view/view.js";

/** What both commands answer besides the image: the figures in text. */
export const CHARTED_TITLE = "Moderation this week";
export const CHARTED_FIGURES = "Reports: 42";

export async function chartedCommands(): Promise<{ chart: ViewImage; commands: AnyCommand[] }> {
  const chart = await statsChartImage({
    days: [
      { day: "2026-11-20", reports: 12, medianMinutes: 34, p90Minutes: 120 },
      { day: "2026-11-21", reports: 30, medianMinutes: 20, p90Minutes: 95 },
    ],
  });
  const charted = (name: string, visibility: "private" | "public") =>
    defineCommand({
      name,
      summary: `A look-up answering with a chart, ${visibility}`,
      args: {},
      role: "moderator",
      mutates: false,
      handle: async () => ({
        outcome: "info",
        title: CHARTED_TITLE,
        description: CHARTED_FIGURES,
        visibility,
        image: chart,
      }),
    });
  return {
    chart,
    commands: [charted("chartpublic", "public"), charted("chartprivate", "private")],
  };
}
