// Texts kept once each by a number, in typed arrays: the players of the poller's memory. A text
// gets the same number every time and reads back exactly, and two texts that differ by one code
// unit are never taken for one another, whatever their hashes.
import { describe, expect, it } from "vitest";
import { InternedTexts } from "../../src/feed/interned-texts.js";

describe("interned texts", () => {
  it("gives a text the same number every time, and each new text a new one", () => {
    const texts = new InternedTexts();
    const alice = texts.intern("alice");
    expect(texts.intern("bob")).not.toBe(alice);
    expect(texts.intern("alice")).toBe(alice);
    expect(texts.size).toBe(2);
  });

  it("reads every text back exactly: empty, Hangul, emoji, a lone surrogate, a NUL, a long one", () => {
    const samples = [
      "",
      "플레이어",
      "😀 gg",
      "\ud800alone",
      "a\u0000b",
      "x".repeat(20_000),
      "gamer-7",
    ];
    const texts = new InternedTexts();
    const numbers = samples.map((sample) => texts.intern(sample));
    expect(numbers.map((index) => texts.text(index))).toEqual(samples);
    for (const [at, sample] of samples.entries())
      expect(texts.is(numbers[at] as number, sample)).toBe(true);
  });

  it("tells apart texts a code unit apart, or one a prefix of the other", () => {
    const texts = new InternedTexts();
    const base = texts.intern("gamer-12");
    for (const other of [
      "gamer-1",
      "gamer-123",
      "gamer-13",
      "Gamer-12",
      "gamer-12 ",
      "gamer\u201012",
    ]) {
      expect(texts.is(base, other), other).toBe(false);
      expect(texts.intern(other), other).not.toBe(base);
    }
  });

  it("holds many texts, the same number for each as it grows", () => {
    const texts = new InternedTexts();
    const names = Array.from({ length: 30_000 }, (_, n) => `gamer-${n}-${"비".repeat(n % 5)}`);
    const numbers = names.map((name) => texts.intern(name));
    expect(new Set(numbers).size).toBe(names.length);
    expect(names.filter((name, at) => texts.intern(name) !== numbers[at])).toEqual([]);
    expect(numbers.map((index) => texts.text(index))).toEqual(names);
    expect(texts.size).toBe(names.length);
  });
});
