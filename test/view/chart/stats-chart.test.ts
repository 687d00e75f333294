// The chart of `stats` as a person would check it: a PNG that decodes, of the promised size,
// with its axis labels drawn (the font ships with the package, so a machine without fonts still
// gets digits), and input that is not a date refused rather than drawn.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { pngSize } from "../../../src/view/chart/png-header.js";
import {
  renderStatsChart,
  STATS_CHART_SIZE,
  statsChartImage,
} from "../../../src/view/chart/stats-chart.js";

const week = Array.from({ length: 7 }, (_, index) => ({
  day: `2026-11-${String(20 + index).padStart(2, "0")}`,
  reports: 3 + index * 2,
  medianMinutes: index === 3 ? null : 30 + index,
  p90Minutes: index === 3 ? null : 120 - index,
}));

/** How many pixels of the strip below the plot (the day labels) are the labels' dark grey. */
async function labelPixels(png: Uint8Array): Promise<number> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const strip = context.getImageData(0, image.height - 30, image.width, 30).data;
  let dark = 0;
  for (let index = 0; index < strip.length; index += 4) {
    if ((strip[index] ?? 255) < 120 && (strip[index + 1] ?? 255) < 120) dark += 1;
  }
  return dark;
}

describe("renderStatsChart", () => {
  it("draws a PNG of the promised size that decodes, with the day labels on it", async () => {
    const png = await renderStatsChart({ days: week });
    expect(pngSize(png)).toEqual(STATS_CHART_SIZE);
    expect(await labelPixels(png)).toBeGreaterThan(100);
  });

  it("draws an empty period too (no bars, still axes)", async () => {
    const png = await renderStatsChart({ days: [] });
    expect(pngSize(png)).toEqual(STATS_CHART_SIZE);
  });

  it("refuses a label that is not a day, so no other text can reach the picture", async () => {
    await expect(
      renderStatsChart({ days: [{ day: "ShadowFox <script>", reports: 1 }] }),
    ).rejects.toThrow();
  });
});

describe("statsChartImage", () => {
  it("names the file as Discord's attachment:// allows and says what the chart shows", async () => {
    const image = await statsChartImage({ days: week });
    expect(image.filename).toMatch(/^[A-Za-z0-9_.-]+\.png$/);
    expect(image.alt).toContain("2026-11-20 to 2026-11-26");
    expect(pngSize(image.png)).toEqual(STATS_CHART_SIZE);
  });
});

describe("pngSize", () => {
  it("reads no size from bytes that are not a PNG", () => {
    expect(pngSize(new TextEncoder().encode("GIF89a and more bytes here"))).toBeUndefined();
  });
});
