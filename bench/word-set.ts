// What `badwords add` costs to find which of k words a language's list of n words lacks, as the
// list grows (k = n / 5: 1,000 words added to a 5,000-word list, then larger). The list is read
// once into a WordSet and each word asked once, k + n steps; asking the list itself for each word
// is k × n, and 1,000 words added to a 5,000-word list once took seconds.
// Measured against the least any edit must do, in the same round: a plain Set of the list's words
// in lower case. Past a few thousand words a set costs more per word as it outgrows the
// processor's caches, on both sides alike; the ratio should not grow with the list (flat), and
// k × n would grow it as fast as the list.
// test/moderation/word-list-edit.test.ts checks the answers.
import { WordSet } from "../src/moderation/word-list-edit.js";
import { cpuMsPerCall } from "./cpu-per-call.js";
import { type Curve, measureCurve } from "./curve.js";

const SIZES = [5_000, 20_000, 80_000];
const ROUNDS = 7;

/** `n` words, Korean and Latin, as a list holds them. */
function listOf(n: number, prefix: string): string[] {
  return Array.from({ length: n }, (_, i) => (i % 2 ? `${prefix}Word${i}` : `${prefix}욕설${i}`));
}

export function benchWordSet(): Promise<Curve> {
  return measureCurve({
    name: "badwords add: the words a list lacks (a WordSet of the list, each added word asked), vs a Set of the list in lower case",
    unit: "× the Set",
    sizeUnit: "words listed (a fifth as many added)",
    growth: "flat",
    sizes: SIZES,
    rounds: ROUNDS,
    prepare: async (size) => {
      const current = listOf(size, "");
      // Half of them listed already (in another case), half new.
      const adding = [
        ...listOf(size / 10, "").map((word) => word.toUpperCase()),
        ...listOf(size / 10, "new-"),
      ];
      const added = () => {
        // As src/commands/badwords-add.ts changes the list.
        const known = new WordSet(current);
        return [...current, ...adding.filter((word) => !known.has(word))];
      };
      const floor = () => new Set(current.map((word) => word.toLocaleLowerCase()));
      const expected = size + size / 10;
      if (added().length !== expected) throw new Error(`not ${expected} words after the edit`);
      return async () => {
        const floorMs = cpuMsPerCall(floor);
        globalThis.gc?.();
        return cpuMsPerCall(added) / floorMs;
      };
    },
  });
}
