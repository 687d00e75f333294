// Making user content inert on Discord. Player names, chat messages, report reasons and channel
// names are hostile: they must never ping (@everyone, <@&role>), never become formatting, links
// or headings, and never push a message over a limit. Every piece of view text passes through
// here; the adapter's own markup (bold labels, <t:…:R>) is added only afterwards.
//
// discord.js's escapeMarkdown is not used: its patterns take about 140 ms on a 5,000-character
// message, and a list of long reports would hold the event loop for seconds. Discord reads a
// backslash before any punctuation as that character, so escaping every character that can
// start markup, wherever it stands, is linear, cannot miss a context, and reads the same.

const ZERO_WIDTH_SPACE = "\u200b";

/** Characters that open or close inline markup: bold, italics, underline, strike, spoilers, code, masked links. */
const INLINE_MARKUP = /[\\*_~`|[\]]/g;
/** What only counts at the start of a line: headings, subtext, quotes, bullets, numbered lists. */
const LINE_MARKUP = /^(\s*)([#>+-]|\d+(?=\.))/gm;

/** Text that reads the same but renders no markdown and mentions nobody. */
export function inert(text: string): string {
  return withoutMentions(escapeMarkdown(text));
}

export function escapeMarkdown(text: string): string {
  return text
    .replace(INLINE_MARKUP, "\\$&")
    .replace(LINE_MARKUP, (_, space: string, mark: string) =>
      /^\d+$/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`,
    );
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
