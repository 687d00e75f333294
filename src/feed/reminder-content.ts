// A reminder's post as it goes to one destination: the cards it listed that still wait, each
// linked to its message in that destination where the platform gives an address for it
// (Destination.messageLink). A link that cannot be had leaves its card named without one: the
// reminder goes out all the same.
import type { Logger } from "pino";
import type { View } from "../view/view.js";
import type { Destination } from "./destination.js";
import { byAge, REMINDER_CARDS_LISTED, reminderView } from "./reminder-view.js";
import type { Reminders } from "./reminders.js";
import type { Card, ReportStore } from "./report-store.js";
import { isWaiting } from "./waiting.js";

export interface ReminderSources {
  reminders: Pick<Reminders, "reminderCards">;
  reports: Pick<ReportStore, "card" | "messageRef">;
  now: () => Date;
  remindMinutes: number;
  logger: Pick<Logger, "warn">;
}

export async function reminderContent(
  reminderId: number,
  destination: Destination,
  sources: ReminderSources,
): Promise<View | undefined> {
  const at = sources.now();
  const cards: Card[] = [];
  for (const cardId of await sources.reminders.reminderCards(reminderId)) {
    const card = await sources.reports.card(cardId);
    if (card && isWaiting(card, at)) cards.push(card);
  }
  const links = new Map<number, string>();
  for (const card of byAge(cards).slice(0, REMINDER_CARDS_LISTED)) {
    const ref = await sources.reports.messageRef(card.id, destination.name);
    if (ref === undefined || !destination.messageLink) continue;
    try {
      links.set(card.id, await destination.messageLink(ref));
    } catch (error) {
      // The card is still named, and `report` shows it.
      sources.logger.warn(
        { err: error, destination: destination.name, card: card.id },
        "reminder: no link to a card's message",
      );
    }
  }
  return reminderView(cards, sources.remindMinutes, links);
}
