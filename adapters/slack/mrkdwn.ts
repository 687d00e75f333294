// Text for Slack, where user content is hostile. One rule for every piece of player text:
// 1. Controls and bidirectional marks become visible stand-ins (␛, ␀, U+FFFD), the rule of every
//    front end (src/view/inert-text.ts); line breaks stay where Slack shows several lines.
// 2. `&`, `<` and `>` become entities: `<!channel>`, `<@U123>` and `<https://x|click>` are markup
//    only while their angle brackets are raw ("Slack uses &, <, and > as control characters for
//    special parsing in text objects, so they must be converted to HTML entities",
//    https://api.slack.com/reference/surfaces/formatting#escaping).
// 3. In mrkdwn only, formatting characters are neutralised. mrkdwn has no escape: "The backslash
//    won't escape the formatting" (Slack, slackhq/slack-api-docs#34). A zero-width space next to
//    them does not help either, it does the opposite: jsx-slack's "exact mode" inserts zero-width
//    spaces around `*`, `_` and `~` precisely to make Slack format them mid-word. What works is
//    jsx-slack's <Escape> (docs/about-escape-and-exact-mode.md): such a character is sent as the
//    fallback of a date token with an invalid format, `<!date^00000000^{_}|*>`, which Slack always
//    renders as plain text: the reader sees the `*` itself, unformatted. This is done for every
//    backtick, and for `*`, `_` and `~` that stand at a break between words, the only place they
//    act ("Some special characters will work only in breaks of words":
//    "Super_cali_fragilistic*expiali*docious" renders as typed, same document); so a
//    gamer_id like gold_seller reaches Slack unchanged and can be copied into /ban. A `>` that
//    starts a line would start a quote, and a date token cannot carry it (its fallback does not
//    decode &gt;): it is preceded by an invisible soft hyphen instead, as jsx-slack does.
//    The adapter's own labels (`*Reason*`) are added around the result and keep their bold.
// 4. Bare URLs: every mrkdwn object the adapter sends is `verbatim: true`, and "when set to true,
//    Slack ... won't modify any plain-text content", where false would mean "URLs will be
//    auto-converted into links" (https://docs.slack.dev/reference/block-kit/composition-objects/text-object);
//    plain_text (headers, buttons) has no formatting at all. So a URL in player text stays
//    text and is not rewritten: it reads, and copies, exactly as the player wrote it.
// Cutting happens on the raw text, one character at a time, so a limit never splits an entity
// like `&amp;`, a date token or a surrogate pair.

import { displayMinute, inertLine, inertLines, t, type ViewValue } from "../../src/index.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const ELLIPSIS = "…";
const SOFT_HYPHEN = "\u00ad";
/** Formatting characters that act only at a break between words. */
const PAIRED_MARKS = new Set(["*", "_", "~"]);
const WORD = /[\p{L}\p{N}]/u;

/** Escapes the three characters Slack reserves for markup. */
export function escapeText(raw: string): string {
  return raw.replace(/[&<>]/g, (char) => ENTITIES[char] ?? char);
}

/**
 * For plain_text objects (headers, buttons, form labels) and anything else shown without
 * formatting: controls neutralised, `&`, `<` and `>` escaped, within `max` characters, ending in
 * … when cut.
 */
export function escapeWithin(raw: string, max: number): string {
  return joinWithin([...inertLines(raw)].map(escapeText), max);
}

/** As `escapeWithin`, for one line: a line break shows as ␊. */
export function escapeLineWithin(raw: string, max: number): string {
  return joinWithin([...inertLine(raw)].map(escapeText), max);
}

/** Player text for mrkdwn: reads the same, renders no markup, within `max` characters. */
export function mrkdwnWithin(raw: string, max: number): string {
  return joinWithin(mrkdwnPieces(inertLines(raw)), max);
}

/** As `mrkdwnWithin`, for one line (a label): a line break shows as ␊. */
export function mrkdwnLineWithin(raw: string, max: number): string {
  return joinWithin(mrkdwnPieces(inertLine(raw)), max);
}

/** What each character of `text` becomes in mrkdwn, so that a cut falls between two of them. */
function mrkdwnPieces(text: string): string[] {
  const chars = [...text];
  return chars.map((char, index) => {
    const before = chars[index - 1];
    if (char === "`" || (PAIRED_MARKS.has(char) && !betweenWords(before, chars[index + 1]))) {
      return `<!date^00000000^{_}|${char}>`;
    }
    if ((char === ">" || char === "＞") && startsLine(chars, index)) {
      return SOFT_HYPHEN + escapeText(char);
    }
    return escapeText(char);
  });
}

function betweenWords(before: string | undefined, after: string | undefined): boolean {
  return before !== undefined && after !== undefined && WORD.test(before) && WORD.test(after);
}

/** Only white space between the start of the line and `index`. */
function startsLine(chars: string[], index: number): boolean {
  for (let at = index - 1; at >= 0; at -= 1) {
    const char = chars[at] ?? "";
    if (char === "\n") return true;
    if (!/\s/.test(char)) return false;
  }
  return true;
}

/** The pieces joined, or as many as fit in `max` with … after them. */
function joinWithin(pieces: string[], max: number): string {
  const whole = pieces.join("");
  if (whole.length <= max) return whole;
  let kept = "";
  for (const piece of pieces) {
    if (kept.length + piece.length > max - ELLIPSIS.length) break;
    kept += piece;
  }
  return kept + ELLIPSIS;
}

/** Cuts text that is already Slack markup; only for text whose pieces were escaped whole. */
export function cutMarkup(markup: string, max: number): string {
  if (markup.length <= max) return markup;
  const chars = [...markup];
  let kept = "";
  for (const char of chars) {
    if (kept.length + char.length > max - ELLIPSIS.length) break;
    kept += char;
  }
  // Never leave half an entity (`&am`) or half a token (`<!date^…`) behind.
  const openEntity = kept.lastIndexOf("&");
  if (openEntity > kept.lastIndexOf(";")) kept = kept.slice(0, openEntity);
  const openToken = kept.lastIndexOf("<");
  if (openToken > kept.lastIndexOf(">")) kept = kept.slice(0, openToken);
  return kept + ELLIPSIS;
}

/**
 * A moment as Slack's date token: every reader sees it in their own time zone, and clients that
 * cannot render it show the UTC fallback.
 */
export function dateToken(time: Date): string {
  if (Number.isNaN(time.getTime())) return t("slack.unknownTime");
  const unix = Math.floor(time.getTime() / 1000);
  return `<!date^${unix}^{date_short_pretty} {time}|${displayMinute(time)}>`;
}

/** A view value as mrkdwn: text made inert and cut to `max`, moments as date tokens. */
export function valueMarkup(value: ViewValue, max: number): string {
  if (typeof value === "string") return mrkdwnWithin(value, max);
  if (typeof value === "number") return String(value);
  if ("url" in value) {
    // `<url|text>`, Slack's link in mrkdwn (https://api.slack.com/reference/surfaces/formatting,
    // where & < > are its control characters, escaped in text): the text is made inert (its < >
    // escaped, so it cannot close the link), the url one Slack gave (chat.getPermalink).
    const within = Math.max(1, max - value.url.length - 3);
    return `<${value.url}|${mrkdwnWithin(value.text, within)}>`;
  }
  return dateToken(value.time);
}

/** A value as plain words, for the notification fallback text, where tokens are not wanted. */
export function valuePlain(value: ViewValue): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if ("url" in value) return value.text;
  return Number.isNaN(value.time.getTime()) ? t("slack.unknownTime") : displayMinute(value.time);
}
