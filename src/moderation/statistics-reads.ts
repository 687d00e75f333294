// What `stats` reads of the store: the reports created in a period, the cards settled in it, the
// cases recorded in it, and the backlog now. Each is one statement along an index of migration
// 15 (a range of it, or two for a pair of states), so its cost is the rows of the period, not
// the store's; none reads a report's body. What can be counted is counted in the database (by
// day and category, by player, by moderator, by ban length), so only the rows a time to action
// needs come out one by one. The figures are made of these in statistics.ts.
import { sql } from "kysely";
import { inBatches } from "../feed/in-batches.js";
import type { Store } from "../store/store.js";

/** A report created in the period, as its time to action needs it. */
export interface PeriodReport {
  created_local: string;
  target: string;
  card_id: number | null;
}

/** Reports of one day (the chat API's clock) and one category (`keyword` as stored). */
export interface DayCategoryCount {
  day: string;
  keyword: string;
  reports: number;
}

/** A card banned or dismissed in the period: how, and when (epoch ms). */
export interface SettledCard {
  card_id: number;
  state: "banned" | "dismissed";
  handled_at: number;
}

/** One moderator's successful cases of one command in the period. */
export interface ActorCommandCount {
  platform: string;
  actor_id: string;
  actor_name: string;
  command: string;
  cases: number;
}

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
   * clock), counted by day and category, along reports_by_created.
   */
  async reportsByDay(sinceLocal: string, untilLocal: string): Promise<DayCategoryCount[]> {
    const day = sql<string>`substr(created_local, 1, 10)`;
    const rows = await this.inPeriod(sinceLocal, untilLocal)
      .select([day.as("day"), "keyword", (eb) => eb.fn.countAll<number | string>().as("reports")])
      .groupBy([day, "keyword"])
      .execute();
    return rows.map((row) => ({ ...row, reports: Number(row.reports) }));
  }

  /** The `limit` players most reported in the period, most first, along reports_by_created. */
  async mostReported(
    sinceLocal: string,
    untilLocal: string,
    limit: number,
  ): Promise<{ target: string; reports: number }[]> {
    const rows = await this.inPeriod(sinceLocal, untilLocal)
      .select(["target", (eb) => eb.fn.countAll<number | string>().as("reports")])
      .groupBy("target")
      .orderBy("reports", "desc")
      .orderBy("target")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ target: row.target, reports: Number(row.reports) }));
  }

  /** The period's reports one by one, with their players and cards (reports_by_created holds all). */
  async reports(sinceLocal: string, untilLocal: string): Promise<PeriodReport[]> {
    return this.inPeriod(sinceLocal, untilLocal)
      .select(["created_local", "target", "card_id"])
      .execute();
  }

  private inPeriod(sinceLocal: string, untilLocal: string) {
    return this.store.db
      .selectFrom("reports")
      .where("created_local", ">=", sinceLocal)
      .where("created_local", "<=", untilLocal);
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

  /**
   * The successful cases recorded at or after `since`, counted by who recorded them and which
   * command, along cases_by_at (ISO 8601 text sorts as time does). The name is the latest the
   * actor had in the period's cases (the greatest, for a tie).
   */
  async actions(since: Date): Promise<ActorCommandCount[]> {
    const rows = await this.successesSince(since)
      .select([
        "platform",
        "actor_id",
        "command",
        (eb) => eb.fn.max("actor_name").as("actor_name"),
        (eb) => eb.fn.countAll<number | string>().as("cases"),
      ])
      .groupBy(["platform", "actor_id", "command"])
      .execute();
    return rows.map((row) => ({ ...row, cases: Number(row.cases) }));
  }

  /** The successful bans recorded at or after `since`, counted by their `days` (null: none). */
  async bansByDays(since: Date): Promise<{ days: number | null; bans: number }[]> {
    const days =
      this.store.dialect === "sqlite"
        ? sql<number | null>`json_extract(args, '$.days')`
        : sql<number | null>`(args::json ->> 'days')::numeric`;
    const rows = await this.successesSince(since)
      .where("command", "=", "ban")
      .select([days.as("days"), (eb) => eb.fn.countAll<number | string>().as("bans")])
      .groupBy(days)
      .execute();
    return rows.map((row) => ({
      days: row.days === null ? null : Number(row.days),
      bans: Number(row.bans),
    }));
  }

  /**
   * When each of `targets` was banned (a successful `ban` case) at or after `since`, as epoch ms,
   * along cases_by_target_command: a look-up per player, for the few whose reports no card
   * settled.
   */
  async banTimes(targets: readonly string[], since: Date): Promise<Map<string, number[]>> {
    const times = new Map<string, number[]>();
    for (const batch of inBatches([...new Set(targets)])) {
      const rows = await this.successesSince(since)
        .where("command", "=", "ban")
        .where("target", "in", batch)
        .select(["target", "at"])
        .execute();
      for (const row of rows) {
        if (row.target === null) continue;
        const list = times.get(row.target) ?? [];
        list.push(Date.parse(row.at));
        times.set(row.target, list);
      }
    }
    for (const list of times.values()) list.sort((a, b) => a - b);
    return times;
  }

  private successesSince(since: Date) {
    return this.store.db
      .selectFrom("cases")
      .where("at", ">=", since.toISOString())
      .where("outcome", "=", "success");
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
