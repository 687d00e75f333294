// The feed's memory of reports: every report seen (with what it looked like), the cards that
// show them, and the message each destination holds for a card. A card is what moderators see
// and act on: one player, one or more reports, one state (open, being handled, banned,
// dismissed) with who settled it. Every method is one statement or joins the caller's
// transaction (the store's transactions are ambient); nothing is kept in memory here. Replicas
// on PostgreSQL share these rows, so each write that two of them could race on says in its WHERE
// what it expects to find (the first press wins a card, the first poll records a report).
// A report is keyed by the API's report_id and a generation: the API may list an id it gave out
// before against another player, and that is a new report (generation 1, 2…) beside the first,
// which keeps its player, body and card. A report_id alone names the newest generation.
import { type ExpressionBuilder, sql } from "kysely";
import { z } from "zod";
import { type Report, reportSchema } from "../chat-api/schemas.js";
import type { CasePlatform } from "../moderation/cases.js";
import type { Actor } from "../moderation/roles.js";
import type { Schema } from "../store/schema.js";
import type { Store } from "../store/store.js";
import { type ValuesColumnType, valuesTable } from "../store/values-table.js";
import { type CardTake, NOT_TAKEN, takeOfRow } from "./card-takes.js";
import { inBatches } from "./in-batches.js";
import { SeenReports } from "./seen-reports.js";

export type CardState = "open" | "handling" | "banned" | "dismissed";

/** One stored report: the API's id, and which use of it (0, then 1, 2… for each new player). */
export interface ReportKey {
  reportId: number;
  generation: number;
}

/** A report by its exact key, or by its report_id alone: the newest report listed with it. */
export type ReportRef = number | ReportKey;

/**
 * A poll of the feed that read the whole list and stored what it read: when it began, and until
 * when its record may stand for the list (its next scheduled poll, and the time one may take).
 */
export interface FeedPoll {
  at: Date;
  freshUntil: Date;
}

/** A player's reports as the list was last read: against them, and by them. */
export interface PlayerReports {
  against: Report[];
  by: Report[];
}

/** What recording a report did whose id the store holds against another player. */
export type Reuse =
  | {
      kind: "recorded";
      key: ReportKey;
      /** The report stored with that id until now, which keeps its player and its card. */
      earlier: { target: string; cardId: number | undefined };
    }
  /** The newest report with the id already names this player (another poll recorded it). */
  | { kind: "same-player" }
  /** Another poll recorded this generation first (it owes the posts), or the id is not stored. */
  | { kind: "taken" };

export interface Card {
  id: number;
  /** The reported player's gamer_id. */
  target: string;
  openedAt: Date;
  state: CardState;
  /** Who handled it (or is handling it), and when. */
  handler: { name: string; platform: string; at: Date } | undefined;
  /** While it is being handled: when that claim lapses, and the next press may take the card. */
  claimEndsAt: Date | undefined;
  /** Who is looking at it (Take), while that holds: none on a settled card (card-takes.ts). */
  taken: CardTake | undefined;
  /** What was done, in words: "banned for 7 days", "dismissed". */
  outcome: string | undefined;
  caseNumber: number | undefined;
  /** How many reports it has. */
  reportCount: number;
  /**
   * The reports it lists, oldest first: the first REPORTS_LISTED of them (all of them, on a
   * card of no more). A card is read for every post and every edit; a flood's other reports are
   * only counted, so the read costs the same for ten reports as for fifty thousand.
   */
  reports: Report[];
  /** The keys of `reports`, in their order: what an action on one of them names. */
  listed: ReportKey[];
  /** Its newest report, whose player's name the card shows. */
  latest: Report | undefined;
  /** When the bot first saw that newest report: where the card's 24 h of priority end. */
  latestSeenAt: Date | undefined;
  /** Its first report's key: the report its buttons name (none for a card not filled yet). */
  first: ReportKey | undefined;
  /**
   * Ids of its reports that the chat API has since listed against another player, with whom (the
   * newest): the card keeps its own, and says so.
   */
  reused: { reportId: number; target: string }[];
}

/** How many cards one moderator settled one way (ReportStore.handledBetween). */
export interface HandledCount {
  name: string;
  platform: string;
  state: "banned" | "dismissed";
  cards: number;
}

/** Chat API calls a press's action makes: a ban reads the bans, bans, and reads them again. */
const CALLS_PER_ACTION = 3;
/** Beyond the calls: the case's writes and the card's, on a slow store. */
const CLAIM_MARGIN_MS = 30_000;

/**
 * How long a press's claim on a card lasts (its lease): as long as its action may take, each
 * chat API call with its retries within `callDeadlineMs` (twice CHAT_API_TIMEOUT_MS), and a
 * margin. A claim older than that belongs to a press whose process died, or whose end could not
 * be recorded (the store was down): the next press takes the card as if it were open. Never
 * shorter than an action, so a press still running is never taken over.
 */
export function cardClaimLeaseMs(callDeadlineMs: number): number {
  return CALLS_PER_ACTION * callDeadlineMs + CLAIM_MARGIN_MS;
}

/** Reports listed on one card; the rest are counted ("and 4 more"). */
export const REPORTS_LISTED = 10;

/** The lease with the chat API's default timeout (5 s, so 10 s a call): one minute. */
const DEFAULT_CLAIM_LEASE_MS = cardClaimLeaseMs(10_000);

// A card row is parsed like any boundary: a store written by another version of the bot must
// fail loudly rather than show a card in a state no view knows.
const cardRowSchema = z.object({
  card_id: z.number(),
  target: z.string(),
  opened_at: z.number(),
  state: z.enum(["open", "handling", "banned", "dismissed"]),
  handler_name: z.string().nullable(),
  handler_platform: z.string().nullable(),
  handled_at: z.number().nullable(),
  outcome: z.string().nullable(),
  case_number: z.number().nullable(),
  report_count: z.number(),
  taken_by_id: z.string().nullable(),
  taken_by_name: z.string().nullable(),
  taken_by_platform: z.string().nullable(),
  taken_at: z.number().nullable(),
});

/** Bound parameters per row of `reports` in a batched insert. */
const REPORT_COLUMNS = 10;
/** Bound parameters per row of `report_cards` in a batched insert. */
const CARD_COLUMNS = 3;

/** A changed report as a batched update lists it: report_id, target, body, fingerprint, reporter. */
const LISTED_COLUMNS: readonly ValuesColumnType[] = ["BIGINT", "TEXT", "TEXT", "TEXT", "TEXT"];
type Listed = {
  column1: number;
  column2: string;
  column3: string;
  column4: string;
  column5: string;
};
/** A report put on a card: report_id, generation, card_id. */
const PLACED_COLUMNS: readonly ValuesColumnType[] = ["BIGINT", "INTEGER", "INTEGER"];
type Placed = { column1: number; column2: number; column3: number };
/** Reports added to a card's count: card_id, how many. */
const COUNTED_COLUMNS: readonly ValuesColumnType[] = ["INTEGER", "INTEGER"];
type Counted = { column1: number; column2: number };

/** What makes a report "changed": the fields the API moves when it handles a report. */
export function fingerprintOf(report: Report): string {
  return `${report.status}|${report.update_at}`;
}

export type ClaimResult = { ok: true } | { ok: false; card: Card };

/** What setting one report of a card apart did (`dismiss ID --only`). */
export type SetApartResult =
  /** The report is on a card of its own now, claimed by the actor; `from` counts one fewer. */
  | { kind: "set-apart"; cardId: number; from: number }
  /** Its card holds no other report: settling the report is settling the card. */
  | { kind: "alone"; cardId: number }
  /** Its card is handled (or being handled) already: nothing moved. */
  | { kind: "handled"; card: Card }
  /** The report is on no card. */
  | { kind: "unknown" };

export class ReportStore {
  constructor(
    private readonly store: Store,
    /** How long a press's claim on a card lasts (cardClaimLeaseMs). */
    readonly claimLeaseMs: number = DEFAULT_CLAIM_LEASE_MS,
    /** The clock a card's take is read against: a lapsed one reads as none. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** True until the very first poll has recorded anything: the moment for the backfill. */
  /**
   * Whether the feed has polled this store before (on any replica, in any earlier run): its
   * first poll only backfills. Not "whether it holds reports": a feed that polled an empty list
   * holds none, and every report after that is new, not backlog.
   */
  async feedStarted(): Promise<boolean> {
    const row = await this.store.db
      .selectFrom("store_identity")
      .select("feed_started_at")
      .executeTakeFirst();
    return row?.feed_started_at != null;
  }

  /** Records that the feed has polled, once: the first poll's time stays. */
  async markFeedStarted(at: Date): Promise<void> {
    await this.store.db
      .updateTable("store_identity")
      .set({ feed_started_at: at.getTime() })
      .where("feed_started_at", "is", null)
      .execute();
  }

  /** The feed's last poll, if one has been recorded (since migration 11). */
  async lastPoll(): Promise<FeedPoll | undefined> {
    const row = await this.store.db
      .selectFrom("store_identity")
      .select(["feed_polled_at", "feed_fresh_until"])
      .executeTakeFirst();
    if (row?.feed_polled_at == null || row.feed_fresh_until == null) return undefined;
    return { at: new Date(row.feed_polled_at), freshUntil: new Date(row.feed_fresh_until) };
  }

  /**
   * Records a poll as the last one, unless a later one is recorded already: a replica that has
   * just stopped leading may finish a poll begun before its successor's.
   */
  async markPolled(poll: FeedPoll): Promise<void> {
    await this.store.db
      .updateTable("store_identity")
      .set({ feed_polled_at: poll.at.getTime(), feed_fresh_until: poll.freshUntil.getTime() })
      .where((eb) =>
        eb.or([eb("feed_polled_at", "is", null), eb("feed_polled_at", "<=", poll.at.getTime())]),
      )
      .execute();
  }

  /**
   * The reports against and by `gamerId` as the list was last read: the newest report stored with
   * each id (an id the API has since given to a report about others no longer counts for this
   * player, as the API's list no longer shows it). One look-up on an index per side, whatever the
   * size of the list.
   */
  async involving(gamerId: string): Promise<PlayerReports> {
    const newest = (rows: { body: string }[]) => rows.map((row) => readBody(row.body));
    const against = await this.newestReports().where("mine.target", "=", gamerId).execute();
    const by = await this.newestReports().where("mine.reporter", "=", gamerId).execute();
    return { against: newest(against), by: newest(by) };
  }

  /** Stored reports with no later report under their id: the list as the API last listed it. */
  private newestReports() {
    return this.store.db
      .selectFrom("reports as mine")
      .select("mine.body")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("reports as later")
              .select("later.report_id")
              .whereRef("later.report_id", "=", "mine.report_id")
              .whereRef("later.generation", ">", "mine.generation"),
          ),
        ),
      );
  }

  /** The newest report stored with each id, its player and fingerprint: what a poll diffs against. */
  async seen(): Promise<SeenReports> {
    const rows = await this.store.db
      .selectFrom("reports")
      .select(["report_id", "generation", "target", "fingerprint"])
      .orderBy("report_id")
      .orderBy("generation")
      .execute();
    // Ordered so that each id's newest generation is set last.
    const seen = new SeenReports(rows.length);
    for (const row of rows) {
      seen.set(row.report_id, {
        generation: row.generation,
        target: row.target,
        fingerprint: row.fingerprint,
      });
    }
    return seen;
  }

  /** Records a report as seen; false when it was already (another poll recorded it first). */
  async record(report: Report, seenAt: Date, cardId: number | undefined): Promise<boolean> {
    return (await this.recordAll([report], seenAt, cardId)).size === 1;
  }

  /**
   * Records reports new to the store (generation 0) as seen, a batch per statement, and answers
   * the ids this call recorded. A report already recorded (by another replica's poll that
   * overlapped this one) is left as it is and not answered, so whoever recorded it is the one who
   * owes its posts.
   */
  async recordAll(reports: readonly Report[], seenAt: Date, cardId?: number): Promise<Set<number>> {
    // Ascending ids: two polls recording overlapping lists at once take the rows in one order,
    // so on PostgreSQL one waits for the other instead of both deadlocking.
    const byId = new Map(reports.map((report) => [report.report_id, report]));
    const sorted = [...byId.values()].sort((a, b) => a.report_id - b.report_id);
    const recorded = new Set<number>();
    for (const batch of inBatches(sorted, REPORT_COLUMNS)) {
      const rows = await this.store.db
        .insertInto("reports")
        .values(batch.map((report) => rowOf(report, 0, seenAt, cardId)))
        .onConflict((conflict) => conflict.columns(["report_id", "generation"]).doNothing())
        .returning("report_id")
        .execute();
      for (const row of rows) recorded.add(row.report_id);
    }
    if (cardId !== undefined) await this.counted(new Map([[cardId, recorded.size]]));
    return recorded;
  }

  /**
   * Records a report whose id is stored against another player as the next generation of that
   * id; the earlier report keeps its player, body and card. Only the newest generation is
   * compared: an id listed against alice, then bob, then alice again is three reports.
   */
  async recordReuse(report: Report, seenAt: Date): Promise<Reuse> {
    const newest = await this.newest(report.report_id)
      .select(["generation", "target", "card_id"])
      .executeTakeFirst();
    if (newest === undefined) return { kind: "taken" };
    if (newest.target === report.to_gamer_id) return { kind: "same-player" };
    const generation = newest.generation + 1;
    const recorded = await this.store.db
      .insertInto("reports")
      .values(rowOf(report, generation, seenAt, undefined))
      .onConflict((conflict) => conflict.columns(["report_id", "generation"]).doNothing())
      .returning("generation")
      .executeTakeFirst();
    if (recorded === undefined) return { kind: "taken" };
    return {
      kind: "recorded",
      key: { reportId: report.report_id, generation },
      earlier: { target: newest.target, cardId: newest.card_id ?? undefined },
    };
  }

  /**
   * Stores the report as it reads now, unless it already reads so (another replica's poll
   * stored the change first); answers the card showing it when this call made the change. Only
   * the newest report with its id is changed, and only while it is against the same player: a
   * stored report never comes to name a player other than the one its card shows.
   */
  async update(report: Report): Promise<number | undefined> {
    return (await this.updateAll([report]))[0];
  }

  /**
   * `update` for each of `reports`, a batch per statement (a poll's changed reports); answers
   * the cards of the reports this call changed.
   */
  async updateAll(reports: readonly Report[]): Promise<number[]> {
    const cards: number[] = [];
    // One row per id, the last listed, as one update after another would leave it.
    const byId = new Map(reports.map((report) => [report.report_id, report]));
    const sorted = [...byId.values()].sort((a, b) => a.report_id - b.report_id);
    for (const batch of inBatches(sorted, LISTED_COLUMNS.length)) {
      const reportIds = batch.map((report) => report.report_id);
      await this.lockInOrder(
        this.store.db
          .selectFrom("reports")
          .select("report_id")
          .where("report_id", "in", reportIds)
          .orderBy("report_id")
          .orderBy("generation"),
      );
      const listed = valuesTable<Listed, "listed">(
        "listed",
        LISTED_COLUMNS,
        batch.map((report) => [
          report.report_id,
          report.to_gamer_id,
          JSON.stringify(report),
          fingerprintOf(report),
          report.from_gamer_id,
        ]),
      );
      const rows = await this.store.db
        .updateTable("reports")
        .from(listed)
        .set((eb) => ({
          body: eb.ref("listed.column3"),
          fingerprint: eb.ref("listed.column4"),
          reporter: eb.ref("listed.column5"),
        }))
        .whereRef("reports.report_id", "=", "listed.column1")
        .where("reports.generation", "=", (eb) =>
          eb
            .selectFrom("reports as newest")
            .select((newest) => newest.fn.max("newest.generation").as("generation"))
            .whereRef("newest.report_id", "=", "reports.report_id"),
        )
        .whereRef("reports.target", "=", "listed.column2")
        .whereRef("reports.fingerprint", "<>", "listed.column4")
        .returning("reports.card_id")
        .execute();
      for (const row of rows) if (row.card_id !== null) cards.push(row.card_id);
    }
    return cards;
  }

  /**
   * On PostgreSQL, locks the rows `query` reads, in its order, before a statement writes them in
   * whatever order its plan reads them: racing polls on two replicas then take them in one order,
   * and one waits for the other instead of both deadlocking. SQLite runs one writer at a time.
   */
  private async lockInOrder<Q extends { forUpdate(): Q; execute(): Promise<unknown> }>(
    query: Q,
  ): Promise<void> {
    if (this.store.dialect !== "postgres") return;
    await this.store.forUpdate(query).execute();
  }

  attach(key: ReportKey, cardId: number): Promise<void> {
    return this.attachAll([key], cardId);
  }

  /** Puts reports on a card, a batch per statement, and counts them on it (see attachEach). */
  attachAll(keys: readonly ReportKey[], cardId: number): Promise<void> {
    return this.attachEach(keys.map((key) => ({ key, cardId })));
  }

  /**
   * Puts each report on its card, a batch per statement (a poll's new reports, many cards), and
   * counts them on their cards. A report already on a card stays where it is, and is not counted
   * again; one listed twice goes on the first card listed, as one attach after another would.
   */
  attachEach(placements: readonly { key: ReportKey; cardId: number }[]): Promise<void> {
    const firsts = new Map<string, { key: ReportKey; cardId: number }>();
    for (const placement of placements) {
      const name = `${placement.key.reportId}/${placement.key.generation}`;
      if (!firsts.has(name)) firsts.set(name, placement);
    }
    // One transaction (or the caller's): the counts move with the reports or not at all.
    return this.store.transaction(async () => {
      const added = new Map<number, number>();
      for (const batch of inBatches([...firsts.values()], PLACED_COLUMNS.length)) {
        const placed = valuesTable<Placed, "placed">(
          "placed",
          PLACED_COLUMNS,
          batch.map(({ key, cardId }) => [key.reportId, key.generation, cardId]),
        );
        const rows = await this.store.db
          .updateTable("reports")
          .from(placed)
          .set((eb) => ({ card_id: eb.ref("placed.column3") }))
          .whereRef("reports.report_id", "=", "placed.column1")
          .whereRef("reports.generation", "=", "placed.column2")
          .where("reports.card_id", "is", null)
          .returning("reports.card_id")
          .execute();
        for (const { card_id } of rows) {
          if (card_id !== null) added.set(card_id, (added.get(card_id) ?? 0) + 1);
        }
      }
      await this.counted(added);
    });
  }

  /** Adds to each card's count the reports just put on it (card id → how many). */
  private async counted(added: ReadonlyMap<number, number>): Promise<void> {
    const counts = [...added].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
    for (const batch of inBatches(counts, COUNTED_COLUMNS.length)) {
      // A young card may be joined by two replicas' overlapping polls: locked in card order
      // (a statement about one card locks one row, in no order to keep).
      if (batch.length > 1) {
        const cardIds = batch.map(([cardId]) => cardId);
        await this.lockInOrder(
          this.store.db
            .selectFrom("report_cards")
            .select("card_id")
            .where("card_id", "in", cardIds)
            .orderBy("card_id"),
        );
      }
      const counted = valuesTable<Counted, "counted">("counted", COUNTED_COLUMNS, batch);
      await this.store.db
        .updateTable("report_cards")
        .from(counted)
        .set((eb) => ({
          report_count: eb("report_cards.report_count", "+", eb.ref("counted.column2")),
        }))
        .whereRef("report_cards.card_id", "=", "counted.column1")
        .execute();
    }
  }

  /** The report as last read (the newest with this id, for a report_id alone). */
  async report(ref: ReportRef): Promise<Report | undefined> {
    const row = await this.row(ref).select("body").executeTakeFirst();
    return row === undefined ? undefined : readBody(row.body);
  }

  /** The report's exact key, the player it is against and its card, if the report was seen. */
  async locate(
    ref: ReportRef,
  ): Promise<{ key: ReportKey; target: string; cardId: number | undefined } | undefined> {
    const row = await this.row(ref)
      .select(["report_id", "generation", "target", "card_id"])
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : {
          key: { reportId: row.report_id, generation: row.generation },
          target: row.target,
          cardId: row.card_id ?? undefined,
        };
  }

  /** The row `ref` names: exactly its key, or the newest with its report_id. */
  private row(ref: ReportRef) {
    if (typeof ref === "number") return this.newest(ref);
    return this.store.db
      .selectFrom("reports")
      .where("report_id", "=", ref.reportId)
      .where("generation", "=", ref.generation);
  }

  private newest(reportId: number) {
    return this.store.db
      .selectFrom("reports")
      .where("report_id", "=", reportId)
      .orderBy("generation", "desc")
      .limit(1);
  }

  /** The newest open card against `target` opened at or after `since`, to join. */
  async youngOpenCard(target: string, since: Date): Promise<number | undefined> {
    return (await this.youngOpenCards([target], since)).get(target);
  }

  /** For each of `targets` that has one, its newest open card opened at or after `since`. */
  async youngOpenCards(targets: readonly string[], since: Date): Promise<Map<string, number>> {
    const young = new Map<string, number>();
    for (const batch of inBatches([...new Set(targets)])) {
      const rows = await this.store.db
        .selectFrom("report_cards")
        .select(["target", (eb) => eb.fn.max("card_id").as("card_id")])
        .where("target", "in", batch)
        .where("state", "=", "open")
        .where("opened_at", ">=", since.getTime())
        .groupBy("target")
        .execute();
      for (const row of rows) young.set(row.target, row.card_id);
    }
    return young;
  }

  async openCard(target: string, at: Date): Promise<number> {
    const cardId = (await this.openCards([target], at)).get(target);
    if (cardId === undefined) throw new Error(`no card was opened against ${target}`);
    return cardId;
  }

  /**
   * Opens a card against each of `targets` (distinct players), a batch per statement, in their
   * order; answers each target's card, in that order.
   */
  async openCards(targets: readonly string[], at: Date): Promise<Map<string, number>> {
    const opened = new Map<string, number>();
    for (const batch of inBatches(targets, CARD_COLUMNS)) {
      const rows = await this.store.db
        .insertInto("report_cards")
        .values(
          batch.map((target) => ({ target, opened_at: at.getTime(), state: "open" as const })),
        )
        .returning(["card_id", "target"])
        .execute();
      for (const row of rows) opened.set(row.target, row.card_id);
    }
    // In the order of `targets`, whatever order the rows came back in.
    return new Map(
      targets.flatMap((target) => {
        const cardId = opened.get(target);
        return cardId === undefined ? [] : [[target, cardId] as const];
      }),
    );
  }

  /**
   * The report's card, made for a report that has none (seen before the backfill cut, or never
   * posted). The report's row is locked while its card is made, so two presses on two replicas
   * make one.
   */
  cardFor(ref: ReportRef, at: Date): Promise<number | undefined> {
    return this.store.transaction(async () => {
      const read = this.row(ref).select(["report_id", "generation", "target", "card_id"]);
      const row = await this.store.forUpdate(read).executeTakeFirst();
      if (row === undefined) return undefined;
      if (row.card_id !== null) return row.card_id;
      const cardId = await this.openCard(row.target, at);
      await this.attach({ reportId: row.report_id, generation: row.generation }, cardId);
      return cardId;
    });
  }

  async card(cardId: number): Promise<Card | undefined> {
    const found = await this.store.db
      .selectFrom("report_cards")
      .selectAll()
      .where("card_id", "=", cardId)
      .executeTakeFirst();
    if (found === undefined) return undefined;
    const row = cardRowSchema.parse(found);
    // Both read along reports_by_card (card_id, report_id, generation): ten rows and one.
    const listed = await this.onCard(cardId, "asc").limit(REPORTS_LISTED).execute();
    const newest =
      row.report_count > listed.length
        ? await this.onCard(cardId, "desc").limit(1).executeTakeFirst()
        : listed.at(-1);
    const first = listed[0];
    return {
      id: row.card_id,
      target: row.target,
      openedAt: new Date(row.opened_at),
      state: row.state,
      handler:
        row.handler_name !== null && row.handler_platform !== null && row.handled_at !== null
          ? { name: row.handler_name, platform: row.handler_platform, at: new Date(row.handled_at) }
          : undefined,
      claimEndsAt:
        row.state === "handling" && row.handled_at !== null
          ? new Date(row.handled_at + this.claimLeaseMs)
          : undefined,
      taken: takeOfRow(row, this.now()),
      outcome: row.outcome ?? undefined,
      caseNumber: row.case_number ?? undefined,
      reportCount: row.report_count,
      reports: listed.map((report) => readBody(report.body)),
      listed: listed.map((report) => ({
        reportId: report.report_id,
        generation: report.generation,
      })),
      latest: newest && readBody(newest.body),
      latestSeenAt: newest && new Date(newest.seen_at),
      first: first && { reportId: first.report_id, generation: first.generation },
      reused: await this.reusedOn(cardId),
    };
  }

  /** Every report on the card, oldest first: for what needs them all, never for showing it. */
  async cardReports(cardId: number): Promise<Report[]> {
    const rows = await this.onCard(cardId, "asc").execute();
    return rows.map((row) => readBody(row.body));
  }

  /**
   * The card's `count` newest reports (the last it would list), oldest first: what joined it
   * lately, for a front end that tells which reports are new. Read along reports_by_card, so a
   * flood card costs no more than a small one.
   */
  async newestOnCard(cardId: number, count: number): Promise<Report[]> {
    const rows = await this.onCard(cardId, "desc").limit(count).execute();
    return rows.reverse().map((row) => readBody(row.body));
  }

  /** The card's reports in the order it lists them (or the reverse). */
  private onCard(cardId: number, order: "asc" | "desc") {
    return this.store.db
      .selectFrom("reports")
      .select(["report_id", "generation", "body", "seen_at"])
      .where("card_id", "=", cardId)
      .orderBy("report_id", order)
      .orderBy("generation", order);
  }

  /** For each report on the card whose id was listed since against another player: whom, now. */
  private async reusedOn(cardId: number): Promise<Card["reused"]> {
    // From the reused reports (few, on the partial index reports_reused) to the card's, not the
    // other way: a flood card's thousands of reports are never walked. The literal 0 lets both
    // engines see that the partial index's condition holds.
    const later = await this.store.db
      .selectFrom("reports as later")
      .select(["later.report_id", "later.target"])
      .where("later.generation", ">", sql.lit(0))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("reports as mine")
            .select("mine.report_id")
            .whereRef("mine.report_id", "=", "later.report_id")
            .whereRef("mine.generation", "<", "later.generation")
            .where("mine.card_id", "=", cardId),
        ),
      )
      .orderBy("later.report_id")
      .orderBy("later.generation")
      .execute();
    // Ordered so that each id's newest generation is set last.
    const newest = new Map(later.map((row) => [row.report_id, row.target]));
    return [...newest].map(([reportId, target]) => ({ reportId, target }));
  }

  /**
   * Who reported `target` in the reports the bot saw against him in the `windowMs` up to `until`,
   * newest first, at most `atMost` of them: one reporter per report. Read along
   * reports_by_target_seen (target, seen_at DESC, reporter) in its own order, and no further than
   * `atMost` entries, however many reports the player has had.
   */
  async reportersOf(
    target: string,
    until: Date,
    windowMs: number,
    atMost: number,
  ): Promise<string[]> {
    const read = async () => {
      const rows = await this.store.db
        .selectFrom("reports")
        .select("reporter")
        .where("target", "=", target)
        .where("seen_at", ">", until.getTime() - windowMs)
        .where("seen_at", "<=", until.getTime())
        .orderBy("seen_at", "desc")
        .limit(atMost)
        .execute();
      return rows.map((row) => row.reporter);
    };
    if (this.store.dialect !== "postgres") return read();
    // PostgreSQL that has no statistics of a flood yet (autovacuum has not analysed it) guesses
    // a handful of rows, and reads all of them through a bitmap to sort them: the index, read in
    // its own order, stops at `atMost` (test/store/contract/triage-reads.test.ts). For this
    // statement only: the setting is the transaction's, and set back after it.
    return this.store.transaction(async () => {
      await sql`SET LOCAL enable_bitmapscan = off`.execute(this.store.db);
      try {
        return await read();
      } finally {
        await sql`SET LOCAL enable_bitmapscan TO DEFAULT`.execute(this.store.db);
      }
    });
  }

  /**
   * How many reports against `target` moderators dismissed: the reports of his dismissed cards,
   * the newest `atMostCards` of them (and how many cards that was), read along report_cards_open
   * (target, state, opened_at).
   */
  async dismissedAgainst(
    target: string,
    atMostCards: number,
  ): Promise<{ reports: number; cards: number }> {
    const rows = await this.store.db
      .selectFrom("report_cards")
      .select("report_count")
      .where("target", "=", target)
      .where("state", "=", "dismissed")
      .orderBy("opened_at", "desc")
      .limit(atMostCards)
      .execute();
    return {
      reports: rows.reduce((sum, row) => sum + row.report_count, 0),
      cards: rows.length,
    };
  }

  /**
   * Cards settled from `since` until before `until`, counted by who settled them (name and
   * platform) and how (the shift digest's "handled since the last digest"), along
   * report_cards_handled_at (migration 19).
   */
  async handledBetween(since: Date, until: Date): Promise<HandledCount[]> {
    const rows = await this.store.db
      .selectFrom("report_cards")
      .select((eb) => [
        "handler_name",
        "handler_platform",
        "state",
        eb.fn.countAll<number>().as("cards"),
      ])
      .where("handled_at", ">=", since.getTime())
      .where("handled_at", "<", until.getTime())
      .where("state", "in", ["banned", "dismissed"])
      .groupBy(["handler_name", "handler_platform", "state"])
      .orderBy("handler_name")
      .orderBy("handler_platform")
      .orderBy("state")
      .execute();
    return rows.map((row) => ({
      name: row.handler_name ?? "",
      platform: row.handler_platform ?? "",
      state: row.state === "banned" ? "banned" : "dismissed",
      cards: Number(row.cards),
    }));
  }

  /** Cards against `target` (or anyone) that nobody has settled yet. */
  /** The players some unsettled card is against: few, however long the ban list is. */
  async unsettledTargets(): Promise<Set<string>> {
    const rows = await this.store.db
      .selectFrom("report_cards")
      .select("target")
      .distinct()
      .where("state", "in", ["open", "handling"])
      .execute();
    return new Set(rows.map((row) => row.target));
  }

  async unsettledCards(target?: string): Promise<number[]> {
    let query = this.store.db
      .selectFrom("report_cards")
      .select("card_id")
      .where("state", "in", ["open", "handling"]);
    if (target !== undefined) query = query.where("target", "=", target);
    const rows = await query.orderBy("card_id").execute();
    return rows.map((row) => row.card_id);
  }

  /**
   * The first press wins: the card goes from open to handling in one statement, which on
   * PostgreSQL re-reads the row once a racing press on another replica has committed, and so
   * finds it handled. A claim whose lease has run out (its process died mid-action, or could not
   * record how the action ended) is taken as if the card were open.
   */
  async claim(cardId: number, actor: Actor, at: Date): Promise<ClaimResult> {
    const won = await this.store.db
      .updateTable("report_cards")
      .set({
        state: "handling",
        handler_name: actor.displayName,
        handler_platform: actor.platform,
        handled_at: at.getTime(),
      })
      .where("card_id", "=", cardId)
      .where(this.claimable(at))
      .returning("card_id")
      .executeTakeFirst();
    if (won) return { ok: true };
    return { ok: false, card: await this.existingCard(cardId) };
  }

  /**
   * Open, or claimed by a press whose lease has run out at `at`: a card waiting for a moderator,
   * as a condition on report_cards (reminders.ts marks the waiting cards by it too).
   */
  claimable(at: Date) {
    return (eb: ExpressionBuilder<Schema, "report_cards">) =>
      eb.or([
        eb("state", "=", "open"),
        eb.and([
          eb("state", "=", "handling"),
          eb("handled_at", "<=", at.getTime() - this.claimLeaseMs),
        ]),
      ]);
  }

  private async existingCard(cardId: number): Promise<Card> {
    const card = await this.card(cardId);
    if (!card) throw new Error(`card ${cardId} does not exist`);
    return card;
  }

  /**
   * Takes one report off its open card onto a card of its own, claimed by `actor` as a press
   * claims (the dismiss's case then settles it), and counts one report fewer on the card it
   * leaves: one transaction, so the report and the counts move together or not at all. The card
   * it leaves is changed only while it is claimable and holds another report, in one statement
   * that on PostgreSQL waits for a racing press on another replica and then finds the card
   * handled: a ban that won the card keeps every report on it.
   */
  setApart(key: ReportKey, actor: Actor, at: Date): Promise<SetApartResult> {
    return this.store.transaction(async () => {
      const read = this.row(key).select(["target", "card_id"]);
      const report = await this.store.forUpdate(read).executeTakeFirst();
      const from = report?.card_id ?? undefined;
      if (report === undefined || from === undefined) return { kind: "unknown" };
      const left = await this.store.db
        .updateTable("report_cards")
        .set((eb) => ({ report_count: eb("report_count", "-", 1) }))
        .where("card_id", "=", from)
        .where(this.claimable(at))
        .where("report_count", ">", 1)
        .returning("card_id")
        .executeTakeFirst();
      if (left === undefined) {
        const card = await this.existingCard(from);
        const lapsed = card.claimEndsAt !== undefined && card.claimEndsAt <= at;
        return card.state === "open" || lapsed
          ? { kind: "alone", cardId: from }
          : { kind: "handled", card };
      }
      const cardId = await this.openCard(report.target, at);
      await this.store.db
        .updateTable("reports")
        .set({ card_id: cardId })
        .where("report_id", "=", key.reportId)
        .where("generation", "=", key.generation)
        .execute();
      await this.counted(new Map([[cardId, 1]]));
      await this.claim(cardId, actor, at);
      return { kind: "set-apart", cardId, from };
    });
  }

  /**
   * The action failed or was not taken: the card is open again. Only the claim `actor` made at
   * `at`: one taken over since, its lease run out, is the next press's and stays.
   */
  async release(cardId: number, actor: Actor, at: Date): Promise<void> {
    await this.store.db
      .updateTable("report_cards")
      .set({ state: "open", handler_name: null, handler_platform: null, handled_at: null })
      .where("card_id", "=", cardId)
      .where("state", "=", "handling")
      .where("handler_name", "=", actor.displayName)
      .where("handler_platform", "=", actor.platform)
      .where("handled_at", "=", at.getTime())
      .execute();
  }

  /** `release`, now or, when the store cannot be written, once it answers again. */
  async releaseOrOwe(cardId: number, actor: Actor, at: Date): Promise<void> {
    try {
      await this.release(cardId, actor, at);
    } catch (error) {
      this.store.health.failed(error);
      this.store.health.retryWhenBack(`card ${cardId} open again`, () =>
        this.release(cardId, actor, at),
      );
    }
  }

  /**
   * Marks the card's high-priority alert as owed, once: true only for the call that marked it
   * (another poll, on this replica or another, finds it marked and owes nothing).
   */
  async markAlerted(cardId: number, at: Date): Promise<boolean> {
    const marked = await this.store.db
      .updateTable("report_cards")
      .set({ alerted_at: at.getTime() })
      .where("card_id", "=", cardId)
      .where("alerted_at", "is", null)
      .returning("card_id")
      .executeTakeFirst();
    return marked !== undefined;
  }

  /** Records who did what, which ends its take; a card already settled keeps its first outcome. */
  async settle(
    cardId: number,
    settlement: {
      state: "banned" | "dismissed";
      actor: { displayName: string; platform: CasePlatform };
      at: Date;
      outcome: string;
      caseNumber: number;
    },
  ): Promise<{ openedAt: Date } | undefined> {
    const settled = await this.store.db
      .updateTable("report_cards")
      .set({
        state: settlement.state,
        handler_name: settlement.actor.displayName,
        handler_platform: settlement.actor.platform,
        handled_at: settlement.at.getTime(),
        outcome: settlement.outcome,
        case_number: settlement.caseNumber,
        ...NOT_TAKEN,
      })
      .where("card_id", "=", cardId)
      .where("state", "in", ["open", "handling"])
      .returning("opened_at")
      .executeTakeFirst();
    // PostgreSQL hands BIGINT over as text.
    return settled && { openedAt: new Date(Number(settled.opened_at)) };
  }

  async messageRef(cardId: number, destination: string): Promise<string | undefined> {
    const row = await this.store.db
      .selectFrom("card_messages")
      .select("ref")
      .where("card_id", "=", cardId)
      .where("destination", "=", destination)
      .executeTakeFirst();
    return row?.ref;
  }

  async saveMessageRef(cardId: number, destination: string, ref: string): Promise<void> {
    await this.store.db
      .insertInto("card_messages")
      .values({ card_id: cardId, destination, ref })
      .onConflict((conflict) =>
        conflict
          .columns(["card_id", "destination"])
          .doUpdateSet((eb) => ({ ref: eb.ref("excluded.ref") })),
      )
      .execute();
  }

  /**
   * Runs `work` in one transaction, which every method called inside joins (on SQLite it holds
   * the write lock from the start: other processes wait, none interleaves).
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.store.transaction(work);
  }

  /** One sentence about a failure of the store under these reports: where it is, what failed. */
  describeFailure(error: unknown): string {
    return this.store.describeFailure(error);
  }

  /** Runs `callback` once the running transaction commits (news for this process's listeners). */
  afterCommit(callback: () => void): void {
    this.store.afterCommit(callback);
  }
}

function rowOf(report: Report, generation: number, seenAt: Date, cardId: number | undefined) {
  return {
    report_id: report.report_id,
    generation,
    target: report.to_gamer_id,
    reporter: report.from_gamer_id,
    body: JSON.stringify(report),
    fingerprint: fingerprintOf(report),
    seen_at: seenAt.getTime(),
    card_id: cardId ?? null,
    // What `stats` reads without parsing bodies; a report's creation and category never change
    // when the API handles it, so an update of the body leaves them.
    created_local: report.create_at,
    keyword: report.keyword,
  };
}

/** A stored body is the API's report as it was read: parsed again, never trusted blindly. */
function readBody(body: string): Report {
  return reportSchema.parse(JSON.parse(body));
}
