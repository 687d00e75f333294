// Where the text parser's words come from: a line typed in the terminal or Slack, read word by
// word with the tokenizer's quoting rules, or the one-shot CLI's arguments, already split (and
// their quotes already read) by the shell. Either way the parser can stop reading words where
// free text begins and take the rest as it was typed.
import { readWords } from "./tokenizer.js";

export interface WordSource {
  /** The next word, read by the quoting rules; undefined at the end. Throws UnclosedQuoteError. */
  next(): string | undefined;
  /** The next word as typed, without reading it: the parser looks before free text begins. */
  peek(): string | undefined;
  /**
   * Everything not read yet, exactly as typed, and the `--switches` among `switches` that end
   * it (the surface's own, such as `--yes`), taken off the end.
   */
  rest(switches: readonly string[]): { text: string; switches: string[] };
}

/** A typed line. The rest keeps its quotes, backslashes and spacing; only its ends are trimmed. */
export function lineSource(line: string): WordSource {
  const words = readWords(line);
  /** Where the words not read yet begin. */
  let position = 0;
  const unread = () => line.slice(position).trim();
  return {
    next() {
      const read = words.next();
      position = read.done ? line.length : read.value.end;
      return read.done ? undefined : read.value.text;
    },
    peek: () => unread().split(/\s+/, 1)[0] || undefined,
    rest(switches) {
      let text = unread();
      const taken: string[] = [];
      for (let last = /(^|\s)--(\S+)$/.exec(text); last; last = /(^|\s)--(\S+)$/.exec(text)) {
        const name = last[2] as string;
        if (!switches.includes(name)) break;
        taken.unshift(name);
        text = text.slice(0, last.index).trimEnd();
      }
      position = line.length;
      return { text, switches: taken };
    },
  };
}

/**
 * The CLI's arguments. The shell has already read the quotes, so each argument is a word as the
 * operator meant it, and the rest is those words joined by one space: spacing within an argument
 * is kept, spacing between them is the shell's to drop.
 */
export function argvSource(argv: readonly string[]): WordSource {
  let index = 0;
  return {
    next: () => (index < argv.length ? argv[index++] : undefined),
    peek: () => argv[index],
    rest(switches) {
      const left = argv.slice(index);
      index = argv.length;
      const taken: string[] = [];
      for (let last = left.at(-1); last?.startsWith("--"); last = left.at(-1)) {
        if (!switches.includes(last.slice(2))) break;
        taken.unshift(last.slice(2));
        left.pop();
      }
      return { text: left.join(" "), switches: taken };
    },
  };
}
