// The one font every chart is drawn in, shipped as a package (@fontsource/dejavu-sans) rather
// than found on the machine: a container image often has no fonts at all, and a canvas without
// one draws no text. Its Latin subset covers digits, Latin letters and the punctuation a chart's
// axes and legend use. Korean (or any other script) would need a font with those glyphs
// registered here as a fallback, e.g. @fontsource/noto-sans-kr's `korean` subset files.
import { createRequire } from "node:module";

/** The family name the chart's text asks for; registered under this alias. */
export const CHART_FONT_FAMILY = "ChartwardenSans";

/** Where the font file is: resolved through the package's exports, in src/ and in dist/ alike. */
export function chartFontPath(): string {
  return createRequire(import.meta.url).resolve(
    "@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2",
  );
}
