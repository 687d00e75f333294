// What a moderator would see as not inert in a piece of rendered text, on any platform: a control
// or bidirectional character (line breaks allowed where the slot shows several lines).
const CONTROL = /[\p{Cc}]/u;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A control or bidi character in `text`, as U+XXXX; line breaks are allowed where `multiLine`. */
export function controlIn(text: string, multiLine: boolean): string | undefined {
  for (const char of text) {
    if (multiLine && char === "\n") continue;
    if (CONTROL.test(char) || BIDI.test(char)) {
      return `U+${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`;
    }
  }
  return undefined;
}
