// Every text a moderator or operator reads comes from here: `t(key, values)` formats the key's
// ICU MessageFormat text (plurals, selects, numbers) in the language of the work running now
// (presentation.ts), with FormatJS's intl-messageformat. English is always loaded; another
// language's catalogue is loaded once, when a front end says it may be needed (loadLocales), so
// a one-shot command in English never reads the Korean texts. Each text is compiled the first
// time it is used and kept, so a card rendered again costs a lookup and a format.
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import type { Locale } from "./locales.js";
import { english, type MessageKey } from "./messages/en/index.js";
import { presentation } from "./presentation.js";

export type { MessageKey };
/** What a text's placeholders are filled with: player text stays a value, never markup. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/**
 * A text as written, or (in the bundled binary, scripts/bundle-cli.mjs) already parsed into
 * FormatJS's elements, so the binary needs no ICU parser.
 */
type CatalogueText = string | MessageFormatElement[];
type Catalogue = Readonly<Record<MessageKey, CatalogueText>>;

const catalogues = new Map<Locale, Catalogue>([["en", english]]);
const compiled = new Map<string, IntlMessageFormat>();

/** Loads the catalogues of `locales` (each once); English is always there. */
export async function loadLocales(locales: Iterable<Locale>): Promise<void> {
  for (const locale of locales) {
    if (catalogues.has(locale)) continue;
    if (locale === "ko") catalogues.set("ko", (await import("./messages/ko/index.js")).korean);
  }
}

/** The text of `key` in the language of the work running now, its placeholders filled. */
export function t(key: MessageKey, values?: MessageValues): string {
  return textIn(presentation().locale, key, values);
}

/**
 * The text of `key` in `locale`. A language whose catalogue was not loaded answers in English:
 * a front end that forgot to load it shows English rather than failing a moderator's command
 * (the Korean day tests would show the English).
 */
export function textIn(locale: Locale, key: MessageKey, values?: MessageValues): string {
  const catalogue = catalogues.get(locale);
  const language = catalogue ? locale : "en";
  const source: CatalogueText = (catalogue ?? english)[key];
  // A text with no placeholder, plural or quote is itself: most labels and titles, formatted
  // without compiling (nor, in a one-shot that shows only such texts, loading ICU's plural data).
  if (typeof source === "string" && !/[{}']/.test(source)) return source;
  const id = `${language}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(source, language);
    compiled.set(id, format);
  }
  const text = format.format<string>(values);
  return typeof text === "string" ? text : [text].flat().join("");
}
