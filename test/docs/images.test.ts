// The README's pictures are what scripts/docs-images.ts draws from the real renderers today: a
// change to how a card or the console looks that was not redrawn (npm run docs:images) fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { drawDocsImages } from "../../scripts/docs-images/draw.js";

const committed = (name: string) =>
  readFileSync(new URL(`../../docs/images/${name}`, import.meta.url), "utf8");

describe("the README's pictures", () => {
  it("are the report card and the console as the code draws them now", async () => {
    const images = await drawDocsImages();
    expect(images.reportCard).toBe(committed("report-card-discord.svg"));
    expect(images.console).toBe(committed("console.svg"));
  });
});
