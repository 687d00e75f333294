// What a declaration says of itself (a command's summary, an argument's description) in every
// language. A declaration is built once, at start-up, outside anyone's work, so it cannot hold
// a translated text: it holds a catalogue key (`text("command.ban.summary")`), and the text is
// looked up each time it is read, in the language of the work reading it (a Korean moderator's
// help, a Discord registration asking for `ko`). A plain string is shown as it is in every
// language: a command written without catalogue entries (a test's, a new one) still works.

import { english } from "../i18n/messages/en/index.js";
import { presentation } from "../i18n/presentation.js";
import { type MessageKey, type MessageValues, t, textIn } from "../i18n/translate.js";
import { inWords } from "../view/in-words.js";

/** A catalogue text with its values, looked up when shown. */
export interface CatalogueText {
  readonly key: MessageKey;
  readonly values?: MessageValues;
}

/** What a declaration's text is: a catalogue text, or a string shown as it is. */
export type Wording = string | CatalogueText;

/** The catalogue text of `key`, for a declaration: looked up when shown. */
export function text(key: MessageKey, values?: MessageValues): CatalogueText {
  return values === undefined ? { key } : { key, values };
}

/** How many plain strings `say` has said: `catalogued` tells a text made of none. */
let plainStringsSaid = 0;

/** The wording in the language of the work running now. */
export function say(wording: Wording): string {
  if (typeof wording !== "string") return t(wording.key, wording.values);
  plainStringsSaid += 1;
  return wording;
}

/**
 * `read`'s text, or undefined when a plain string went into it: such a text is the same in every
 * language in part only (a shared argument's words in Korean around a purpose in English), and a
 * platform that shows one text per language (Discord's localizations) shows its default instead.
 */
export function catalogued(read: () => string | undefined): string | undefined {
  const before = plainStringsSaid;
  const text = read();
  return plainStringsSaid === before ? text : undefined;
}

/** The wording in English, whatever the work's language: a log line, a thrown error's message. */
export function sayInEnglish(wording: Wording): string {
  return typeof wording === "string" ? wording : textIn("en", wording.key, wording.values);
}

/**
 * `target` with `property` read through `read` each time, enumerable as a plain property is: a
 * reader gets the text of its own language, and `{ ...target }` copies today's.
 */
export function lookedUpWhenRead<Target extends object, Property extends string>(
  target: Target,
  property: Property,
  read: () => string,
): Target & Record<Property, string> {
  return Object.defineProperty(target, property, {
    get: read,
    enumerable: true,
    configurable: true,
  }) as Target & Record<Property, string>;
}

/**
 * `base` with `changes` laid over it, each property as it is defined (a looked-up text stays
 * looked up, where `{ ...base, ...changes }` would copy the text of the moment).
 */
export function overlaid<Base extends object, Changes extends object>(
  base: Base,
  changes: Changes,
): Omit<Base, keyof Changes> & Changes {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(base));
  return Object.defineProperties(copy, Object.getOwnPropertyDescriptors(changes)) as Omit<
    Base,
    keyof Changes
  > &
    Changes;
}

/**
 * Alternatives as a sentence reads them, in the language of the work running now: English as
 * chatwarden always wrote them (`commas`: `a, b or c`; `or`: `a or b or c`), another language
 * as Intl's list format does (`a, b 또는 c`).
 */
export function orList(items: readonly string[], english: "commas" | "or"): string {
  const { locale } = presentation();
  if (locale === "en") return english === "commas" ? inWords(items, "or") : items.join(" or ");
  return new Intl.ListFormat(locale, { type: "disjunction" }).format(items);
}

/**
 * What the language of the work running now calls a command word, argument name or choice
 * (`ban` → 채팅금지 in Korean, `gamer_id` → 플레이어): where a platform shows names in the
 * reader's language (Discord's name localizations). Undefined when the catalogue has no name for
 * it (`slash.<word in camelCase>`); what is typed stays the word itself.
 */
export function localizedWord(word: string, kind: "name" | "choice" = "name"): string | undefined {
  const camel = word.replace(/[-_ ]+(\p{L})/gu, (_, letter: string) => letter.toUpperCase());
  const key = kind === "name" ? `slash.${camel}` : `slash.choice.${camel}`;
  return isMessageKey(key) ? t(key) : undefined;
}

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(english, key);
}
