// The one-shot CLI gets its arguments already split by the shell, but the catalogue's text
// parser (shared with the REPL and Slack) reads one line. Each argument is re-quoted so that the
// parser splits the line back into exactly the same words: `ban "two words" 3` stays three.

/**
 * Quotes one argument for tokenize(): runs without `"` go inside "…", where nothing but `"` is
 * special, and each `"` goes inside '…'. Adjacent quoted stretches join into one word.
 */
export function quoteArgument(argument: string): string {
  if (argument === "") return '""';
  return argument
    .split(/(")/)
    .filter((part) => part !== "")
    .map((part) => (part === '"' ? `'"'` : `"${part}"`))
    .join("");
}

export function argvToCommandText(argv: readonly string[]): string {
  return argv.map(quoteArgument).join(" ");
}
