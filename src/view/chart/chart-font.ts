// The fonts every chart is drawn in, shipped as packages rather than found on the machine: a
// container image often has no fonts at all, and a canvas without one draws no text (or boxes).
// DejaVu Sans's Latin subset (@fontsource/dejavu-sans) draws digits, Latin letters and the
// punctuation of the axes; Nanum Gothic's `korean` subset (@fontsource/nanum-gothic, 340 kB of
// the package's 12 MB; @fontsource/noto-sans-kr's is 540 kB of 51 MB) draws the Korean legend
// and axis titles. The family asked for lists both: Skia takes each character from the first
// font that has it, so Latin text looks as it did and Hangul is never a missing-glyph box.
import { createRequire } from "node:module";

/** A font file of a package, and the family name it is registered under. */
export interface ChartFont {
  family: string;
  file: string;
}

export const CHART_FONTS: readonly ChartFont[] = [
  {
    family: "ChartwardenSans",
    file: "@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2",
  },
  {
    family: "ChartwardenKorean",
    file: "@fontsource/nanum-gothic/files/nanum-gothic-korean-400-normal.woff2",
  },
];

/** The family list the chart's text asks for: Latin first, then the fallback for Hangul. */
export const CHART_FONT_FAMILY = CHART_FONTS.map((font) => font.family).join(", ");

/** Where a font file is: resolved through the package's exports, in src/ and in dist/ alike. */
export function chartFontPath(font: ChartFont): string {
  return createRequire(import.meta.url).resolve(font.file);
}
