// User content (player names, chat messages, reasons, channel names) is hostile: an ESC sequence
// in a chat message would otherwise move the cursor, recolour or retitle the operator's
// terminal, and bidirectional overrides would make text read differently from what it is.
// Everything a view carries passes through here before it reaches a terminal, and is shown as
// a visible stand-in instead of being obeyed: the same rule as on Discord and Slack
// (src/view/inert-text.ts).
import { inertLine, inertLines } from "../../src/index.js";

/** For one line: a table cell, a title. Tabs become spaces, line breaks become ␊. */
export function safeLine(text: string): string {
  return inertLine(text);
}

/** For text that may span lines (descriptions, field values): keeps \n, neutralises the rest. */
export function safeLines(text: string): string[] {
  return inertLines(text).split("\n");
}
