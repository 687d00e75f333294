// The platform-neutral half of making player text inert, the same rule on every front end: the
// terminal, Discord and Slack. Player names, chat messages, reasons and channel names are hostile:
// an ESC sequence would move the cursor, recolour or retitle an operator's terminal, a NUL or
// another control character has no business in a chat message, and bidirectional overrides and
// isolates ("Trojan Source") make text read differently from what it is: `gift\u202Etxt.exe`
// shows as "giftexe.txt". None of them is obeyed or passed on. Each is shown as a visible
// stand-in instead, so a moderator can see that the player sent one and still read the rest.
// Each platform then applies its own markup rule on top (adapters/*/text.ts, mrkdwn.ts).

/** C0 controls, DEL and C1 controls (0x9B alone is a CSI on many terminals). */
const CONTROL = /\p{Cc}/gu;
/**
 * Invisible reordering marks, embeddings, overrides and isolates; U+2028/9 act as line breaks.
 * Zero-width joiners stay: emoji sequences (👨‍👩‍👧) are built from them.
 */
const INVISIBLE_FORMATTING = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
const REPLACEMENT = "\ufffd";

/**
 * Unicode's Control Pictures (␛, ␍, ␀…) for C0 and DEL; a replacement mark for the rest. The
 * store keeps a NUL as its picture too (feed/storable-report.ts), so it reads alike everywhere.
 */
export function visibleStandIn(control: string): string {
  const code = control.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return REPLACEMENT;
}

/**
 * For one line: a title, a label, a table cell, a button. Tabs become spaces, line breaks
 * become ␊ (a name has no business holding one), every other control its stand-in.
 */
export function inertLine(text: string): string {
  return text
    .replace(/\t/g, " ")
    .replace(CONTROL, visibleStandIn)
    .replace(INVISIBLE_FORMATTING, REPLACEMENT);
}

/** For text that may span lines (descriptions, field values, messages): keeps \n, neutralises the rest. */
export function inertLines(text: string): string {
  return text.replace(/\r\n/g, "\n").split("\n").map(inertLine).join("\n");
}
