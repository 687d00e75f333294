// What anyone but the moderator who took a card is asked before acting on it (ban, dismiss, or
// taking it over): "Mina (discord) took report #41 2 minutes ago: act anyway?". A take only
// asks; it never refuses, since its holder may have gone (card-takes.ts).
import { holds } from "../feed/card-takes.js";
import type { Card } from "../feed/report-store.js";
import { listInWords } from "../i18n/list-in-words.js";
import { t } from "../i18n/translate.js";
import type { Actor } from "./roles.js";

const MINUTE_MS = 60_000;

/**
 * How the question ends: `actAnyway` (ban, dismiss), `takeOver` (take), `takeAgain` (a take
 * lost to another moderator meanwhile: said, not asked).
 */
export type TakenAsk = "actAnyway" | "takeOver" | "takeAgain";

/**
 * The question for `actor` about `cards` someone else holds, ending as `ask` says; undefined
 * when nobody else holds any of them.
 */
export function takenQuestion(
  cards: readonly (Card | undefined)[],
  actor: Pick<Actor, "id" | "platform">,
  now: Date,
  ask: TakenAsk,
): string | undefined {
  const taken = cards.flatMap((card) => {
    const take = card?.taken;
    if (!card || !take || holds(take, actor)) return [];
    const minutes = Math.floor((now.getTime() - take.at.getTime()) / MINUTE_MS);
    return [
      t("taken.one", {
        holder: take.name,
        platform: take.platform,
        report: card.first ? String(card.first.reportId) : "none",
        // Under a minute (or a clock a little behind the take's) is "just now".
        minutes: Math.max(0, minutes),
      }),
    ];
  });
  return taken.length > 0 ? t("taken.question", { taken: listInWords(taken), ask }) : undefined;
}

/** Two questions asked as one (either may be missing). */
export function bothQuestions(
  first: string | undefined,
  second: string | undefined,
): string | undefined {
  return first && second ? `${first} ${second}` : (first ?? second);
}
