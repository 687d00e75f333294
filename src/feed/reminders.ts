// Reminders (REPORT_REMIND_MINUTES): a card still waiting (open, or claimed by a press that died)
// that long after it opened (when the bot
// saw its first report) is brought back once, in one post per report channel listing every card
// due at that moment. Once: in one transaction, a reminder row is made and the due cards that
// have none yet are marked with it (`UPDATE … WHERE reminder_id IS NULL` and still waiting), and its posts are owed
// through the outbox. On PostgreSQL a replica marking the same cards at once waits for those rows
// and, re-reading them, finds them marked: it marks none, drops its reminder and owes nothing.
// A card handled before the post goes out is left out of it (reminderCards reads them then).
import type { Store } from "../store/store.js";
import type { DestinationName } from "./destination.js";
import { inBatches } from "./in-batches.js";
import type { Outbox } from "./outbox.js";
import type { ReportStore } from "./report-store.js";

/** Cards one reminder marks at most: the rest are due at the next look. */
export const CARDS_PER_REMINDER = 500;

export class Reminders {
  constructor(
    private readonly store: Store,
    private readonly outbox: Outbox,
    /** What counts as waiting: open, or claimed by a press whose lease ran out. */
    private readonly reports: Pick<ReportStore, "claimable">,
    private readonly destinations: readonly DestinationName[],
  ) {}

  /**
   * Owes a reminder of the cards open since `waitedMs` before `now` that were never reminded
   * of; answers their ids (none: nothing was due, or another replica marked them first).
   */
  remindDue(now: Date, waitedMs: number): Promise<number[]> {
    return this.store.transaction(async () => {
      const due = await this.store.db
        .selectFrom("report_cards")
        .select("card_id")
        .where(this.reports.claimable(now))
        .where("reminder_id", "is", null)
        .where("opened_at", "<=", now.getTime() - waitedMs)
        .orderBy("opened_at")
        .orderBy("card_id")
        .limit(CARDS_PER_REMINDER)
        .execute();
      if (due.length === 0) return [];
      const reminder = await this.store.db
        .insertInto("reminders")
        .values({ at: now.getTime() })
        .returning("id")
        .executeTakeFirstOrThrow();
      const marked: number[] = [];
      for (const batch of inBatches(due.map((row) => row.card_id))) {
        const rows = await this.store.db
          .updateTable("report_cards")
          .set({ reminder_id: reminder.id })
          .where("card_id", "in", batch)
          .where("reminder_id", "is", null)
          .where(this.reports.claimable(now))
          .returning("card_id")
          .execute();
        marked.push(...rows.map((row) => row.card_id));
      }
      if (marked.length === 0) {
        await this.store.db.deleteFrom("reminders").where("id", "=", reminder.id).execute();
        return [];
      }
      await this.outbox.enqueueAll(this.destinations, "post-reminder", [reminder.id]);
      return marked.sort((a, b) => a - b);
    });
  }

  /** The cards reminder `id` listed that still wait, oldest first. */
  async reminderCards(id: number): Promise<number[]> {
    const rows = await this.store.db
      .selectFrom("report_cards")
      .select("card_id")
      .where("reminder_id", "=", id)
      .where("state", "in", ["open", "handling"])
      .orderBy("card_id")
      .execute();
    return rows.map((row) => row.card_id);
  }
}
