// Every catalogue key has its text in each language (the Translation type makes a missing or
// extra key a type error), and here: every text is valid ICU MessageFormat, and the texts of one
// key take the same placeholders, of the same kinds, with the same select choices, so a text
// can never ask for a value the code does not give, in either language.
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { english as englishTexts } from "../../src/i18n/messages/en/index.js";
import { korean as koreanTexts } from "../../src/i18n/messages/ko/index.js";

const english: Readonly<Record<string, string>> = englishTexts;
const korean: Readonly<Record<string, string>> = koreanTexts;

// A count is a plural in English and often a plain number in Korean (`{days}일`): both are the
// one value the code gives. A select's choices and a date's kind must match.
const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: "value",
  [TYPE.number]: "value",
  [TYPE.date]: "date",
  [TYPE.time]: "time",
  [TYPE.select]: "select",
  [TYPE.plural]: "value",
  [TYPE.tag]: "tag",
};

/** `name:kind` of every placeholder, and `name=choice` of every select's choices. */
function placeholders(elements: readonly MessageFormatElement[], found = new Set<string>()) {
  for (const element of elements) {
    const kind = KIND[element.type];
    if (kind && "value" in element && typeof element.value === "string") {
      found.add(`${element.value}:${kind}`);
    }
    if (element.type === TYPE.select) {
      for (const [choice, option] of Object.entries(element.options)) {
        found.add(`${element.value}=${choice}`);
        placeholders(option.value, found);
      }
    }
    // Plural categories differ by language (Korean has only `other`): their content counts.
    if (element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
    if (element.type === TYPE.tag) placeholders(element.children, found);
  }
  return found;
}

/** Whether a plural anywhere in the text shows its count as `#`. */
function hasPound(elements: readonly MessageFormatElement[]): boolean {
  return elements.some((element) => {
    if (element.type === TYPE.pound) return true;
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      return Object.values(element.options).some((option) => hasPound(option.value));
    }
    return element.type === TYPE.tag && hasPound(element.children);
  });
}

/** A text without its placeholders: what a reader sees of it besides the values. */
const stripped = (text: string) => text.replace(/\{[^}]*\}/g, "");

const shape = (text: string) => [...placeholders(parse(text))].sort();

describe("the message catalogues", () => {
  const keys = Object.keys(english);

  it("have the same keys in English and Korean", () => {
    expect(Object.keys(korean).sort()).toEqual([...keys].sort());
  });

  it.each(keys)("%s: both texts parse and take the same placeholders", (key) => {
    const [ko = "", en = ""] = [korean[key], english[key]];
    expect(shape(ko), ko).toEqual(shape(en));
  });

  // ICU's # formats the count with digit grouping (3,650) where chatwarden writes 3650, as the
  // chat API and --json do: a count is written {days}, never #.
  it("write counts as their value, never as # (which would group digits)", () => {
    const grouped = [...Object.entries(english), ...Object.entries(korean)].filter(([, text]) =>
      hasPound(parse(text)),
    );
    expect(grouped.map(([key]) => key)).toEqual([]);
  });

  it("name no English text in the Korean one (each key is translated)", () => {
    const untranslated = keys.filter(
      (key) => korean[key] === english[key] && /[a-z]{3}/i.test(stripped(english[key] ?? "")),
    );
    expect(untranslated).toEqual([]);
  });
});
