// How urgent a report card is, and why, in one place: the rules, their defaults, and how the
// configuration writes them. A card's score adds up, for its player:
//   each distinct reporter in the 24 h up to the card's newest report      × reporter  (2)
//   each further report in those 24 h (beyond one a reporter)              × report    (0.5)
//   each earlier ban (ban-record.ts: his ban cases or the chat API's count)  × ban       (3)
//   each earlier report of his that a moderator dismissed                  × dismissed (-1)
//   the weight of the card's category (its reports' `keyword`, the highest)
// and is high from PRIORITY_LEVELS' high (10), medium from its medium (5), low below. The reasons
// name what counted, in words: "High: 4 reporters in 24 h · banned twice before · CHEATING". The
// weights are PRIORITY_WEIGHTS, the categories' PRIORITY_CATEGORY_WEIGHTS (`*` for any other),
// the levels PRIORITY_LEVELS (config.ts); docs/moderating.md explains them to moderators.
import { t } from "../i18n/translate.js";

export type PriorityLevel = "high" | "medium" | "low";

/** Highest first: how `reports --open` orders cards. */
export const PRIORITY_LEVELS: readonly PriorityLevel[] = ["high", "medium", "low"];

export interface PriorityWeights {
  reporter: number;
  report: number;
  ban: number;
  dismissed: number;
}

export interface PriorityRules {
  weights: PriorityWeights;
  /** By category (upper-cased keyword); `*` for any other. */
  categories: ReadonlyMap<string, number>;
  levels: { high: number; medium: number };
}

export const DEFAULT_PRIORITY_WEIGHTS = "reporter=2,report=0.5,ban=3,dismissed=-1";
export const DEFAULT_CATEGORY_WEIGHTS = "CHEATING=4,HARASSMENT=3,INAPPROPRIATE=2,SPAM=1,*=1";
export const DEFAULT_PRIORITY_LEVELS = "high=10,medium=5";

/** What the rules are applied to: what the store knows of the card's player. */
export interface PriorityInputs {
  /** Distinct reporters among the reports against him in the 24 h up to the card's newest. */
  reporters: number;
  /** Reports against him in those 24 h. */
  reports: number;
  earlierBans: number;
  /** His reports that moderators dismissed before, on other cards. */
  dismissed: number;
  /**
   * The counts that stopped at their cap (reports and reporters, bans, dismissed reports): there
   * may be more, and the reasons say so ("50 reports+ in 24 h").
   */
  atLeast: { reports: boolean; bans: boolean; dismissed: boolean };
  /** The categories (`keyword`) of the card's reports. */
  categories: readonly string[];
}

export interface Priority {
  level: PriorityLevel;
  score: number;
  /** What counted, in words: ["4 reporters in 24 h", "banned twice before", "CHEATING"]. */
  reasons: string[];
}

export function assessPriority(inputs: PriorityInputs, rules: PriorityRules): Priority {
  const { weights } = rules;
  // The reasons are said in the language of the work running now: a card is assessed as it is
  // rendered, so they read as the rest of the card does (and `--json` in the asker's language).
  const more = (capped: boolean) => (capped ? "yes" : "no");
  const { atLeast } = inputs;
  const extraReports = Math.max(0, inputs.reports - inputs.reporters);
  const category = weightiestCategory(inputs.categories, rules.categories);
  const factors: { weight: number; count: number; reason: string }[] = [
    {
      weight: weights.reporter,
      count: inputs.reporters,
      reason: t("cards.priority.reporters", {
        count: inputs.reporters,
        more: more(atLeast.reports),
      }),
    },
    {
      weight: weights.report,
      count: extraReports,
      reason: t("cards.priority.reports", { count: inputs.reports, more: more(atLeast.reports) }),
    },
    {
      weight: weights.ban,
      count: inputs.earlierBans,
      reason: t("cards.priority.bans", { count: inputs.earlierBans, more: more(atLeast.bans) }),
    },
    {
      weight: weights.dismissed,
      count: inputs.dismissed,
      reason: t("cards.priority.dismissed", {
        count: inputs.dismissed,
        more: more(atLeast.dismissed),
      }),
    },
    ...(category ? [{ weight: category.weight, count: 1, reason: category.name }] : []),
  ];
  const counted = factors.filter((factor) => factor.weight !== 0 && factor.count > 0);
  const score = counted.reduce((sum, factor) => sum + factor.weight * factor.count, 0);
  return {
    level: levelOf(score, rules.levels),
    // Rounded as it is shown: a sum of halves stays exact, anything finer reads as two decimals.
    score: Math.round(score * 100) / 100,
    reasons: counted.map((factor) => factor.reason),
  };
}

/** `High: 4 reporters in 24 h · banned twice before · CHEATING` */
export function priorityLine(priority: Priority): string {
  return t("cards.priority.line", {
    level: priorityLevelText(priority.level),
    hasReasons: priority.reasons.length === 0 ? "no" : "yes",
    reasons: priority.reasons.join(" · "),
  });
}

/** `High`, `높음`: a level as moderators read it. */
export function priorityLevelText(level: PriorityLevel): string {
  return t("cards.priority.level", { level });
}

function levelOf(score: number, levels: PriorityRules["levels"]): PriorityLevel {
  if (score >= levels.high) return "high";
  return score >= levels.medium ? "medium" : "low";
}

/** The card's category that weighs most (as the report spells it), with its weight. */
function weightiestCategory(
  names: readonly string[],
  weights: ReadonlyMap<string, number>,
): { name: string; weight: number } | undefined {
  let found: { name: string; weight: number } | undefined;
  for (const name of names) {
    const weight = weights.get(name.trim().toUpperCase()) ?? weights.get("*") ?? 0;
    if (!found || weight > found.weight) found = { name, weight };
  }
  return found;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const EXAMPLE_CATEGORIES = "CHEATING=4,SPAM=1,*=1";

/** `CHEATING=4,SPAM=1,*=1` as weights by upper-cased category, or why it is not. */
export function readCategoryWeights(
  text: string,
): { ok: true; weights: Map<string, number> } | { ok: false; problem: string } {
  const weights = new Map<string, number>();
  const example = EXAMPLE_CATEGORIES;
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [name = "", value, ...rest] = entry.split("=").map((part) => part.trim());
    if (name === "" || value === undefined || rest.length > 0) {
      const problem = t("operator.priority.categoryShape", {
        example,
        entry,
        empty: isEmpty(entry),
      });
      return { ok: false, problem };
    }
    if (!NUMBER.test(value)) {
      return { ok: false, problem: t("operator.priority.categoryNotNumber", { example, entry }) };
    }
    const key = name.toUpperCase();
    if (weights.has(key))
      return { ok: false, problem: t("operator.priority.categoryTwice", { name }) };
    weights.set(key, Number(value));
  }
  return { ok: true, weights };
}

/** `reporter=2,ban=3`: the weights named replace the defaults, or why it is not weights. */
export function readPriorityWeights(
  text: string,
): { ok: true; weights: PriorityWeights } | { ok: false; problem: string } {
  const defaults = readKnownNumbers(DEFAULT_PRIORITY_WEIGHTS, WEIGHT_NAMES);
  if (!defaults.ok) throw new Error(`the default priority weights are wrong: ${defaults.problem}`);
  const read = readKnownNumbers(text, WEIGHT_NAMES);
  if (!read.ok) return read;
  return { ok: true, weights: { ...defaults.values, ...read.values } as PriorityWeights };
}

/** `high=10,medium=5`: both levels, high above medium, or why not. */
export function readPriorityLevels(
  text: string,
): { ok: true; levels: PriorityRules["levels"] } | { ok: false; problem: string } {
  const read = readKnownNumbers(text, LEVEL_NAMES);
  if (!read.ok) return read;
  const { high, medium } = read.values;
  if (high === undefined || medium === undefined) {
    return {
      ok: false,
      problem: t("operator.priority.bothLevels", { example: DEFAULT_PRIORITY_LEVELS }),
    };
  }
  if (high <= medium) {
    return {
      ok: false,
      problem: t("operator.priority.highAboveMedium", {
        high: String(high),
        medium: String(medium),
      }),
    };
  }
  return { ok: true, levels: { high, medium } };
}

/** An empty entry is named as such ("an empty entry"), not as nothing. */
const isEmpty = (text: string) => (text === "" ? "yes" : "no");

const WEIGHT_NAMES = ["reporter", "report", "ban", "dismissed"] as const;
const LEVEL_NAMES = ["high", "medium"] as const;

/** `name=number` pairs whose names are among `names`, each once. */
function readKnownNumbers<Name extends string>(
  text: string,
  names: readonly Name[],
): { ok: true; values: Partial<Record<Name, number>> } | { ok: false; problem: string } {
  const values: Partial<Record<Name, number>> = {};
  const among = names.join(", ");
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [name = "", value, ...rest] = entry.split("=").map((part) => part.trim());
    if (value === undefined || rest.length > 0) {
      const problem = t("operator.priority.pairsShape", {
        names: among,
        entry,
        empty: isEmpty(entry),
      });
      return { ok: false, problem };
    }
    const known = names.find((candidate) => candidate === name.toLowerCase());
    if (known === undefined) {
      const problem = t("operator.priority.unknownName", {
        names: among,
        name,
        empty: isEmpty(name),
      });
      return { ok: false, problem };
    }
    if (!NUMBER.test(value))
      return { ok: false, problem: t("operator.priority.pairNotNumber", { names: among, entry }) };
    if (values[known] !== undefined)
      return { ok: false, problem: t("operator.priority.nameTwice", { name: known }) };
    values[known] = Number(value);
  }
  return { ok: true, values };
}
