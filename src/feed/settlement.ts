// A case settles the cards it answers, inside the transaction that records it: a successful ban
// of a player (from a report button, a form or a plain /ban) settles every open card against
// that player; a dismiss settles the card it claimed (its answer names it: the report_id alone
// may name a newer report, when the chat API gave the id out again), and a report dismissed
// alone (--only) has its card's messages edited, one report fewer. Each settled card owes every
// report destination an edit, so its messages everywhere show who did what and lose their buttons.
// A ban the ban sync finds made elsewhere (in the vendor's console) settles cards the same way.
import { z } from "zod";
import type { Case } from "../moderation/cases.js";
import type { DestinationName } from "./destination.js";
import type { Outbox } from "./outbox.js";
import type { ReportStore } from "./report-store.js";

/**
 * What a successful dismiss answers (commands/dismiss.ts): the card it settles, and for a report
 * dismissed alone (--only) the card it left, whose count and list changed.
 */
const dismissAnswerSchema = z.looseObject({
  card: z.number(),
  remaining: z.looseObject({ card: z.number() }).optional(),
});

/** Who hears of a settlement, once the case's transaction has committed (never, if it rolls back). */
export interface SettlementListeners {
  /** A card's messages changed: settled, or one report fewer. */
  changed(cardId: number): void;
  /** A card was settled after waiting `waitedMs` since it opened (the time-to-action metric). */
  settled?(state: "banned" | "dismissed", waitedMs: number): void;
}

/** The listener for CaseStore.onRecorded. */
export function settleCardsOnCase(
  store: ReportStore,
  outbox: Outbox,
  reportDestinations: readonly DestinationName[],
  listeners: SettlementListeners,
): (recorded: Case) => Promise<void> {
  const settle = async (
    cardId: number,
    state: "banned" | "dismissed",
    outcome: string,
    c: Case,
  ) => {
    const settled = await store.settle(cardId, {
      state,
      actor: { displayName: c.actorName, platform: c.platform },
      at: c.at,
      outcome,
      caseNumber: c.number,
    });
    if (!settled) return;
    await edit(cardId);
    const waitedMs = c.at.getTime() - settled.openedAt.getTime();
    store.afterCommit(() => listeners.settled?.(state, waitedMs));
  };
  const edit = async (cardId: number) => {
    await outbox.enqueueAll(reportDestinations, "edit-card", [cardId]);
    store.afterCommit(() => listeners.changed(cardId));
  };
  return async (recorded) => {
    if (recorded.outcome !== "success") return;
    if (recorded.command === "ban" && recorded.target) {
      const days = Number(recorded.args.days);
      const outcome = `banned for ${days} ${days === 1 ? "day" : "days"}`;
      for (const cardId of await store.unsettledCards(recorded.target)) {
        await settle(cardId, "banned", outcome, recorded);
      }
    }
    if (recorded.command === "dismiss") {
      const answer = dismissAnswerSchema.safeParse(recorded.answer);
      if (!answer.success) return;
      await settle(answer.data.card, "dismissed", "dismissed", recorded);
      // The report dismissed alone was never posted on a card of its own: its old card shows
      // one report fewer instead.
      if (answer.data.remaining) await edit(answer.data.remaining.card);
    }
  };
}

/**
 * For the ban sync (moderation/ban-sync.ts): a ban made elsewhere settles its player's open cards
 * as the bot's own bans do, through `settle` (settleCardsOnCase's listener). Only the players an
 * unsettled card is against are looked at: one query, however many bans a sync found.
 */
export function settleCardsOfFound(
  store: ReportStore,
  settle: (recorded: Case) => Promise<void>,
): (found: readonly Case[]) => Promise<void> {
  return async (found) => {
    if (found.length === 0) return;
    const waiting = await store.unsettledTargets();
    for (const recorded of found) {
      if (recorded.target !== undefined && waiting.has(recorded.target)) await settle(recorded);
    }
  };
}
