// `npm run docs:images`: redraws the README's pictures (docs/images/) from the real renderers,
// as scripts/docs-images/draw.ts describes. Commit the SVGs it writes.
import { writeFileSync } from "node:fs";
import { drawDocsImages } from "./docs-images/draw.js";

const images = await drawDocsImages();
writeFileSync("docs/images/report-card-discord.svg", images.reportCard);
writeFileSync("docs/images/console.svg", images.console);
process.stdout.write("wrote docs/images/report-card-discord.svg and docs/images/console.svg\n");
