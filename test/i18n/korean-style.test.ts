// The Korean catalogue keeps the style of src/i18n/messages/glossary.md, so that a new text reads
// like the old ones: no word the glossary rejects, no 해요체 anywhere, answers that end their
// sentences in 합니다체, labels that are noun phrases, and no particle after a value that would
// be wrong for some values (`{player}은` reads wrong for 달빛기사). Each rule is a function of
// one text, shown below to catch a bad text as well as to pass every text of the catalogue.
import { readFileSync } from "node:fs";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { korean as koreanTexts } from "../../src/i18n/messages/ko/index.js";

const korean: Readonly<Record<string, string>> = koreanTexts;

/** Where a value stands in a rendering: its last sound (받침 or not) is not known. */
const VALUE = "\uE000";

/** Every way the text can read, each value as VALUE and each select or plural branch taken. */
function renderings(elements: readonly MessageFormatElement[]): string[] {
  let texts = [""];
  for (const element of elements) {
    let pieces: string[];
    if (element.type === TYPE.literal) pieces = [element.value];
    else if (element.type === TYPE.select || element.type === TYPE.plural) {
      pieces = Object.values(element.options).flatMap((option) => renderings(option.value));
    } else if (element.type === TYPE.tag) pieces = renderings(element.children);
    else pieces = [VALUE];
    texts = texts.flatMap((text) => pieces.map((piece) => text + piece));
  }
  return texts;
}

const renderingsOf = (text: string) => renderings(parse(text));

// ---------------------------------------------------------------------------------------------
// Rule 1: the glossary's rejected words appear in no text.

const GLOSSARY = readFileSync(
  new URL("../../src/i18n/messages/glossary.md", import.meta.url),
  "utf8",
);

/**
 * The first column of the glossary's "Words not used" table: `밴` is a word, `/명령(?!어)/` a
 * pattern (for a word that is part of the right one).
 */
function rejectedWords(glossary: string): { shown: string; pattern: RegExp }[] {
  const section = glossary.split(/^## /m).find((part) => part.startsWith("Words not used"));
  if (!section) throw new Error("the glossary has no 'Words not used' section");
  const rows = section.split("\n").filter((line) => /^\| `/.test(line));
  return rows.flatMap((row) =>
    [...(row.split("|")[1] ?? "").matchAll(/`([^`]+)`/g)].map(([, word = ""]) => ({
      shown: word,
      pattern: word.startsWith("/")
        ? new RegExp(word.slice(1, -1))
        : new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    })),
  );
}

const REJECTED = rejectedWords(GLOSSARY);

const rejectedIn = (text: string) =>
  REJECTED.filter(({ pattern }) => pattern.test(text)).map(({ shown }) => shown);

// ---------------------------------------------------------------------------------------------
// Rule 2: no 해요체 (할까요?, 하세요., 있어요): answers are 합니다체, labels noun phrases.

/** Nouns that end in 요 (필요, 중요, 개요): not a 해요체 ending. */
const NOUNS_ENDING_IN_YO = /(필|중|개)요$/;

function haeyoIn(text: string): string[] {
  return renderingsOf(text).flatMap((rendering) =>
    [...rendering.matchAll(/[가-힣]*요(?=[.?!,:)\s]|$)/g)]
      .map(([word]) => word)
      .filter((word) => !NOUNS_ENDING_IN_YO.test(word)),
  );
}

// ---------------------------------------------------------------------------------------------
// Rule 3: what the key names an answer ends each sentence in 합니다체 (…니다. …니까? …십시오.).

/**
 * An answer's key: its last part is or starts `description` or `question`, or ends `Text`,
 * `Hint` or `Question` (`runner.denied.description`, `ban.questionLong`, `take.tookText`),
 * except an argument's description (`argument.*`), which is a noun phrase.
 */
function isAnswerKey(key: string): boolean {
  const last = key.split(".").at(-1) ?? "";
  if (key.startsWith("argument.")) return false;
  return /^(description|question)|(Text|Hint|Question)$/.test(last);
}

/** A sentence's end that is not 합니다체: `…했어요.`, `…한다.`, `…할까?`, `…없음.` */
function plainEndingsIn(text: string): string[] {
  return renderingsOf(text).flatMap((rendering) =>
    rendering
      .split(/(?<=[.?!])\s+|\n/)
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence !== "")
      .filter(
        (sentence) =>
          // A sentence may end in a value, a quote or a parenthesis: what it says is theirs.
          !/(니다|니까|십시오)[.?!]?$/.test(sentence) && !/[\uE000")'`][.?!]?$/.test(sentence),
      ),
  );
}

// ---------------------------------------------------------------------------------------------
// Rule 4: labels (columns, fields, buttons, menus, flags, summaries, argument descriptions,
// Discord's names) are noun phrases, never a sentence.

function isLabelKey(key: string): boolean {
  const parts = key.split(".");
  if (key.startsWith("slash.") || key.startsWith("command.")) return !/Rule$/.test(key);
  return parts.some((part) => ["column", "field", "button", "menu", "flag"].includes(part));
}

const sentencesIn = (text: string) =>
  renderingsOf(text).filter((rendering) => /(니다|니까|십시오|[다요])[.?!]?$/.test(rendering));

// ---------------------------------------------------------------------------------------------
// Rule 5: after a value, a particle that reads well whatever the value's last sound. 은/는,
// 이/가, 을/를, 과/와, 으로/로, 이나/나, 이라/라 depend on it: `{player}은` is wrong for
// 달빛기사. Write the text so that a word follows the value (`{player}의`, `{player} 님이`,
// `{name} 값이`), or, as a last resort, both forms (`{name}은(는)`).

const PAIRED_PARTICLE =
  /^["'\]]*(\(|은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)|와\(과\)|과\(와\))/;
const SINGLE_PARTICLE =
  /^["'\]]*(은|는|이|가|을|를|과|와|으로|로|이나|나|이라|라|이란|란|이랑|랑)(?![가-힣(])/;

/**
 * A parenthesis before a particle, taken out: the particle agrees with the word before it
 * (`번호(#{id})를` is 번호를, `{name} ({id})이` is {name}이), not with what is inside. A paired
 * form's `(으)` or `(는)` stays.
 */
const withoutAsides = (rendering: string) =>
  rendering.replace(/\s?\((?![가-힣]\))[^()]*\)(?=[가-힣])/g, "");

function looseParticlesIn(text: string): string[] {
  return renderingsOf(text).flatMap((rendering) =>
    withoutAsides(rendering)
      .split(VALUE)
      .slice(1)
      .filter((after) => !PAIRED_PARTICLE.test(after) && SINGLE_PARTICLE.test(after))
      .map((after) => `{…}${after.slice(0, 12)}`),
  );
}

// ---------------------------------------------------------------------------------------------

const entries = Object.entries(korean);

/** `key: what breaks the rule` for each text of `keys` that breaks it. */
function breaches(keys: [string, string][], rule: (text: string) => string[]): string[] {
  return keys.flatMap(([key, text]) => rule(text).map((found) => `${key}: ${found}`));
}

describe("the Korean catalogue's style (glossary.md)", () => {
  it("uses none of the words the glossary rejects", () => {
    expect(REJECTED.length).toBeGreaterThan(10);
    expect(breaches(entries, rejectedIn)).toEqual([]);
  });

  it("has no 해요체 ending in any text", () => {
    expect(breaches(entries, haeyoIn)).toEqual([]);
  });

  it("ends every sentence of an answer in 합니다체", () => {
    const answers = entries.filter(([key]) => isAnswerKey(key));
    expect(answers.length).toBeGreaterThan(30);
    expect(breaches(answers, plainEndingsIn)).toEqual([]);
  });

  it("writes labels, summaries and Discord's names as noun phrases", () => {
    const labels = entries.filter(([key]) => isLabelKey(key));
    expect(labels.length).toBeGreaterThan(100);
    expect(breaches(labels, sentencesIn)).toEqual([]);
  });

  it("puts no particle after a value that reads wrong for some values", () => {
    expect(breaches(entries, looseParticlesIn)).toEqual([]);
  });
});

describe("each style rule catches a text that breaks it", () => {
  it("a rejected word: 밴, 차단, a bare 명령", () => {
    expect(rejectedIn("{player} 밴 7일")).toEqual(["밴"]);
    expect(rejectedIn("플레이어를 차단했습니다.")).toContain("차단");
    expect(rejectedIn("명령을 입력하십시오.")).toContain("/명령(?![어줄])/");
    expect(rejectedIn("명령어를 입력하십시오.")).toEqual([]);
  });

  it("해요체, in a branch too, but not a noun that ends in 요", () => {
    expect(haeyoIn("{player}의 채팅을 금지할까요?")).toEqual(["금지할까요"]);
    expect(haeyoIn("{ok, select, yes {됐습니다.} other {다시 하세요.}}")).toEqual(["하세요"]);
    expect(haeyoIn("--{name}에는 값이 필요합니다. 확인이 필요")).toEqual([]);
  });

  it("an answer's sentence that does not end in 합니다체", () => {
    expect(isAnswerKey("runner.denied.description")).toBe(true);
    expect(isAnswerKey("ban.questionLong")).toBe(true);
    expect(isAnswerKey("argument.days.description")).toBe(false);
    expect(plainEndingsIn("기각했습니다. 다시 담당하세요.")).toEqual(["다시 담당하세요."]);
    expect(plainEndingsIn("{count}건을 기각함.")).toEqual(["\uE000건을 기각함."]);
    expect(plainEndingsIn("그래도 진행하시겠습니까? 이 질문은 {seconds}초 후 만료됩니다.")).toEqual(
      [],
    );
    expect(plainEndingsIn('보내시겠습니까? "{message}"')).toEqual([]);
  });

  it("a label written as a sentence", () => {
    expect(isLabelKey("cards.button.dismiss")).toBe(true);
    expect(isLabelKey("command.ban.summary")).toBe(true);
    expect(isLabelKey("command.stats.arg.periodRule")).toBe(false);
    expect(sentencesIn("신고를 기각합니다")).toEqual(["신고를 기각합니다"]);
    expect(sentencesIn("기각")).toEqual([]);
  });

  it("a particle after a value that fits only some values", () => {
    expect(looseParticlesIn("{player}은 이미 채팅 금지 중입니다")).toEqual([
      "{…}은 이미 채팅 금지 중",
    ]);
    expect(looseParticlesIn("{name} ({id})가 일치합니다")).toHaveLength(1);
    expect(looseParticlesIn("{variable}를 설정하십시오")).toHaveLength(1);
    expect(looseParticlesIn("{call}에 응답하지 않았습니다")).toEqual([]);
    expect(looseParticlesIn("{player}의 채팅, {name} 값이 없음, {days}일, {name}은(는)")).toEqual(
      [],
    );
    expect(looseParticlesIn("{status}(으)로 응답, {x}입니다, {x}이며")).toEqual([]);
    expect(looseParticlesIn("같은 번호(#{id})를 붙였고, 담당 해제(take {id} --release)를")).toEqual(
      [],
    );
  });
});
