// A card's take: Take on a card (or `take 41`) tells every other moderator that one of them is
// looking at it, so two do not work on one report. It is not the press's claim (report-store.ts
// `claim`), which holds a card only while an action runs: a take is a courtesy that lasts up to
// TAKE_MS, asks anyone else who acts on the card to confirm first, and ends when its holder
// releases it, when the card is settled (ReportStore.settle clears it), or when it lapses. It
// lives in the card's row, so every replica sharing the store sees it; a lapsed take is read as
// none (`takeOfRow` compares it with the clock), so no timer has to clear it. Each take and
// release owes every report destination an edit, in the same transaction, so the card's
// messages everywhere say who is looking at it (or no longer say so). A take that lapses owes
// none: its line says until when it holds ("until 16:57 UTC"), and the card's next edit drops it.
// An edit queued for that time would sit in the outbox for 15 minutes, counted as owed all along
// (the outbox depth and its alert, a drainer's "deliveries waiting", what a stop leaves behind).

import { displayClock } from "../i18n/display-time.js";
import { t } from "../i18n/translate.js";
import type { Actor } from "../moderation/roles.js";
import type { Store } from "../store/store.js";
import type { DestinationName } from "./destination.js";
import type { Outbox } from "./outbox.js";

/** How long a take lasts unless its holder takes the card again. */
export const TAKE_MS = 15 * 60_000;

/** Who is looking at a card, since when and until when (a take still holding). */
export interface CardTake {
  /** The holder's id on their platform: only they release it with Take's second press. */
  id: string;
  name: string;
  platform: string;
  at: Date;
  until: Date;
}

/** The take columns of a card's row (migration 15). */
export interface TakeColumns {
  taken_by_id: string | null;
  taken_by_name: string | null;
  taken_by_platform: string | null;
  taken_at: number | null;
}

/** The take a card's row records, if it still holds at `now`. */
export function takeOfRow(row: TakeColumns, now: Date): CardTake | undefined {
  const { taken_by_id: id, taken_by_name: name, taken_by_platform: platform } = row;
  if (id === null || name === null || platform === null || row.taken_at === null) return undefined;
  const until = row.taken_at + TAKE_MS;
  if (until <= now.getTime()) return undefined;
  return { id, name, platform, at: new Date(row.taken_at), until: new Date(until) };
}

/** Whether `actor` holds `take`: the same person on the same platform. */
export function holds(take: CardTake | undefined, actor: Pick<Actor, "id" | "platform">): boolean {
  return take !== undefined && take.id === actor.id && take.platform === actor.platform;
}

/** "Mina (discord) is looking at this since 16:42 UTC, until 16:57 UTC.": the card's line. */
export function takeLine(take: CardTake): string {
  return t("cards.take.line", {
    name: take.name,
    platform: take.platform,
    since: displayClock(take.at),
    until: displayClock(take.until),
  });
}

/** The take as `--json` shows it (`report`, `reports --open`); null when nobody holds the card. */
export function takeData(take: CardTake | undefined) {
  if (!take) return null;
  return {
    by: take.name,
    by_id: take.id,
    platform: take.platform,
    since: take.at.toISOString(),
    until: take.until.toISOString(),
  };
}

/** Columns that say nobody holds the card. */
export const NOT_TAKEN = {
  taken_by_id: null,
  taken_by_name: null,
  taken_by_platform: null,
  taken_at: null,
} as const;

export class CardTakes {
  constructor(
    private readonly store: Store,
    private readonly outbox: Outbox,
    private readonly reportDestinations: readonly DestinationName[],
    /** Told once a take or release has committed: this process's listeners read the card again. */
    private readonly changed: (cardId: number) => void,
    private readonly now: () => Date,
  ) {}

  /**
   * `actor` takes the card, unless someone else holds it (`over`: taking it over, after the
   * actor confirmed). Taking a card one holds already starts its TAKE_MS again. Only an
   * unsettled card is taken. One statement decides, so of two moderators taking a free card at
   * once, on any replica, one wins; false for the other.
   */
  take(cardId: number, actor: Actor, { over = false } = {}): Promise<boolean> {
    const at = this.now().getTime();
    return this.change(cardId, (db) =>
      db
        .updateTable("report_cards")
        .set({
          taken_by_id: actor.id,
          taken_by_name: actor.displayName,
          taken_by_platform: actor.platform,
          taken_at: at,
        })
        .where("card_id", "=", cardId)
        .where("state", "in", ["open", "handling"])
        .$if(!over, (query) =>
          query.where((eb) =>
            eb.or([
              eb("taken_at", "is", null),
              eb("taken_at", "<=", at - TAKE_MS),
              eb.and([
                eb("taken_by_id", "=", actor.id),
                eb("taken_by_platform", "=", actor.platform),
              ]),
            ]),
          ),
        )
        .returning("card_id")
        .executeTakeFirst(),
    );
  }

  /** Its holder lets the card go; false when `actor` does not hold it (any more). */
  release(cardId: number, actor: Actor): Promise<boolean> {
    const at = this.now().getTime();
    return this.change(cardId, (db) =>
      db
        .updateTable("report_cards")
        .set(NOT_TAKEN)
        .where("card_id", "=", cardId)
        .where("taken_by_id", "=", actor.id)
        .where("taken_by_platform", "=", actor.platform)
        .where("taken_at", ">", at - TAKE_MS)
        .returning("card_id")
        .executeTakeFirst(),
    );
  }

  /** Runs the update and, when it changed the card, owes its edits in the same transaction. */
  private change(
    cardId: number,
    update: (db: Store["db"]) => Promise<{ card_id: number } | undefined>,
  ): Promise<boolean> {
    return this.store.transaction(async () => {
      if ((await update(this.store.db)) === undefined) return false;
      await this.outbox.enqueueAll(this.reportDestinations, "edit-card", [cardId]);
      this.store.afterCommit(() => this.changed(cardId));
      return true;
    });
  }
}
