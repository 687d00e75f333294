// `--page N` (or `--page=N`) belongs to the surface, not to any command: the one-shot CLI's
// arguments and the console's typed line both take it out before the command is parsed.
import { z } from "zod";
import { readWords, type TypedWord, t, UnclosedQuoteError } from "../../src/index.js";

// The messages are made when a page is refused, in the language of the work refusing it.
const pageSchema = z.coerce
  .number({ error: () => t("terminal.page.notANumber") })
  .int({ error: () => t("terminal.page.notWhole") })
  .min(1, { error: () => t("terminal.page.tooLow") });

export type PageOption =
  | { ok: true; page: number | undefined; rest: string[] }
  | { ok: false; message: string };

/** The CLI's arguments without `--page N`, and the page asked for. */
export function takePageOption(words: readonly string[]): PageOption {
  const found = findPageOption(words);
  const rest = words.filter((_word, index) => !found.taken.has(index));
  const page = pageNumber(found.raw);
  return page.ok ? { ...page, rest } : page;
}

export type PageOptionInLine =
  | { ok: true; page: number | undefined; text: string }
  | { ok: false; message: string };

/**
 * A typed line without `--page N`, cut out of the line itself, so that everything else (a
 * reason's quotes and spacing) stays as typed. A line the tokenizer refuses goes on whole: the
 * command's parser says what is wrong with it.
 */
export function takePageOptionFromLine(text: string): PageOptionInLine {
  let words: TypedWord[];
  try {
    words = [...readWords(text)];
  } catch (error) {
    if (error instanceof UnclosedQuoteError) return { ok: true, text, page: undefined };
    throw error;
  }
  const found = findPageOption(words.map((word) => word.text));
  const page = pageNumber(found.raw);
  if (!page.ok) return page;
  let kept = text;
  // From the end, so that the offsets of the words before stay right.
  for (const index of [...found.taken].sort((a, b) => b - a)) {
    const word = words[index];
    if (word) kept = `${kept.slice(0, word.start)}${kept.slice(word.end)}`;
  }
  return { ok: true, page: page.page, text: kept };
}

/** The last `--page` value given (undefined: none), and the indices of the words it took. */
function findPageOption(words: readonly string[]): { raw: string | undefined; taken: Set<number> } {
  const taken = new Set<number>();
  let raw: string | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (word === "--page") {
      taken.add(index);
      raw = words[index + 1] ?? "";
      if (index + 1 < words.length) taken.add(++index);
    } else if (word.startsWith("--page=")) {
      taken.add(index);
      raw = word.slice("--page=".length);
    }
  }
  return { raw, taken };
}

function pageNumber(
  raw: string | undefined,
): { ok: true; page: number | undefined } | { ok: false; message: string } {
  if (raw === undefined) return { ok: true, page: undefined };
  if (raw.trim() === "") return { ok: false, message: t("terminal.page.missing") };
  const page = pageSchema.safeParse(raw);
  if (!page.success) {
    return { ok: false, message: page.error.issues[0]?.message ?? t("terminal.page.invalid") };
  }
  return { ok: true, page: page.data };
}
