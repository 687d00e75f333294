// Word-list membership: case-insensitive, and a list of n words answers k questions in about
// k + n steps, not k × n (1,000 words added to a 5,000-word list once took seconds): that cost is
// measured in bench/word-set.ts.
import { describe, expect, it } from "vitest";
import { WordSet } from "../../src/moderation/word-list-edit.js";

describe("WordSet membership", () => {
  const lookUp = (list: string[]) => (word: string) => new WordSet(list).has(word);
  it("ignores case, Korean and Latin alike", () => {
    const has = lookUp(["GM", "운영자", "Gold Seller"]);
    expect(has("gm")).toBe(true);
    expect(has("gold seller")).toBe(true);
    expect(has("GOLD SELLER")).toBe(true);
    expect(has("운영자")).toBe(true);
    expect(has("운영")).toBe(false);
    expect(has("gold")).toBe(false);
    expect(lookUp([])("gm")).toBe(false);
  });
});

describe("WordSet", () => {
  // How long this takes is bench/ work (bench/word-set.ts: a curve as the list grows); here, that
  // every answer is right on a long list of both scripts.
  it("answers many questions about a long list, the listed and the unlisted alike", () => {
    const list = Array.from({ length: 50_000 }, (_, i) => (i % 2 ? `Word${i}` : `욕설${i}`));
    const words = new WordSet(list);
    let found = 0;
    for (let i = 0; i < 20_000; i++) if (words.has(`WORD${2 * i + 1}`)) found++;
    expect(found).toBe(20_000);
    expect(words.has("욕설49998")).toBe(true);
    expect(words.has("word2")).toBe(false);
    expect(words.has("욕설1")).toBe(false);
    expect(words.has("word50001")).toBe(false);
  });
});
