// What `stats` reads of the store: the reports created in a period, the cards settled in it, the
// cases recorded in it, and the backlog now. Each is one statement along an index of migration
// 15 (a range of it, or two for a pair of states), so its cost is the rows of the period, not
// the store's; none reads a report's body. The figures are made of these rows in statistics.ts.
import type { Selectable } from "kysely";
import type { CasesTable } from "../store/schema.js";
import type { Store } from "../store/store.js";

/** A report created in the period: when (the chat API's clock), its category, player and card. */
export interface PeriodReport {
  created_local: string;
  keyword: string;
  target: string;
  card_id: number | null;
}

/** A card banned or dismissed in the period: how, by whom and when (epoch ms). */
export interface SettledCard {
  card_id: number;
  state: "banned" | "dismissed";
  handled_at: number;
}

/** A case recorded in the period, as far as the figures need it. */
export type PeriodCase = Pick<
  Selectable<CasesTable>,
  "at" | "platform" | "actor_id" | "actor_name" | "command" | "target" | "outcome" | "args"
>;

/** The cards nobody has settled, now: how many, and the one waiting longest. */
export interface Backlog {
  open: number;
  oldest: { card_id: number; target: string; opened_at: number } | undefined;
}

/** A card nobody has settled: waiting, or being handled by a press not finished. */
const UNSETTLED = ["open", "handling"] as const;

export class StatisticsReads {
  constructor(private readonly store: Store) {}

  /**
   * True while the store is known to hold nothing (a one-shot command's SQLite file not made
   * yet): every read answers nothing rather than create the store to read it.
   */
  get empty(): boolean {
    return this.store.holdsNothing();
  }

  /**
   * Reports created from `sinceLocal` to `untilLocal` (`YYYY-MM-DD HH:MM:SS` on the chat API's
   * clock), along reports_by_created, which holds every column read.
   */
  async reports(sinceLocal: string, untilLocal: string): Promise<PeriodReport[]> {
    return this.store.db
      .selectFrom("reports")
      .select(["created_local", "keyword", "target", "card_id"])
      .where("created_local", ">=", sinceLocal)
      .where("created_local", "<=", untilLocal)
      .execute();
  }

  /** Cards banned or dismissed at or after `sinceMs`, along report_cards_handled. */
  async settledCards(sinceMs: number): Promise<SettledCard[]> {
    const rows = await this.store.db
      .selectFrom("report_cards")
      .select(["card_id", "state", "handled_at"])
      .where("state", "in", ["banned", "dismissed"])
      .where("handled_at", ">=", sinceMs)
      .execute();
    return rows.flatMap((row) =>
      (row.state === "banned" || row.state === "dismissed") && row.handled_at !== null
        ? [{ card_id: row.card_id, state: row.state, handled_at: row.handled_at }]
        : [],
    );
  }

  /** Cases recorded at or after `since`, along cases_by_at (ISO 8601 sorts as time does). */
  async cases(since: Date): Promise<PeriodCase[]> {
    return this.store.db
      .selectFrom("cases")
      .select(["at", "platform", "actor_id", "actor_name", "command", "target", "outcome", "args"])
      .where("at", ">=", since.toISOString())
      .execute();
  }

  /**
   * The open backlog, along report_cards_by_state: counted, and its oldest card (the first of
   * each unsettled state in the index's own order, so no plan sorts the backlog).
   */
  async backlog(): Promise<Backlog> {
    const counted = await this.store.db
      .selectFrom("report_cards")
      .select((eb) => eb.fn.countAll<number | string>().as("open"))
      .where("state", "in", UNSETTLED)
      .executeTakeFirst();
    const firsts = await Promise.all(
      UNSETTLED.map((state) =>
        this.store.db
          .selectFrom("report_cards")
          .select(["card_id", "target", "opened_at"])
          .where("state", "=", state)
          .orderBy("opened_at")
          .orderBy("card_id")
          .limit(1)
          .executeTakeFirst(),
      ),
    );
    const oldest = firsts
      .flatMap((first) => (first ? [first] : []))
      .sort((a, b) => a.opened_at - b.opened_at || a.card_id - b.card_id)[0];
    // PostgreSQL counts in BIGINT, which its driver hands over as text.
    return { open: Number(counted?.open ?? 0), oldest };
  }
}
