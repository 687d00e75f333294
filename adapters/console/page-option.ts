// `--page N` (or `--page=N`) belongs to the surface, not to any command: the one-shot CLI's
// arguments and the console's typed words both take it out before the command is parsed.
import { z } from "zod";

const pageSchema = z.coerce
  .number({ error: "--page must be a page number" })
  .int("--page must be a whole number")
  .min(1, "--page must be 1 or more");

export type PageOption =
  | { ok: true; page: number | undefined; rest: string[] }
  | { ok: false; message: string };

/**
 * `--page N` (or `--page=N`) belongs to the surface, not to any command, so it is taken out of
 * the words before they are parsed: the one-shot CLI's arguments, the console's typed words.
 */
export function takePageOption(words: readonly string[]): PageOption {
  const rest: string[] = [];
  let raw: string | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (word === "--page") raw = words[++index] ?? "";
    else if (word.startsWith("--page=")) raw = word.slice("--page=".length);
    else rest.push(word);
  }
  if (raw === undefined) return { ok: true, page: undefined, rest };
  if (raw.trim() === "") return { ok: false, message: "--page needs a page number, e.g. --page 2" };
  const page = pageSchema.safeParse(raw);
  if (!page.success) {
    return { ok: false, message: page.error.issues[0]?.message ?? "--page is not valid" };
  }
  return { ok: true, page: page.data, rest };
}
