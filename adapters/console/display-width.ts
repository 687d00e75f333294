// How many terminal columns text takes. Hangul, CJK ideographs, kana, full-width forms and
// emoji take two; combining marks take none. Columns are aligned and cut by this, never by
// string length, or a Korean player name would push every column after it out of line.

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/** East Asian Wide and Fullwidth ranges (Unicode UAX #11), the ones chat actually contains. */
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], // Hangul Jamo initial consonants
  [0x2e80, 0x303e], // CJK radicals, Kangxi, CJK symbols and punctuation
  [0x3041, 0x33ff], // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo extended A
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe19], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff00, 0xff60], // full-width forms
  [0xffe0, 0xffe6], // full-width signs
  [0x1f300, 0x1f64f], // pictographs, emoticons
  [0x1f900, 0x1f9ff], // supplemental symbols and pictographs
  [0x20000, 0x3fffd], // CJK extensions B onwards
];

const EMOJI_PRESENTATION = /\p{Emoji_Presentation}|\ufe0f/u;
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]+$/u;

function isWide(codePoint: number): boolean {
  return WIDE_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
}

function graphemeWidth(grapheme: string): number {
  if (ZERO_WIDTH.test(grapheme)) return 0;
  if (isWide(grapheme.codePointAt(0) ?? 0) || EMOJI_PRESENTATION.test(grapheme)) return 2;
  return 1;
}

function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const grapheme of graphemes(text)) width += graphemeWidth(grapheme);
  return width;
}

/** Cuts text to at most `width` columns, ending in … when anything was cut. */
export function cutToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return "";
  let kept = "";
  let used = 0;
  for (const grapheme of graphemes(text)) {
    const next = graphemeWidth(grapheme);
    // One column stays free for the ellipsis.
    if (used + next > width - 1) break;
    kept += grapheme;
    used += next;
  }
  return `${kept}…`;
}

/** Pads with spaces on the right to `width` columns. */
export function padToWidth(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}
