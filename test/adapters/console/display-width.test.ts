// Terminal display width: how many columns a terminal gives a piece of text, for Korean names,
// emoji sequences and the odd corners of Unicode that chat contains. The expected widths are the
// ones terminals draw (East Asian Width W/F: two columns; RGI emoji: two; marks: none).
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import {
  cutToWidth,
  displayWidth,
  loadWideTextWidths,
  padToWidth,
} from "../../../adapters/console/display-width.js";
import { segmentedDuring } from "./segmented-text.js";

// The product renders through withTextWidths, which loads string-width when a text needs it;
// these tests call the renderers directly, on text that does.
await loadWideTextWidths();

describe("display width", () => {
  const corpus: [string, string, number][] = [
    ["Latin", "ShadowFox", 9],
    ["Hangul syllables", "김민수", 6],
    ["a Korean name", "하늘바라기", 10],
    ["Hangul compatibility jamo", "ㅗㅗㅗㅗ", 8],
    ["Hangul as conjoining jamo (ᄒ ᅡ ᆫ: one syllable)", "\u1112\u1161\u11ab", 2],
    ["Korean with a space and digits", "소환사 123", 10],
    ["a combining accent", "e\u0301", 1],
    ["a zero-width space", "\u200b", 0],
    ["emoji", "😀", 2],
    ["an emoji ZWJ sequence", "👩‍💻", 2],
    ["a family ZWJ sequence", "👨‍👩‍👧‍👦", 2],
    ["ZWJ with skin tones", "🧑🏻‍🤝‍🧑🏿", 2],
    ["a minimally-qualified ZWJ sequence (no VS16)", "⛹\u200d♀", 2],
    ["a heart with VS16 (emoji presentation)", "❤️", 2],
    ["a heart without it (text presentation)", "❤", 1],
    ["a thermometer without VS16 (text presentation)", "🌡", 1],
    ["a thermometer with VS16", "🌡️", 2],
    ["a flag", "🇰🇷", 2],
    ["a keycap", "1️⃣", 2],
    ["a rainbow flag", "🏳️‍🌈", 2],
    ["a newer emoji", "🫠", 2],
    ["a squared CJK symbol", "🈀", 2],
    ["a wide angle bracket", "\u2329", 2],
    ["kana supplement", "\u{1b000}", 2],
    ["half-width katakana with a voiced mark", "ｶﾞ", 2],
    ["half-width katakana", "ｱ", 1],
    ["full-width Latin", "Ａ", 2],
    ["an ambiguous-width circled digit (narrow outside CJK locales)", "①", 1],
    ["the ellipsis and the rule", "…─", 2],
    ["control pictures", "␛[2J", 4],
    ["a mixed line", "김민수 (10001) 👩‍💻 gg", 20],
  ];

  it.each(corpus)("%s: %s", (_name, text, width) => {
    expect(displayWidth(text)).toBe(width);
  });
});

describe("cutting to a width", () => {
  it("leaves text that fits alone", () => {
    expect(cutToWidth("김민수", 6)).toBe("김민수");
    expect(cutToWidth("", 0)).toBe("");
  });

  it("ends a cut in … and stays within the width, never splitting a syllable or a sequence", () => {
    expect(cutToWidth("하늘바라기", 6)).toBe("하늘…");
    // An odd width: the next syllable would need two columns, so it stops a column short.
    expect(cutToWidth("하늘바라기", 4)).toBe("하…");
    expect(cutToWidth("👩‍💻👩‍💻👩‍💻", 4)).toBe("👩‍💻…");
    expect(cutToWidth("e\u0301e\u0301e\u0301", 2)).toBe("e\u0301…");
    expect(cutToWidth("abcdef", 1)).toBe("…");
    expect(cutToWidth("abcdef", 0)).toBe("");
  });

  it("pads by display width", () => {
    expect(padToWidth("김민수", 8)).toBe("김민수  ");
    expect(displayWidth(padToWidth("👩‍💻", 5))).toBe(5);
  });

  // V8 steps over each grapheme of a string in time proportional to the whole string, so a long
  // text handed to its segmenter whole costs the square of its length (minutes, here). What the
  // segmenter is handed is checked instead of a clock; bench/display-width.ts measures the time.
  it("cuts a long text by looking only at what it keeps", () => {
    const long = "욕설, badword, ".repeat(6_000);
    const { result, segmented } = segmentedDuring(() => cutToWidth(long, 40));
    expect(result).toBe("욕설, badword, 욕설, badword, 욕설, bad…");
    // About a window of the 78,000 code units: what the cut kept, and the rest of its window.
    expect(segmented.total).toBeLessThan(1_000);
  });

  it("measures a long text a window at a time exactly as whole", () => {
    // Offsets that put a flag's pair, a surrogate pair or a ZWJ sequence across a window's edge.
    for (const lead of ["", "x", "xy", "xyz"]) {
      for (const unit of ["🇰🇷", "👨‍👩‍👧‍👦", "ｶﾞ", "e\u0301", "\u1112\u1161\u11ab", "😀a", "1️⃣"]) {
        const text = lead + unit.repeat(300);
        expect(displayWidth(text), `${lead}${unit}…`).toBe(stringWidth(text));
      }
    }
    expect(displayWidth(`a${"\u0301".repeat(1_000)}b`)).toBe(2);
  });

  it("measures a long text a window at a time, never handing it over whole", () => {
    const long = "김민수, 👩‍💻 ".repeat(8_000);
    const { result, segmented } = segmentedDuring(() => displayWidth(long));
    expect(result).toBe(8_000 * 11);
    // Windows of a few hundred code units, never the 88,000 whole; each read about twice (to find
    // a window's last whole grapheme, then to measure it).
    expect(segmented.longest).toBeLessThan(1_000);
    expect(segmented.total).toBeLessThan(3 * long.length);
  });
});
