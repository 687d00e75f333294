// How many times a player has been banned, as far as the bot knows: the bans it made (its
// successful ban cases) and the chat API's ban count (`count` of GET /block_user_list, which
// counts bans made elsewhere too) as it last read it. The list names only players banned now, so
// the count is kept here when read (by the report feed for the players it posts, and from each
// ban the bot makes), and outlives the ban. The sanction ladder and a card's priority start from
// it. Every read is a look-up on an index that stops after a few rows, so a player with
// thousands of cases costs what a new one does.
import { z } from "zod";
import type { Store } from "../store/store.js";
import type { CaseListener } from "./cases.js";

/**
 * Bans counted at most: a player banned this many times is at the top of any ladder (at most
 * MAX_LADDER_STEPS steps), and past every rule of priority ("banned 20+ times before").
 */
export const BANS_COUNTED = 20;

export interface ApiBanCount {
  gamerId: string;
  count: number;
}

export class BanRecord {
  constructor(private readonly store: Store) {}

  /**
   * Keeps the chat API's counts as read at `at`; a count read later than `at` is kept instead.
   * In ascending gamer_id order, so two replicas recording at once lock rows in one order.
   */
  async recordCounts(counts: readonly ApiBanCount[], at: Date): Promise<void> {
    const byPlayer = new Map(counts.map(({ gamerId, count }) => [gamerId, count]));
    const sorted = [...byPlayer].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (let from = 0; from < sorted.length; from += ROWS_PER_STATEMENT) {
      await this.store.db
        .insertInto("ban_counts")
        .values(
          sorted
            .slice(from, from + ROWS_PER_STATEMENT)
            .map(([gamerId, count]) => ({ gamer_id: gamerId, count, read_at: at.getTime() })),
        )
        .onConflict((conflict) =>
          conflict
            .column("gamer_id")
            .doUpdateSet((eb) => ({
              count: eb.ref("excluded.count"),
              read_at: eb.ref("excluded.read_at"),
            }))
            .where("ban_counts.read_at", "<=", at.getTime()),
        )
        .execute();
    }
  }

  /**
   * The player's bans so far: his successful ban cases or the chat API's count (as last read, or
   * `liveCount` just read), whichever is more, as the bans the bot made are in both.
   */
  async earlierBans(gamerId: string, liveCount = 0): Promise<number> {
    const stored = await this.store.db
      .selectFrom("ban_counts")
      .select("count")
      .where("gamer_id", "=", gamerId)
      .executeTakeFirst();
    // Along cases_by_target_command, and no further than BANS_COUNTED entries.
    const made = await this.store.db
      .selectFrom("cases")
      .select("number")
      .where("target", "=", gamerId)
      .where("command", "=", "ban")
      .where("outcome", "=", "success")
      .limit(BANS_COUNTED)
      .execute();
    return Math.min(BANS_COUNTED, Math.max(made.length, stored?.count ?? 0, liveCount));
  }
}

/** Three parameters a row: well within both engines' limits on bound parameters. */
const ROWS_PER_STATEMENT = 500;

/** What a ban answers (commands/ban.ts): the player's ban as the list read after it shows it. */
const banAnswerSchema = z.looseObject({ ban: z.looseObject({ count: z.number() }).nullable() });

/**
 * The listener for CaseStore.onRecorded: a successful ban keeps the chat API's count that its
 * answer read back, in the case's transaction.
 */
export function recordBanCountOnCase(record: BanRecord): CaseListener {
  return async (recorded) => {
    if (recorded.command !== "ban" || recorded.outcome !== "success" || !recorded.target) return;
    const answer = banAnswerSchema.safeParse(recorded.answer);
    const count = answer.success ? answer.data.ban?.count : undefined;
    if (count === undefined) return;
    await record.recordCounts([{ gamerId: recorded.target, count }], recorded.at);
  };
}
