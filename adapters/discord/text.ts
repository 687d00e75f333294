// Making user content inert on Discord. Player names, chat messages, report reasons and channel
// names are hostile: they must never ping (@everyone, <@&role>), never become formatting, links
// or headings, never carry control or bidirectional characters, and never push a message over a
// limit. Every piece of view text passes through here; the adapter's own markup (bold labels,
// <t:…:R>) is added only afterwards.
//
// The rule, in this order:
// 1. Controls and bidirectional marks become visible stand-ins (␛, ␀, U+FFFD), the rule of every
//    front end (src/view/inert-text.ts); line breaks stay where Discord shows several lines.
// 2. Markdown is escaped. discord.js's escapeMarkdown is not used: its patterns take about 140 ms
//    on a 5,000-character message, and a list of long reports would hold the event loop for
//    seconds. Discord reads a backslash before any ASCII punctuation as that character
//    (simple-markdown's escape rule, /^\\([^0-9A-Za-z\s])/, which Discord's parser is built on),
//    so escaping every character that can start markup, wherever it stands, is linear, cannot
//    miss a context, and reads the same.
// 3. Bare URLs are broken. Discord's autolink is simple-markdown's url rule,
//    /^(https?:\/\/[^\s<]+[^<.,:;"')\]\s])/ (ariabuckles/simple-markdown lib/rules/url.jsx; the
//    reimplementation of Discord's markdown, brussell98/discord-markdown, uses it unchanged): it
//    needs the scheme, the colon and the two slashes side by side. `https\://example.com` has
//    a backslash between them, so no rule sees a URL there, and the escape rule shows the colon:
//    it reads "https://example.com", as plain text. Wrapping in <…> would not do: that only
//    removes the preview and the link stays clickable ("wrap the link with <> to remove the
//    embed", matthewzring's Discord markdown guide; Discord.Net's Format.EscapeUrl). A
//    zero-width space after :// would not do either: the url rule's [^\s<]+ takes it in (it
//    is not \s), and the link would still be live, to a mangled host.
// 4. Mentions are broken with a zero-width space (see withoutMentions).
// Footers and button labels render no markdown and no links: they get 1 and 4 only.
import { inertLine, inertLines } from "../../src/index.js";

const ZERO_WIDTH_SPACE = "\u200b";

/** Characters that open or close inline markup: bold, italics, underline, strike, spoilers, code, masked links. */
const INLINE_MARKUP = /[\\*_~`|[\]]/g;
/** What only counts at the start of a line: headings, subtext, quotes, bullets, numbered lists. */
const LINE_MARKUP = /^(\s*)([#>+-]|\d+(?=\.))/gm;
/** The colon of `scheme://`, where Discord's autolink starts. */
const URL_SCHEME = /:(?=\/\/)/g;

/** Markdown text that may span lines (descriptions, field values): reads the same, renders nothing. */
export function inert(text: string): string {
  return markupInert(inertLines(text));
}

/** Markdown text of one line (titles, field names): as `inert`, and a line break shows as ␊. */
export function inertOneLine(text: string): string {
  return markupInert(inertLine(text));
}

/** Text Discord shows without markdown (footers): controls and mentions only. */
export function plainText(text: string): string {
  return withoutMentions(inertLines(text));
}

/** One line Discord shows without markdown (button labels). */
export function plainLine(text: string): string {
  return withoutMentions(inertLine(text));
}

function markupInert(text: string): string {
  return withoutMentions(withoutLinks(escapeMarkdown(text)));
}

export function escapeMarkdown(text: string): string {
  return text
    .replace(INLINE_MARKUP, "\\$&")
    .replace(LINE_MARKUP, (_, space: string, mark: string) =>
      /^\d+$/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`,
    );
}

/** `https://x` as `https\://x`: reads the same, is no link (see the top of this file). */
export function withoutLinks(text: string): string {
  return text.replace(URL_SCHEME, "\\:");
}

/**
 * Mentions, channel links, slash-command links, custom emoji and timestamps all start with `<`,
 * and @everyone/@here need no brackets: a zero-width space after the trigger breaks every one of
 * them. allowedMentions { parse: [] } already stops the ping; this stops the rendering too.
 */
export function withoutMentions(text: string): string {
  return text
    .replaceAll("<", `<${ZERO_WIDTH_SPACE}`)
    .replace(/@(everyone|here)/gi, `@${ZERO_WIDTH_SPACE}$1`);
}

const ELLIPSIS = "…";

/** `text` cut to at most `max` characters (UTF-16 units, as Discord counts), marked with "…". */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  let kept = text.slice(0, max - ELLIPSIS.length);
  // Never leave half of a surrogate pair: it would be an invalid character.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return kept + ELLIPSIS;
}
