// What anyone but the moderator who took a card is asked before acting on it (ban, dismiss, or
// taking it over): "Mina (discord) took report #41 2 minutes ago: act anyway?". A take only
// asks; it never refuses, since its holder may have gone (card-takes.ts).
import { holds } from "../feed/card-takes.js";
import type { Card } from "../feed/report-store.js";
import { inWords } from "../view/in-words.js";
import { plural } from "../view/plural.js";
import type { Actor } from "./roles.js";

const MINUTE_MS = 60_000;

/**
 * The question for `actor` about `cards` someone else holds, ending in `ask`; undefined when
 * nobody else holds any of them.
 */
export function takenQuestion(
  cards: readonly (Card | undefined)[],
  actor: Pick<Actor, "id" | "platform">,
  now: Date,
  ask: string,
): string | undefined {
  const taken = cards.flatMap((card) => {
    const take = card?.taken;
    if (!card || !take || holds(take, actor)) return [];
    const minutes = Math.floor((now.getTime() - take.at.getTime()) / MINUTE_MS);
    const ago = minutes < 1 ? "just now" : `${plural(minutes, "minute")} ago`;
    const report = card.first ? `report #${card.first.reportId}` : "this report";
    return [`${take.name} (${take.platform}) took ${report} ${ago}`];
  });
  return taken.length > 0 ? `${inWords(taken)}: ${ask}` : undefined;
}

/** Two questions asked as one (either may be missing). */
export function bothQuestions(
  first: string | undefined,
  second: string | undefined,
): string | undefined {
  return first && second ? `${first} ${second}` : (first ?? second);
}
