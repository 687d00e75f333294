// A command line drafted for the operator to finish: a form's command (Ban… on a card) in a
// surface that has no forms, the console. What is known is written so that the text parser reads
// it back exactly (tokenizer.ts quoteWord), and what is left to type comes last, where the
// cursor stands after the draft: `ban 10001 --reason "report #38" ` waits for the days. A list of
// words as a form holds it (`scam, gold seller`) is written word by word: `"gold seller" scam`.
import type { ArgumentSpec } from "./arguments.js";
import type { AnyCommand } from "./command.js";
import { listAsWords, quoteWord } from "./tokenizer.js";

export interface CommandDraft {
  /** Ends in a space when something is left to type. */
  line: string;
  /** The required arguments not known, in the order the parser takes them. */
  missing: string[];
}

export function commandDraft(command: AnyCommand, known: Record<string, string>): CommandDraft {
  const words = [command.name];
  const missing: string[] = [];
  for (const [name, spec] of Object.entries(command.args)) {
    const value = known[name];
    if (value === undefined) {
      if (spec.required) missing.push(name);
      continue;
    }
    // A positional argument after one still to type is named, or it would take that one's place.
    const named = spec.flag || missing.length > 0;
    words.push(named ? `--${name} ${quoteWord(value)}` : positionalWords(spec, value));
  }
  const line = words.join(" ");
  return { line: missing.length > 0 ? `${line} ` : line, missing };
}

/**
 * A known value in its place on the line: free text as it is (the parser takes the rest of the
 * line as typed), a list of words as a form holds it written word by word, anything else as one
 * word.
 */
export function positionalWords(spec: ArgumentSpec, value: string): string {
  if (spec.freeText) return value;
  return spec.variadic ? listAsWords(value) : quoteWord(value);
}
