// How typed text becomes words, the same on every surface: a command line in the terminal or
// Slack, and one field holding a list of words (Discord's `words` option, the forms).
//
// Moderators type natural language (don't, l'idiot, 사기꾼's), so an apostrophe inside a word is a
// letter: a quote opens only where a word starts (or right after `--name=`), and a single quote
// closes only where a word ends. A backslash makes the next character plain, inside quotes too.
// A quote left open is refused rather than guessed at: the words would otherwise change silently.

import { t, textIn } from "../i18n/translate.js";

const CLOSING: Readonly<Record<string, string>> = { '"': '"', "'": "'", "“": "”", "‘": "’" };
/** Quotes that double as apostrophes: they close only where a word ends. */
const APOSTROPHES = new Set(["'", "‘"]);
const EXCERPT_LENGTH = 12;

export class UnclosedQuoteError extends Error {
  constructor(
    /** 1-based, in characters (code points) of the text given. */
    readonly position: number,
    readonly quote: string,
    readonly excerpt: string,
  ) {
    super(textIn("en", "argument.unclosedQuote", quoteValues(position, quote, excerpt)));
    this.name = "UnclosedQuoteError";
  }

  /** The refusal in the language of the work running now (the message is English, for logs). */
  shown(): string {
    return t("argument.unclosedQuote", quoteValues(this.position, this.quote, this.excerpt));
  }
}

function quoteValues(position: number, quote: string, excerpt: string) {
  const close = CLOSING[quote] ?? quote;
  return { position, quote, excerpt, close, apostrophe: APOSTROPHES.has(quote) ? "yes" : "no" };
}

/** A word as read, and where it stands in the text it was read from. */
export interface TypedWord {
  /** Quotes removed and backslashes applied. */
  text: string;
  /** UTF-16 offsets: `line.slice(start, end)` is the word as typed, quotes included. */
  start: number;
  end: number;
}

/** Splits a command line into words at white space. Throws UnclosedQuoteError. */
export function tokenize(text: string): string[] {
  return [...readWords(text)].map((word) => word.text);
}

/**
 * The words of a command line one at a time, so that a reader can stop where free text begins
 * (a reason): a quote opened after that point is never read, and never refused. Throws
 * UnclosedQuoteError when the word holding the open quote is reached.
 */
export function* readWords(text: string): Generator<TypedWord, void, undefined> {
  for (const token of scan(text, "")) if (token !== SEPARATOR) yield token;
}

/**
 * The value written as one word of a command line, so that the rules above (and the text
 * parser, which takes a word starting `--` for an option) read it back exactly: as it is when
 * nothing in it means anything, else in double quotes with `\` and `"` escaped by a backslash.
 * Controls and line breaks are kept as they are: showing them is the terminal's concern.
 */
export function quoteWord(value: string): string {
  const plain = value !== "" && !value.startsWith("--") && !/[\s\\"'“‘”’,]/.test(value);
  return plain ? value : `"${value.replace(/[\\"]/g, "\\$&")}"`;
}

/**
 * A list field's text (`scam, gold seller`, as a form holds it) as words of a command line that
 * the parser reads back as the same words and phrases: each quoted as needed. A field whose
 * quote is left open has no phrases to read: it is written as one word, for the parser to refuse
 * as the form would.
 */
export function listAsWords(text: string): string {
  try {
    return splitWordList(text).map(quoteWord).join(" ");
  } catch (error) {
    if (error instanceof UnclosedQuoteError) return quoteWord(text);
    throw error;
  }
}

/**
 * One field holding a list: commas or new lines (outside quotes) separate words or phrases, and
 * spaces within a phrase are kept, so `scam, gold seller,` is two. Without a comma or new line
 * it reads as a command line does: `scam "gold seller"`. Throws UnclosedQuoteError.
 */
export function splitWordList(text: string): string[] {
  const items: string[][] = [[]];
  for (const token of scan(text, ",\n")) {
    if (token === SEPARATOR) items.push([]);
    else items[items.length - 1]?.push(token.text);
  }
  if (items.length === 1) return items[0] ?? [];
  return items.filter((words) => words.length > 0).map((words) => words.join(" "));
}

const SEPARATOR = Symbol("separator");

/** The words of the text and, where `separators` are given, the separators between them. */
function* scan(text: string, separators: string): Generator<TypedWord | typeof SEPARATOR> {
  const chars = [...text];
  // Where each character starts in the text, in UTF-16 units (what String.slice counts).
  const offsets: number[] = [];
  let offset = 0;
  for (const char of chars) {
    offsets.push(offset);
    offset += char.length;
  }
  offsets.push(offset);

  let word = "";
  /** The index of the current word's first character; undefined between words. */
  let from: number | undefined;
  let quote: { open: string; at: number } | undefined;

  const endWord = (at: number): TypedWord => {
    const ended = { text: word, start: offsets[from ?? at] ?? 0, end: offsets[at] ?? 0 };
    word = "";
    from = undefined;
    return ended;
  };
  const endsWord = (next: string | undefined) =>
    next === undefined || /\s/.test(next) || separators.includes(next);

  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    if (char === "\\" && i + 1 < chars.length) {
      from ??= i;
      word += chars[++i];
    } else if (quote) {
      const closes =
        char === CLOSING[quote.open] && (!APOSTROPHES.has(quote.open) || endsWord(chars[i + 1]));
      if (closes) quote = undefined;
      else word += char;
    } else if (char in CLOSING && (from === undefined || /^--[^\s=]+=$/.test(word))) {
      from ??= i;
      quote = { open: char, at: i };
    } else if (separators.includes(char)) {
      if (from !== undefined) yield endWord(i);
      yield SEPARATOR;
    } else if (/\s/.test(char)) {
      if (from !== undefined) yield endWord(i);
    } else {
      from ??= i;
      word += char;
    }
  }
  if (quote) {
    const rest = chars.slice(quote.at, quote.at + 1 + EXCERPT_LENGTH).join("");
    const more = chars.length > quote.at + 1 + EXCERPT_LENGTH ? "…" : "";
    throw new UnclosedQuoteError(quote.at + 1, quote.open, rest + more);
  }
  if (from !== undefined) yield endWord(chars.length);
}
