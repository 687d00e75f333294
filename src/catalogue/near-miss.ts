// "Did you mean …?": the names a mistyped word was most likely meant to be. The distance is
// Levenshtein's plus the swap of two neighbouring characters (optimal string alignment), so
// `bnas` is one step from `bans`, as a typist would count it. Twenty lines, not a dependency:
// nothing installed offers it, and the names compared are a dozen short words.
import { t } from "../i18n/translate.js";
import { orList } from "./wording.js";

/** Steps from `a` to `b`: insert, delete or replace a character, or swap two neighbours. */
export function editDistance(a: string, b: string): number {
  const from = [...a];
  const to = [...b];
  // Cell (i, j): the steps from the first i characters of `from` to the first j of `to`.
  const width = to.length + 1;
  const cells = new Array<number>((from.length + 1) * width).fill(0);
  const cell = (i: number, j: number) => cells[i * width + j] ?? 0;
  for (let i = 0; i <= from.length; i++) {
    for (let j = 0; j <= to.length; j++) {
      if (i === 0 || j === 0) {
        cells[i * width + j] = i + j;
        continue;
      }
      const replace = cell(i - 1, j - 1) + (from[i - 1] === to[j - 1] ? 0 : 1);
      const swap =
        i > 1 && j > 1 && from[i - 1] === to[j - 2] && from[i - 2] === to[j - 1]
          ? cell(i - 2, j - 2) + 1
          : replace;
      cells[i * width + j] = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, replace, swap);
    }
  }
  return cell(from.length, to.length);
}

/** Below this a prefix says too little (`b` begins half the commands). */
const SHORTEST_PREFIX = 3;

/**
 * The candidates `word` was most likely meant to be, in their order: those a typo away (one step
 * for words of up to four characters, two for longer ones), the nearest only; failing that, those
 * it is the beginning of. None when nothing is that close, or when `word` is a candidate.
 */
export function nearMisses(word: string, candidates: readonly string[]): string[] {
  const typed = word.toLowerCase();
  if (typed === "" || candidates.includes(typed)) return [];
  const length = [...typed].length;
  const reach = length <= 4 ? 1 : 2;
  const steps = candidates.map((candidate) =>
    // Lengths further apart than the reach cannot be within it: a long word costs nothing.
    Math.abs([...candidate].length - length) > reach ? reach + 1 : editDistance(typed, candidate),
  );
  const nearest = Math.min(...steps);
  if (nearest <= reach) return candidates.filter((_, index) => steps[index] === nearest);
  if (length < SHORTEST_PREFIX) return [];
  return candidates.filter((candidate) => candidate.startsWith(typed));
}

/** ` (did you mean bans?)`, to follow the word in a refusal; nothing when none is that close. */
export function didYouMean(typed: string, names: readonly string[]): string {
  const offered = nearMisses(typed, names);
  return offered.length > 0 ? t("parse.didYouMean", { names: orList(offered, "or") }) : "";
}
