// Texts kept once each, by a number, in typed arrays rather than as strings in a Map. They are the
// players of the poller's memory of 100,000 reports (seen-reports.ts): a player's id as a string
// with its Map entry took about 70 bytes, here two bytes a code unit and about 16 more. The units
// are kept exactly, lone surrogates included, and a text is found again only when it is the very
// same text: the hash table (FNV-1a over the code units, probed in turn, never more than half
// full) only says where to look, and every candidate is compared unit by unit.
import { grown } from "./grown.js";

const FIRST_UNITS = 4_096;
const FIRST_TEXTS = 256;
/** Code units turned back into a string per call of String.fromCharCode. */
const UNITS_PER_CALL = 8_192;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashOf(text: string): number {
  let hash = FNV_OFFSET;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), FNV_PRIME);
  return hash >>> 0;
}

/** hashOf the text held in `units` from `start`, `length` long, without making it a string. */
function hashOfUnits(units: Uint16Array, start: number, length: number): number {
  let hash = FNV_OFFSET;
  for (let at = start; at < start + length; at++) {
    hash = Math.imul(hash ^ (units[at] as number), FNV_PRIME);
  }
  return hash >>> 0;
}

export class InternedTexts {
  #units = new Uint16Array(FIRST_UNITS);
  /** Text n's code units are #units[#bounds[n]] to #units[#bounds[n + 1]] (excluded). */
  #bounds: Uint32Array;
  #count = 0;
  /** Text number + 1 in each bucket; 0 where it is empty. A power of two, at least twice #count. */
  #buckets: Uint32Array;

  /** `texts`: how many texts it takes before its arrays grow. */
  constructor(texts = FIRST_TEXTS) {
    this.#bounds = new Uint32Array(texts + 1);
    this.#buckets = new Uint32Array(2 ** Math.ceil(Math.log2(Math.max(2, texts * 2))));
  }

  get size(): number {
    return this.#count;
  }

  /** The number of `text`, given it now if it has none yet. */
  intern(text: string): number {
    const mask = this.#buckets.length - 1;
    for (let bucket = hashOf(text) & mask; ; bucket = (bucket + 1) & mask) {
      const held = this.#buckets[bucket] as number;
      if (held === 0) {
        const index = this.append(text);
        this.#buckets[bucket] = index + 1;
        if (this.#count * 2 > this.#buckets.length) this.rehash(this.#buckets.length * 2);
        return index;
      }
      if (this.is(held - 1, text)) return held - 1;
    }
  }

  /** Whether the text numbered `index` is `text`, code unit for code unit. */
  is(index: number, text: string): boolean {
    const start = this.#bounds[index] as number;
    if ((this.#bounds[index + 1] as number) - start !== text.length) return false;
    for (let at = 0; at < text.length; at++) {
      if (this.#units[start + at] !== text.charCodeAt(at)) return false;
    }
    return true;
  }

  text(index: number): string {
    const start = this.#bounds[index] as number;
    const end = this.#bounds[index + 1] as number;
    let text = "";
    for (let from = start; from < end; from += UNITS_PER_CALL) {
      const units = this.#units.subarray(from, Math.min(end, from + UNITS_PER_CALL));
      text += String.fromCharCode(...units);
    }
    return text;
  }

  private append(text: string): number {
    const start = this.#bounds[this.#count] as number;
    if (start + text.length > this.#units.length) {
      this.#units = roomFor(this.#units, start + text.length);
    }
    if (this.#count + 2 > this.#bounds.length)
      this.#bounds = roomFor(this.#bounds, this.#count + 2);
    for (let at = 0; at < text.length; at++) this.#units[start + at] = text.charCodeAt(at);
    const index = this.#count;
    this.#bounds[index + 1] = start + text.length;
    this.#count += 1;
    return index;
  }

  private rehash(size: number): void {
    this.#buckets = new Uint32Array(size);
    const mask = size - 1;
    for (let index = 0; index < this.#count; index++) {
      const start = this.#bounds[index] as number;
      const length = (this.#bounds[index + 1] as number) - start;
      let bucket = hashOfUnits(this.#units, start, length) & mask;
      while (this.#buckets[bucket] !== 0) bucket = (bucket + 1) & mask;
      this.#buckets[bucket] = index + 1;
    }
  }
}

/** `array` grown to hold at least `needed` elements: half as many again, or more. */
function roomFor<T extends Uint16Array | Uint32Array>(array: T, needed: number): T {
  return grown(array, Math.max(needed, Math.ceil(array.length * 1.5)));
}
