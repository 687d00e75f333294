// `npm run docs:images`: redraws the README's pictures (docs/images/) from the real renderers,
// as scripts/docs-images/draw.ts describes, and the example stats chart
// (scripts/docs-images/stats-chart.ts), and the console again in Korean. Commit the files it writes.
import { writeFileSync } from "node:fs";
import { drawDocsImages } from "./docs-images/draw.js";
import { drawStatsChartExample } from "./docs-images/stats-chart.js";

const images = await drawDocsImages();
writeFileSync("docs/images/report-card-discord.svg", images.reportCard);
writeFileSync("docs/images/console.svg", images.console);
writeFileSync("docs/images/stats-chart.png", (await drawStatsChartExample()).png);
// The README's Korean console beside the English one: LANG=ko_KR.UTF-8 in Seoul.
const korean = await drawDocsImages({ locale: "ko", timeZone: "Asia/Seoul" });
writeFileSync("docs/images/console-ko.svg", korean.console);
process.stdout.write(
  "wrote docs/images/report-card-discord.svg, docs/images/console.svg, docs/images/console-ko.svg and docs/images/stats-chart.png\n",
);
