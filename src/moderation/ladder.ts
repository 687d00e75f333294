// The sanction ladder: how long a player's next ban should be, from how many times he has been
// banned before. BAN_LADDER_DAYS (1, 7, 30, 365 by default) is one step per offence; past its top
// step every further offence stays there. It is a suggestion, shown on the card's first ban
// button ("Ban 7d · 2nd offence") and in `history` ("next on the ladder: 30 days"): pressing the
// button is what bans, never the suggestion itself.

import { t } from "../i18n/translate.js";

/** Most steps a ladder may have: more would be no ladder a moderator could keep in mind. */
export const MAX_LADDER_STEPS = 20;

export const DEFAULT_BAN_LADDER_DAYS = "1,7,30,365";

/** The next step for a player: the days, and which offence it would be (1 for a first). */
export interface LadderStep {
  days: number;
  offence: number;
  /** The bans counted before it (the bot's own, or the chat API's count, whichever is more). */
  earlierBans: number;
}

/** `1,7,30,365` as days, or why it is not a ladder (before MAX_BAN_DAYS is known). */
export function readLadder(
  text: string,
): { ok: true; days: number[] } | { ok: false; problem: string } {
  const steps = text.split(",").map((step) => step.trim());
  const days: number[] = [];
  for (const step of steps) {
    if (!/^\d+$/.test(step) || Number(step) < 1 || !Number.isSafeInteger(Number(step))) {
      return {
        ok: false,
        problem: t("operator.ladder.notDays", {
          example: DEFAULT_BAN_LADDER_DAYS,
          empty: step === "" ? "yes" : "no",
          step,
        }),
      };
    }
    const value = Number(step);
    const previous = days.at(-1);
    if (previous !== undefined && value <= previous) {
      return {
        ok: false,
        problem: t("operator.ladder.notIncreasing", {
          value: String(value),
          previous: String(previous),
        }),
      };
    }
    days.push(value);
  }
  if (days.length > MAX_LADDER_STEPS) {
    return {
      ok: false,
      problem: t("operator.ladder.tooManySteps", { max: String(MAX_LADDER_STEPS) }),
    };
  }
  return { ok: true, days };
}

/** Why the ladder does not fit MAX_BAN_DAYS, or undefined when every step does. */
export function ladderBeyondMax(ladder: readonly number[], maxBanDays: number): string | undefined {
  const longer = ladder.find((days) => days > maxBanDays);
  return longer === undefined
    ? undefined
    : t("operator.ladder.beyondMax", { max: String(maxBanDays), days: String(longer) });
}

/** The step after `earlierBans` bans: the ladder's step of that offence, or its top one. */
export function ladderStep(ladder: readonly number[], earlierBans: number): LadderStep {
  const top = ladder.length - 1;
  const days = ladder[Math.min(earlierBans, top)];
  if (days === undefined) throw new Error("the ban ladder has no steps");
  return { days, offence: earlierBans + 1, earlierBans };
}

/** `2nd offence`, `11th offence`, `21st offence`; `2회 위반` (English ordinals by ICU's rules). */
export function offenceText(step: LadderStep): string {
  return t("cards.ladder.offence", { offence: step.offence });
}
