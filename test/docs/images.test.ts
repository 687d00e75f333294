// The README's pictures are what scripts/docs-images.ts draws from the real renderers today: a
// change to how a card or the console looks that was not redrawn (npm run docs:images) fails here.
import { readFileSync } from "node:fs";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { drawDocsImages } from "../../scripts/docs-images/draw.js";
import { drawStatsChartExample } from "../../scripts/docs-images/stats-chart.js";

const committed = (name: string) =>
  readFileSync(new URL(`../../docs/images/${name}`, import.meta.url), "utf8");

describe("the README's pictures", () => {
  it("are the report card and the console as the code draws them now", async () => {
    const images = await drawDocsImages();
    expect(images.reportCard).toBe(committed("report-card-discord.svg"));
    expect(images.console).toBe(committed("console.svg"));
  });

  it("have the console in Korean too, as LANG=ko_KR.UTF-8 in Seoul draws it", async () => {
    const korean = await drawDocsImages({ locale: "ko", timeZone: "Asia/Seoul" });
    expect(korean.console).toBe(committed("console-ko.svg"));
    expect(korean.console).toContain("KST");
  });
});

/** The RGBA pixels of a PNG, decoded. */
async function pixels(png: Uint8Array) {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  return { width: image.width, data: context.getImageData(0, 0, image.width, image.height).data };
}

describe("the example stats chart", () => {
  it("is the chart as the code draws it now, to within a few edge pixels", async () => {
    const drawn = await pixels((await drawStatsChartExample()).png);
    const committedPng = await pixels(
      readFileSync(new URL("../../docs/images/stats-chart.png", import.meta.url)),
    );
    expect(committedPng.width).toBe(drawn.width);
    expect(committedPng.data.length).toBe(drawn.data.length);
    let differing = 0;
    for (let index = 0; index < drawn.data.length; index += 4) {
      const apart = [0, 1, 2].some(
        (channel) =>
          Math.abs((drawn.data[index + channel] ?? 0) - (committedPng.data[index + channel] ?? 0)) >
          32,
      );
      if (apart) differing += 1;
    }
    // Anti-aliasing may differ on another machine's Skia; one bar a report shorter moves ~550.
    expect(differing).toBeLessThan(drawn.data.length / 4 / 2000);
  });
});
