// What a test of a Korean answer checks: no English left in it. `expectNoEnglish` reads its
// words: none of three Latin letters or more but those allowed (names, ids, command words).
// `expectNoCatalogueEnglish` looks for the English catalogue's texts, two ways, so that neither
// a long sentence nor a short title slips through:
// - each English text as a pattern, its placeholders matching anything (`Banned .+ for .+ days`),
//   for texts with enough fixed letters to mean something (not `{count}` alone);
// - each fixed phrase of two words or more (plural and select branches included) that no Korean
//   text also has (a command word such as `reports --open` is in both).
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { expect } from "vitest";
import { english } from "../../src/i18n/messages/en/index.js";
import { korean } from "../../src/i18n/messages/ko/index.js";

function literals(elements: readonly MessageFormatElement[], found: string[] = []): string[] {
  for (const element of elements) {
    if (element.type === TYPE.literal) found.push(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) literals(option.value, found);
    }
    if (element.type === TYPE.tag) literals(element.children, found);
  }
  return found;
}

const runsOf = (text: string) =>
  literals(parse(text))
    .flatMap((literal) => literal.split(/[.:;!?()"“”]/))
    .map((run) => run.trim())
    .filter((run) => /^\S+( \S+)+$/.test(run) && /[A-Za-z]{2,}.*[A-Za-z]{2,}/.test(run));

/** Command words and option names (`slash.*`): typed as they are in every language. */
const isCommandWord = (key: string) => key.startsWith("slash.");

const KOREAN_TEXT = Object.values(korean).join("\n");

/** Every fixed English phrase of the catalogue, longest first (so the report names the whole). */
const ENGLISH_PHRASES = [
  ...new Set(
    Object.entries(english).flatMap(([key, text]) => (isCommandWord(key) ? [] : runsOf(text))),
  ),
]
  .filter((phrase) => !KOREAN_TEXT.includes(phrase))
  .sort((a, b) => b.length - a.length);

const escaped = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text as a pattern: fixed words as they are, each value as anything. */
function pattern(elements: readonly MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return escaped(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        const branches = Object.values(element.options).map((option) => pattern(option.value));
        return `(?:${branches.join("|")})`;
      }
      if (element.type === TYPE.tag) return pattern(element.children);
      return ".+?";
    })
    .join("");
}

/** Letters a text fixes, outside its values: below this a pattern would match anything. */
const MEANINGFUL_LETTERS = 8;

/** The fewest fixed letters any rendering of the text has (a branch may be a value alone). */
function fewestLetters(elements: readonly MessageFormatElement[]): number {
  let letters = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) letters += element.value.replace(/[^A-Za-z]/g, "").length;
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      letters += Math.min(...Object.values(element.options).map((o) => fewestLetters(o.value)));
    }
    if (element.type === TYPE.tag) letters += fewestLetters(element.children);
  }
  return letters;
}

const ENGLISH_PATTERNS = Object.entries(english).flatMap(([key, text]) => {
  if (isCommandWord(key) || fewestLetters(parse(text)) < MEANINGFUL_LETTERS) return [];
  return [{ key, pattern: new RegExp(pattern(parse(text))) }];
});

/** The English catalogue texts (by key) and phrases `text` contains: [] for a Korean answer. */
export function englishCatalogueTextIn(text: string): string[] {
  return [
    ...ENGLISH_PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ key }) => key),
    ...ENGLISH_PHRASES.filter((phrase) => text.includes(phrase)),
  ];
}

/** The text's English texts of the catalogue, as a failure names them: none in a Korean answer. */
export function expectNoCatalogueEnglish(text: string): void {
  expect(englishCatalogueTextIn(text), text).toEqual([]);
}

/**
 * The English words left in a Korean text: each word of three or more Latin letters (`_` joins
 * a word: `gamer_id`) that is not allowed. An allowed word is matched whole (`ban` allows `ban`,
 * not `banned`); an allowed entry with anything but letters in it (`channels list`, `c-01`,
 * `Case #`) is taken out of the text wherever it stands, before the words are read.
 */
export function englishWordsIn(text: string, allowed: Iterable<string> = []): string[] {
  const entries = [...allowed];
  const words = new Set(entries.filter((entry) => /^[A-Za-z_]+$/.test(entry)));
  let rest = text;
  for (const phrase of entries.filter((entry) => !words.has(entry)).sort(longestFirst)) {
    rest = rest.split(phrase).join(" ");
  }
  return (rest.match(/[A-Za-z][A-Za-z_]*/g) ?? []).filter(
    (word) => word.replace(/_/g, "").length >= 3 && !words.has(word),
  );
}

const longestFirst = (a: string, b: string) => b.length - a.length;

/** Fails, showing the text, when English words other than `allowed` are left in it. */
export function expectNoEnglish(text: string, allowed: Iterable<string> = []): void {
  expect(englishWordsIn(text, allowed), text).toEqual([]);
}
