// User content (player names, chat messages, reasons, channel names) is hostile: an ESC sequence
// in a chat message would otherwise move the cursor, recolour or retitle the operator's
// terminal, and bidirectional overrides would make text read differently from what it is.
// Everything a view carries passes through here before it reaches a terminal, and is shown as
// a visible stand-in instead of being obeyed.

/** C0 controls, DEL and C1 controls (0x9B alone is a CSI on many terminals). */
const CONTROL = /\p{Cc}/gu;
/** Invisible reordering marks and overrides ("Trojan Source"); U+2028/9 act as line breaks. */
const INVISIBLE_FORMATTING = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
const REPLACEMENT = "\ufffd";

/** Unicode's Control Pictures (␛, ␍, ␀…) for C0 and DEL; a replacement mark for the rest. */
function visibleStandIn(control: string): string {
  const code = control.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return REPLACEMENT;
}

/** For one line: a table cell, a title. Tabs become spaces, line breaks become ␊. */
export function safeLine(text: string): string {
  return text
    .replace(/\t/g, " ")
    .replace(CONTROL, visibleStandIn)
    .replace(INVISIBLE_FORMATTING, REPLACEMENT);
}

/** For text that may span lines (descriptions, field values): keeps \n, neutralises the rest. */
export function safeLines(text: string): string[] {
  return text.replace(/\r\n/g, "\n").split("\n").map(safeLine);
}
