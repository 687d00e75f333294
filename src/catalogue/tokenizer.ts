// How typed text becomes words, the same on every surface: a command line in the terminal or
// Slack, and one field holding a list of words (Discord's `words` option, the forms).
//
// Moderators type natural language (don't, l'idiot, 사기꾼's), so an apostrophe inside a word is a
// letter: a quote opens only where a word starts (or right after `--name=`), and a single quote
// closes only where a word ends. A backslash makes the next character plain, inside quotes too.
// A quote left open is refused rather than guessed at: the words would otherwise change silently.

const CLOSING: Readonly<Record<string, string>> = { '"': '"', "'": "'", "“": "”", "‘": "’" };
/** Quotes that double as apostrophes: they close only where a word ends. */
const APOSTROPHES = new Set(["'", "‘"]);
const EXCERPT_LENGTH = 12;

export class UnclosedQuoteError extends Error {
  constructor(
    /** 1-based, in characters (code points) of the text given. */
    readonly position: number,
    quote: string,
    excerpt: string,
  ) {
    const close = CLOSING[quote] ?? quote;
    const ending = APOSTROPHES.has(quote) ? `a ${close} that ends a word` : close;
    super(
      `unclosed quote at character ${position} (${excerpt}): end the phrase with ${ending}, or type \\${quote} for a plain ${quote}`,
    );
    this.name = "UnclosedQuoteError";
  }
}

/** Splits a command line into words at white space. Throws UnclosedQuoteError. */
export function tokenize(text: string): string[] {
  return scan(text, "")[0] ?? [];
}

/**
 * One field holding a list: commas or new lines (outside quotes) separate words or phrases, and
 * spaces within a phrase are kept, so `scam, gold seller,` is two. Without a comma or new line
 * it reads as a command line does: `scam "gold seller"`. Throws UnclosedQuoteError.
 */
export function splitWordList(text: string): string[] {
  const items = scan(text, ",\n");
  if (items.length === 1) return items[0] ?? [];
  return items.filter((words) => words.length > 0).map((words) => words.join(" "));
}

/** Quotes a word so that tokenize() reads it back exactly (the one-shot CLI's argv). */
export function quoteWord(word: string): string {
  return `"${word.replace(/["\\]/g, "\\$&")}"`;
}

/** The words of each item between separators; one item when there are no separators. */
function scan(text: string, separators: string): string[][] {
  const chars = [...text];
  const items: string[][] = [[]];
  let word = "";
  let inWord = false;
  let quote: { open: string; at: number } | undefined;

  const endWord = () => {
    if (inWord) items[items.length - 1]?.push(word);
    word = "";
    inWord = false;
  };
  const endsWord = (next: string | undefined) =>
    next === undefined || /\s/.test(next) || separators.includes(next);

  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    if (char === "\\" && i + 1 < chars.length) {
      word += chars[++i];
      inWord = true;
    } else if (quote) {
      const closes =
        char === CLOSING[quote.open] && (!APOSTROPHES.has(quote.open) || endsWord(chars[i + 1]));
      if (closes) quote = undefined;
      else word += char;
    } else if (char in CLOSING && (!inWord || /^--[^\s=]+=$/.test(word))) {
      quote = { open: char, at: i };
      inWord = true;
    } else if (separators.includes(char)) {
      endWord();
      items.push([]);
    } else if (/\s/.test(char)) {
      endWord();
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote) {
    const rest = chars.slice(quote.at, quote.at + 1 + EXCERPT_LENGTH).join("");
    const more = chars.length > quote.at + 1 + EXCERPT_LENGTH ? "…" : "";
    throw new UnclosedQuoteError(quote.at + 1, quote.open, rest + more);
  }
  endWord();
  return items;
}
