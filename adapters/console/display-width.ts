// How many terminal columns text takes, by string-width: Hangul, CJK and emoji take two, marks
// none, and an emoji sequence (ZWJ, flag, keycap, skin tone, VS16) counts as the one picture a
// terminal draws. Columns are aligned and cut by this, never by string length, or a Korean player
// name would push every column after it out of line.
//
// Only what can be shown is measured. Cutting stops reading a text once it is known not to fit,
// and a long text is read a window at a time: V8 spends time proportional to a string's length on
// each grapheme it steps over in it, so walking a 50,000-word list whole took most of a minute.
//
// string-width is loaded only for text beyond printable ASCII and Hangul syllables: loading it
// makes an Intl.Segmenter and its \p{RGI_Emoji} expression, tens of milliseconds of every one-shot
// command, whose answers are mostly plain ASCII. Renderers run through withTextWidths, which loads
// it and renders again when what they measured needed it.

/** string-width's measure, once loaded (loadWideTextWidths). */
let wideTextWidth: ((text: string) => number) | undefined;

/** Text beyond ASCII and Hangul was measured before string-width was loaded. */
export class WideTextUnmeasured extends Error {
  override name = "WideTextUnmeasured";
}

/** Loads string-width, for text beyond printable ASCII and Hangul syllables. */
export async function loadWideTextWidths(): Promise<void> {
  wideTextWidth ??= (await import("string-width")).default;
}

/** `render()`, which measures text; run again once string-width is loaded if it needed it. */
export async function withTextWidths(render: () => string): Promise<string> {
  try {
    return render();
  } catch (error) {
    if (!(error instanceof WideTextUnmeasured)) throw error;
    await loadWideTextWidths();
    return render();
  }
}

function stringWidth(text: string): number {
  if (wideTextWidth === undefined) {
    throw new WideTextUnmeasured("text beyond ASCII and Hangul needs loadWideTextWidths() first");
  }
  return wideTextWidth(text);
}

/** Made at the first long or wide text: a one-shot's short ASCII answer never needs it. */
let graphemeSegmenter: Intl.Segmenter | undefined;
function segmenter(): Intl.Segmenter {
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return graphemeSegmenter;
}
/** Code units read at once; any grapheme a chat contains is far shorter. */
const WINDOW = 256;
/**
 * Printable ASCII takes a column a character, Hangul syllables two, and nothing joins them into
 * one grapheme: most chat, measured without walking its graphemes.
 */
const ASCII_AND_HANGUL = /^[\x20-\x7e\uac00-\ud7a3]*$/;
const HANGUL = /[\uac00-\ud7a3]/g;

function pieceWidth(piece: string): number {
  if (!ASCII_AND_HANGUL.test(piece)) return stringWidth(piece);
  return piece.length + (piece.match(HANGUL)?.length ?? 0);
}

/** The text in pieces that start and end on grapheme boundaries, each about WINDOW long. */
function* pieces(text: string): Generator<string> {
  let start = 0;
  let window = WINDOW;
  while (text.length - start > window) {
    // Never half a surrogate pair at the end: the boundary before it would be judged wrongly.
    const end = start + window - (isHighSurrogate(text.charCodeAt(start + window - 1)) ? 1 : 0);
    const slice = text.slice(start, end);
    // The slice's last grapheme may go on past it: the next piece starts with that grapheme.
    const last =
      segmenter()
        .segment(slice)
        .containing(slice.length - 1)?.index ?? 0;
    if (last === 0) {
      // One grapheme longer than the window (a pile of combining marks): read further.
      window *= 2;
      continue;
    }
    yield slice.slice(0, last);
    start += last;
    window = WINDOW;
  }
  yield text.slice(start);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function* graphemes(text: string): Generator<string> {
  for (const piece of pieces(text)) {
    for (const { segment } of segmenter().segment(piece)) yield segment;
  }
}

export function displayWidth(text: string): number {
  if (ASCII_AND_HANGUL.test(text)) return pieceWidth(text);
  let width = 0;
  for (const piece of pieces(text)) width += pieceWidth(piece);
  return width;
}

/**
 * The width of `text` when it is at most `limit`; otherwise some width above `limit`, found
 * without reading the rest.
 */
export function widthWithin(text: string, limit: number): number {
  let width = 0;
  for (const piece of pieces(text)) {
    width += pieceWidth(piece);
    if (width > limit) break;
  }
  return width;
}

/** Cuts text to at most `width` columns, ending in … when anything was cut. */
export function cutToWidth(text: string, width: number): string {
  if (width <= 0) return "";
  let total = 0;
  let offset = 0;
  /** Where the text is cut if it does not fit: one column stays free for the ellipsis. */
  let cutAt: number | undefined;
  for (const grapheme of graphemes(text)) {
    const next = pieceWidth(grapheme);
    if (cutAt === undefined && total + next > width - 1) cutAt = offset;
    total += next;
    if (total > width) return `${text.slice(0, cutAt)}…`;
    offset += grapheme.length;
  }
  return text;
}

/** Pads with spaces on the right to `width` columns; `textWidth` when it is already known. */
export function padToWidth(text: string, width: number, textWidth = displayWidth(text)): string {
  return text + " ".repeat(Math.max(0, width - textWidth));
}
