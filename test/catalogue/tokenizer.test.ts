// How typed text becomes words, on every surface: quotes, apostrophes, backslashes, and (for one
// field holding a whole list: Discord's words option, the forms) commas.
import { describe, expect, it } from "vitest";
import { wordsArgument } from "../../src/catalogue/arguments.js";
import {
  readWords,
  splitWordList,
  tokenize,
  UnclosedQuoteError,
} from "../../src/catalogue/tokenizer.js";

describe("tokenize", () => {
  it.each([
    // An apostrophe inside a word is a letter.
    ["don't", ["don't"]],
    ["l'idiot connard", ["l'idiot", "connard"]],
    ["don't spam, it's annoying", ["don't", "spam,", "it's", "annoying"]],
    ["사기꾼's 골드", ["사기꾼's", "골드"]],
    ["rock'n'roll", ["rock'n'roll"]],
    ["don’t", ["don’t"]],
    // A quote at the start of a word keeps a phrase whole; a ' closes only where a word ends.
    ['"골드 판매" 사기', ["골드 판매", "사기"]],
    ["'골드 판매' 사기", ["골드 판매", "사기"]],
    ["'사기꾼's 골드' 판매", ["사기꾼's 골드", "판매"]],
    ["'don't stop' now", ["don't stop", "now"]],
    ["“gold seller” ‘골드 판매’", ["gold seller", "골드 판매"]],
    ["‘don’t stop’", ["don’t stop"]],
    [`'say "hi"' "it's"`, ['say "hi"', "it's"]],
    ['"gold"en', ["golden"]],
    // A " inside a word is a character too.
    ['5" tall', ['5"', "tall"]],
    ['a""b', ['a""b']],
    // The value of --name= starts a word.
    ["--reason='spam bot'", ["--reason=spam bot"]],
    ['--reason="spam bot"', ["--reason=spam bot"]],
    // A backslash makes the next character plain, inside and outside quotes.
    [String.raw`he said \"hi\"`, ["he", "said", '"hi"']],
    [String.raw`"he said \"hi\""`, ['he said "hi"']],
    [String.raw`'it\'s' \'quoted\'`, ["it's", "'quoted'"]],
    [String.raw`gold\ seller`, ["gold seller"]],
    [String.raw`a\\b`, [String.raw`a\b`]],
    [String.raw`"골드\\판매"`, [String.raw`골드\판매`]],
    [String.raw`C:\path`, ["C:path"]],
    [String.raw`gold\ `, ["gold "]],
    // A backslash at the very end has nothing to escape and stays.
    ["trailing\\", ["trailing\\"]],
    // Empty quotes are an empty word; white space of any kind separates.
    ['""', [""]],
    ["''", [""]],
    ['a "" b', ["a", "", "b"]],
    ["  a \t b\n c ", ["a", "b", "c"]],
    ["", []],
  ])("%s", (text, words) => {
    expect(tokenize(text)).toEqual(words);
  });

  it.each([
    [
      'ban g 3 "gold seller',
      9,
      `unclosed quote at character 9 ("gold seller): end the phrase with ", or type \\" for a plain "`,
    ],
    [
      "'골드 판매",
      1,
      `unclosed quote at character 1 ('골드 판매): end the phrase with a ' that ends a word, or type \\' for a plain '`,
    ],
    [
      "'a'b",
      1,
      `unclosed quote at character 1 ('a'b): end the phrase with a ' that ends a word, or type \\' for a plain '`,
    ],
    [
      String.raw`"a\"`,
      1,
      `unclosed quote at character 1 ("a\\"): end the phrase with ", or type \\" for a plain "`,
    ],
    [
      "x “gold seller and more words",
      3,
      `unclosed quote at character 3 (“gold seller …): end the phrase with ”, or type \\“ for a plain “`,
    ],
  ])("refuses an unclosed quote, naming where it opened: %s", (text, position, message) => {
    const thrown = (() => {
      try {
        tokenize(text);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(UnclosedQuoteError);
    expect(thrown).toMatchObject({ position, message });
  });
});

describe("readWords", () => {
  it("says where each word stands in the line, as typed", () => {
    const line = `ban  "골드 판매" it\\'s 😀x`;
    const words = [...readWords(line)];
    expect(words.map((word) => word.text)).toEqual(["ban", "골드 판매", "it's", "😀x"]);
    expect(words.map((word) => line.slice(word.start, word.end))).toEqual([
      "ban",
      '"골드 판매"',
      "it\\'s",
      "😀x",
    ]);
  });

  it("reads one word at a time: a quote left open further on is not refused until reached", () => {
    const words = readWords('ban g "open');
    expect(words.next().value).toMatchObject({ text: "ban" });
    expect(words.next().value).toMatchObject({ text: "g" });
    expect(() => words.next()).toThrow(UnclosedQuoteError);
  });
});

describe("splitWordList: one field holding a list", () => {
  it.each([
    // Commas (or new lines) separate; a phrase between them may hold spaces.
    ["scam, gold seller", ["scam", "gold seller"]],
    ["gold seller,", ["gold seller"]],
    ["  gold   seller ,scam,, ", ["gold seller", "scam"]],
    ["one\ntwo three", ["one", "two three"]],
    ["don't, l'idiot connard", ["don't", "l'idiot connard"]],
    // Quotes work as in a typed command, and keep commas.
    ['"gold seller"', ["gold seller"]],
    ['"gold seller", scam', ["gold seller", "scam"]],
    ['"gold, seller", scam', ["gold, seller", "scam"]],
    ["사기꾼's, '골드 판매'", ["사기꾼's", "골드 판매"]],
    ['"골드 판매" 사기', ["골드 판매", "사기"]],
    [String.raw`"\"gold seller\""`, ['"gold seller"']],
    [String.raw`one\, two`, ["one,", "two"]],
    // With no comma, spaces separate, as in a typed command.
    ["gold seller", ["gold", "seller"]],
    ['"", scam', ["", "scam"]],
    [",", []],
  ])("%s", (text, words) => {
    expect(splitWordList(text)).toEqual(words);
  });

  it("refuses an unclosed quote", () => {
    expect(() => splitWordList('scam, "gold seller')).toThrow(
      /^unclosed quote at character 7 \("gold seller\)/,
    );
  });
});

describe("the words argument reads a single field with splitWordList", () => {
  const words = wordsArgument().schema;
  it("accepts phrases, quotes and a trailing comma", () => {
    expect(words.parse('"gold seller"')).toEqual(["gold seller"]);
    expect(words.parse("gold seller,")).toEqual(["gold seller"]);
    expect(words.parse('"골드 판매", 사기꾼\'s')).toEqual(["골드 판매", "사기꾼's"]);
  });
  it("names an unclosed quote", () => {
    const outcome = words.safeParse('scam, "gold seller');
    expect(outcome.success).toBe(false);
    expect(outcome.error?.issues[0]?.message).toMatch(/^unclosed quote at character 7/);
  });
});
