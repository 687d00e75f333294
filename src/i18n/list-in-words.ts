// A list read as part of a sentence, in the language of the work running now: `a, b and c` in
// English (as view/in-words.ts writes it: British English's Intl lists have no serial comma),
// `a, b 및 c` in Korean. Intl knows each language's joining words, so no text of the catalogue
// is concatenated to make one.
import type { Locale } from "./locales.js";
import { presentation } from "./presentation.js";

/** The Intl locale whose lists read as chatwarden's English and Korean already do. */
const LIST_LOCALE: Record<Locale, string> = { en: "en-GB", ko: "ko" };

const formats = new Map<string, Intl.ListFormat>();

/** `a, b and c` (or `a, b or c`) in the language of the work running now. */
export function listInWords(items: readonly string[], conjunction: "and" | "or" = "and"): string {
  const locale = LIST_LOCALE[presentation().locale];
  const type = conjunction === "and" ? "conjunction" : "disjunction";
  const id = `${locale}\u0000${type}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.ListFormat(locale, { type });
    formats.set(id, format);
  }
  return format.format(items);
}
