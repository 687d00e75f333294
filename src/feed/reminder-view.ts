// What a reminder shows, read when it is posted: the cards it listed that still wait (one handled
// since is left out; none left, and nothing is posted), oldest first, each linking to its message
// in that channel, with the report that shows it and since when it waits; past REMINDER_CARDS_LISTED, "and N more". Player names are
// text in the view, made inert by each platform like a card's.
import { t } from "../i18n/translate.js";
import type { View } from "../view/view.js";
import { cardTitle } from "./report-card.js";
import type { Card } from "./report-store.js";

/** Cards a reminder lists at most, so that it fits every platform's message. */
export const REMINDER_CARDS_LISTED = 10;
/**
 * A card's title in a reminder at most, in characters: ten links with their addresses stay well
 * within a Discord field (1,024) and a Slack section (3,000), so no platform cuts a link apart.
 */
const TITLE_LISTED = 200;

/** `links`: each listed card's message, where the destination has an address for it. */
export function reminderView(
  cards: readonly Card[],
  remindMinutes: number,
  links: ReadonlyMap<number, string> = new Map(),
): View | undefined {
  if (cards.length === 0) return undefined;
  const oldestFirst = byAge(cards);
  const listed = oldestFirst.slice(0, REMINDER_CARDS_LISTED);
  const more = oldestFirst.length - listed.length;
  return {
    outcome: "warning",
    title: t("cards.reminder.title", { count: cards.length }),
    description: t("cards.reminder.description", {
      minutes: remindMinutes,
      count: cards.length,
    }),
    table: {
      columns: [
        { key: "card", label: t("cards.reminder.card") },
        { key: "report", label: t("cards.reminder.shownBy") },
        { key: "since", label: t("cards.reminder.waitingSince") },
      ],
      rows: listed.map((card) => {
        const url = links.get(card.id);
        // By code point, so that no character is cut in half.
        const chars = [...cardTitle(card)];
        const title =
          chars.length > TITLE_LISTED
            ? `${chars.slice(0, TITLE_LISTED - 1).join("")}…`
            : chars.join("");
        return {
          card: url === undefined ? title : { text: title, url },
          report: t("cards.reminder.report", { reportId: card.first?.reportId ?? "?" }),
          since: { time: card.openedAt },
        };
      }),
      emptyText: "",
      unpaged: true,
    },
    notices: more > 0 ? [t("cards.reminder.more", { count: more })] : [],
    visibility: "public",
    data: { cards: oldestFirst.map((card) => card.id) },
  };
}

/** Oldest first (by when each opened), then by id: the order a reminder lists cards in. */
export function byAge(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || a.id - b.id);
}
