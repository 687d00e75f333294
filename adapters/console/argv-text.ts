// The one-shot CLI gets its arguments already split by the shell, but the catalogue's text
// parser (shared with the REPL and Slack) reads one line. Each argument is re-quoted so that the
// parser splits the line back into exactly the same words: `ban "two words" 3` stays three, and
// quotes and backslashes inside an argument arrive as typed.
import { quoteWord } from "../../src/catalogue/tokenizer.js";

export function argvToCommandText(argv: readonly string[]): string {
  return argv.map(quoteWord).join(" ");
}
