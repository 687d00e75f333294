import { presentation } from "../i18n/presentation.js";

/** `a`, `a and b`, `a, b and c` (or `a, b or c`): a list read as a sentence reads it. */
export function inWords(items: readonly string[], conjunction: "and" | "or" = "and"): string {
  const last = items[items.length - 1] ?? "";
  return items.length < 2 ? last : `${items.slice(0, -1).join(", ")} ${conjunction} ${last}`;
}

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * `a, b and c` in the language of the work running now: English as inWords says it (no serial
 * comma, as every English answer has it), another language by Intl (`a, b 및 c`).
 */
export function inWordsHere(items: readonly string[]): string {
  const { locale } = presentation();
  if (locale === "en") return inWords(items);
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: "conjunction" });
    listFormats.set(locale, format);
  }
  return format.format(items);
}
