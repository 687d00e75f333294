// The one-shot CLI's arguments, split by the shell, reach the catalogue's parser as one line and
// must come back as exactly the same words, quotes, apostrophes and backslashes included.
import { expect, it } from "vitest";
import { argvToCommandText } from "../../../adapters/console/argv-text.js";
import { tokenize } from "../../../src/catalogue/tokenizer.js";

const ARGV_CASES: string[][] = [
  ["ban", "gamer-55", "3", "don't spam, it's annoying"],
  ["ban", "g", "3", 'he said "hi"'],
  ["ban", "g", "3", "C:\\path\\to"],
  ["badwords", "add", "fr-fr", "l'idiot connard", "'quoted'"],
  ["badwords", "add", "ko-kr", "골드 판매", "사기꾼's"],
  ["ban", "g", "3", ""],
  ["ban", "g", "3", "trailing\\"],
];

it.each(ARGV_CASES)("keeps %j word for word", (...argv: string[]) => {
  expect(tokenize(argvToCommandText(argv))).toEqual(argv);
});
