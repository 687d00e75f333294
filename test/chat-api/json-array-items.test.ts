// The items of a JSON array found in the bytes it arrived in, as the feed's poll reads a list of
// 100,000 reports without decoding it whole. Judged against JSON.parse of the whole body: for any
// array, however it is cut into chunks, the items read one by one are JSON.parse's items; for a
// body that is not a well-formed array, either nothing is found or an item is not JSON, so the
// client never takes a malformed list for a list.
import { describe, expect, it } from "vitest";
import { JsonArrayItems } from "../../src/chat-api/json-array-items.js";

/** A small deterministic generator (mulberry32): the same cases on every run. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Text with everything that can hide a bracket or a comma, or end a string, inside it. */
const TRICKY_TEXT = [
  "a,b",
  "[x]",
  "{y}",
  '"q"',
  "back\\slash",
  "\\",
  'end\\"',
  "비속어",
  "😀",
  "\u0000",
  "",
];

function randomValue(random: () => number, depth: number): unknown {
  const pick = Math.floor(random() * (depth > 3 ? 4 : 6));
  switch (pick) {
    case 0:
      return TRICKY_TEXT[Math.floor(random() * TRICKY_TEXT.length)];
    case 1:
      return Math.floor(random() * 2_000_000) - 1_000_000 + (random() < 0.3 ? 0.5 : 0);
    case 2:
      return [true, false, null][Math.floor(random() * 3)];
    case 3:
      return `${Math.floor(random() * 1e9)}`;
    case 4:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, (_, index) => [
          `${TRICKY_TEXT[index] ?? "k"}${index}`,
          randomValue(random, depth + 1),
        ]),
      );
  }
}

/** JSON.stringify's text with white space added between tokens, as a server may send it. */
function spaced(json: string, random: () => number): string {
  let out = "";
  let inString = false;
  for (let at = 0; at < json.length; at++) {
    const character = json[at] as string;
    out += character;
    if (inString) {
      if (character === "\\") out += json[++at];
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if ("[]{},:".includes(character) && random() < 0.3) {
      out += [" ", "\n", "\t", "\r\n  "][Math.floor(random() * 4)];
    }
  }
  return random() < 0.5 ? `  ${out}\n` : out;
}

/** The bytes cut into chunks of `sizes` in turn, as a socket may deliver them. */
function chunked(bytes: Buffer, sizes: readonly number[]): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0, turn = 0; at < bytes.length; turn++) {
    const size = sizes[turn % sizes.length] as number;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/** Each item as the poll reads it: its text, parsed alone. */
function itemsOf(found: JsonArrayItems): unknown[] {
  return Array.from({ length: found.count }, (_, index) => JSON.parse(found.text(index)));
}

/** What reading the body item by item makes of it: the items, or that it is no array of JSON. */
function readItemByItem(
  chunks: readonly Buffer[],
): unknown[] | "not found" | "an item is not JSON" {
  const found = JsonArrayItems.find(chunks);
  if (found === undefined) return "not found";
  try {
    return itemsOf(found);
  } catch {
    return "an item is not JSON";
  }
}

describe("the items of a JSON array read from its chunks", () => {
  it("are JSON.parse's items, for arrays of every kind of value, however the bytes are cut", () => {
    const random = randomFrom(19);
    for (let round = 0; round < 300; round++) {
      const list = Array.from({ length: Math.floor(random() * 6) }, () => randomValue(random, 0));
      const bytes = Buffer.from(spaced(JSON.stringify(list), random));
      const sizes = [1 + Math.floor(random() * 7), 1 + Math.floor(random() * 64), bytes.length];
      for (const cut of [[bytes.length], [1], sizes]) {
        expect(readItemByItem(chunked(bytes, cut))).toEqual(JSON.parse(bytes.toString("utf8")));
      }
    }
  });

  it("cuts a character of several bytes, or an escape, between chunks without harm", () => {
    const list = [{ message: '비속어 "quoted" \\ 😀', n: 1 }, "끝\\", ["]", "}", ","]];
    const bytes = Buffer.from(JSON.stringify(list));
    for (let cut = 1; cut < bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      expect(readItemByItem(chunks)).toEqual(list);
    }
  });

  it("finds an empty array empty, white space and empty chunks included", () => {
    expect(readItemByItem([Buffer.from("[]")])).toEqual([]);
    expect(readItemByItem([Buffer.from(" \n[ "), Buffer.alloc(0), Buffer.from("\t]\r\n")])).toEqual(
      [],
    );
  });

  it("finds nothing in a body that is no array, or whose brackets and commas are out of place", () => {
    for (const body of [
      "",
      "   ",
      "{}",
      '"[1]"',
      "null",
      "\ufeff[1]",
      "x[1]",
      "[1",
      "[1,",
      "[,1]",
      "[1,,2]",
      "[1,]",
      "[1]]",
      "[1] [2]",
      "[1] x",
      '[{"a":1}}]',
      '["abc]',
      '[{"a":"b\\"}]',
      "<html><title>502</title></html>",
    ]) {
      expect(readItemByItem([Buffer.from(body)]), body).toBe("not found");
    }
  });

  it("never takes a malformed list for a list: cut anywhere, a byte lost or added", () => {
    const random = randomFrom(5);
    for (let round = 0; round < 2_000; round++) {
      const list = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
        randomValue(random, 0),
      );
      let text = JSON.stringify(list);
      const at = Math.floor(random() * text.length);
      text =
        random() < 0.5
          ? text.slice(0, at) + text.slice(at + 1)
          : text.slice(0, at) + '[]{},:"\\ 1a'[Math.floor(random() * 12)] + text.slice(at);
      const bytes = Buffer.from(text);
      const read = readItemByItem(chunked(bytes, [1 + Math.floor(random() * 16)]));
      let whole: unknown;
      try {
        // The bytes' text: a cut through an emoji leaves a half that UTF-8 cannot carry.
        whole = JSON.parse(bytes.toString("utf8"));
      } catch {
        expect(read, text).not.toBeInstanceOf(Array);
        continue;
      }
      if (Array.isArray(whole)) expect(read, text).toEqual(whole);
      else expect(read, text).toBe("not found");
    }
  });

  it("reads any item again by its index, in any order", () => {
    const list = Array.from({ length: 50 }, (_, n) => ({ n, text: "비".repeat(n) }));
    const found = JsonArrayItems.find(chunked(Buffer.from(JSON.stringify(list)), [7, 13]));
    for (const index of [49, 0, 25, 25, 1]) {
      expect(JSON.parse(found?.text(index) ?? "")).toEqual(list[index]);
    }
  });
});
