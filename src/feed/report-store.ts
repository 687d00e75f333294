// The feed's memory of reports: every report seen (with what it looked like), the cards that
// show them, and the message each destination holds for a card. A card is what moderators see
// and act on: one player, one or more reports, one state (open, being handled, banned,
// dismissed) with who settled it. Every method is one statement or joins the caller's
// transaction (the store's transactions are ambient); nothing is kept in memory here. Replicas
// on PostgreSQL share these rows, so each write that two of them could race on says in its WHERE
// what it expects to find (the first press wins a card, the first poll records a report).
import { z } from "zod";
import { type Report, reportSchema } from "../chat-api/schemas.js";
import type { Actor } from "../moderation/roles.js";
import type { Store } from "../store/store.js";
import { inBatches } from "./in-batches.js";

export type CardState = "open" | "handling" | "banned" | "dismissed";

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
  /** What was done, in words: "banned for 7 days", "dismissed". */
  outcome: string | undefined;
  caseNumber: number | undefined;
  /** Its reports, oldest first. */
  reports: Report[];
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
});

/** Bound parameters per row of `reports` in a batched insert. */
const REPORT_COLUMNS = 6;

/** What makes a report "changed": the fields the API moves when it handles a report. */
export function fingerprintOf(report: Report): string {
  return `${report.status}|${report.update_at}`;
}

export type ClaimResult = { ok: true } | { ok: false; card: Card };

export class ReportStore {
  constructor(
    private readonly store: Store,
    /** How long a press's claim on a card lasts (cardClaimLeaseMs). */
    readonly claimLeaseMs: number = DEFAULT_CLAIM_LEASE_MS,
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

  /** Every report seen, by id, with its fingerprint: what a poll diffs against. */
  async fingerprints(): Promise<Map<number, string>> {
    const rows = await this.store.db
      .selectFrom("reports")
      .select(["report_id", "fingerprint"])
      .execute();
    return new Map(rows.map((row) => [row.report_id, row.fingerprint]));
  }

  /** Records a report as seen; false when it was already (another poll recorded it first). */
  async record(report: Report, seenAt: Date, cardId: number | undefined): Promise<boolean> {
    return (await this.recordAll([report], seenAt, cardId)).size === 1;
  }

  /**
   * Records reports as seen, a batch per statement, and answers the ids this call recorded. A
   * report already recorded (by another replica's poll that overlapped this one) is left as it
   * is and not answered, so whoever recorded it is the one who owes its posts.
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
        .values(
          batch.map((report) => ({
            report_id: report.report_id,
            target: report.to_gamer_id,
            body: JSON.stringify(report),
            fingerprint: fingerprintOf(report),
            seen_at: seenAt.getTime(),
            card_id: cardId ?? null,
          })),
        )
        .onConflict((conflict) => conflict.column("report_id").doNothing())
        .returning("report_id")
        .execute();
      for (const row of rows) recorded.add(row.report_id);
    }
    return recorded;
  }

  /**
   * Stores the report as it reads now, unless it already reads so (another replica's poll
   * stored the change first); answers the card showing it when this call made the change.
   */
  async update(report: Report): Promise<number | undefined> {
    const fingerprint = fingerprintOf(report);
    const row = await this.store.db
      .updateTable("reports")
      .set({ body: JSON.stringify(report), fingerprint })
      .where("report_id", "=", report.report_id)
      .where("fingerprint", "<>", fingerprint)
      .returning("card_id")
      .executeTakeFirst();
    return row?.card_id ?? undefined;
  }

  attach(reportId: number, cardId: number): Promise<void> {
    return this.attachAll([reportId], cardId);
  }

  /** Puts reports on a card, a batch per statement. */
  async attachAll(reportIds: readonly number[], cardId: number): Promise<void> {
    for (const batch of inBatches(reportIds)) {
      await this.store.db
        .updateTable("reports")
        .set({ card_id: cardId })
        .where("report_id", "in", batch)
        .execute();
    }
  }

  async report(reportId: number): Promise<Report | undefined> {
    const row = await this.store.db
      .selectFrom("reports")
      .select("body")
      .where("report_id", "=", reportId)
      .executeTakeFirst();
    return row === undefined ? undefined : readBody(row.body);
  }

  /** The player a report is against and its card, if the report was seen. */
  async locate(
    reportId: number,
  ): Promise<{ target: string; cardId: number | undefined } | undefined> {
    const row = await this.store.db
      .selectFrom("reports")
      .select(["target", "card_id"])
      .where("report_id", "=", reportId)
      .executeTakeFirst();
    return row === undefined ? undefined : { target: row.target, cardId: row.card_id ?? undefined };
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
    const row = await this.store.db
      .insertInto("report_cards")
      .values({ target, opened_at: at.getTime(), state: "open" })
      .returning("card_id")
      .executeTakeFirstOrThrow();
    return row.card_id;
  }

  /**
   * A card for a report that has none (seen before the backfill cut, or never posted). The
   * report's row is locked while its card is made, so two presses on two replicas make one.
   */
  cardFor(reportId: number, at: Date): Promise<number | undefined> {
    return this.store.transaction(async () => {
      const read = this.store.db
        .selectFrom("reports")
        .select(["target", "card_id"])
        .where("report_id", "=", reportId);
      const row = await this.store.forUpdate(read).executeTakeFirst();
      if (row === undefined) return undefined;
      if (row.card_id !== null) return row.card_id;
      const cardId = await this.openCard(row.target, at);
      await this.attach(reportId, cardId);
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
    const bodies = await this.store.db
      .selectFrom("reports")
      .select("body")
      .where("card_id", "=", cardId)
      .orderBy("report_id")
      .execute();
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
      outcome: row.outcome ?? undefined,
      caseNumber: row.case_number ?? undefined,
      reports: bodies.map((body) => readBody(body.body)),
    };
  }

  /** Cards against `target` that nobody has settled yet. */
  async unsettledCards(target: string): Promise<number[]> {
    const rows = await this.store.db
      .selectFrom("report_cards")
      .select("card_id")
      .where("target", "=", target)
      .where("state", "in", ["open", "handling"])
      .orderBy("card_id")
      .execute();
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
      .where((eb) =>
        eb.or([
          eb("state", "=", "open"),
          eb.and([
            eb("state", "=", "handling"),
            eb("handled_at", "<=", at.getTime() - this.claimLeaseMs),
          ]),
        ]),
      )
      .returning("card_id")
      .executeTakeFirst();
    if (won) return { ok: true };
    const card = await this.card(cardId);
    if (!card) throw new Error(`card ${cardId} does not exist`);
    return { ok: false, card };
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

  /** Records who did what; a card already settled keeps its first outcome. */
  async settle(
    cardId: number,
    settlement: {
      state: "banned" | "dismissed";
      actor: Pick<Actor, "displayName" | "platform">;
      at: Date;
      outcome: string;
      caseNumber: number;
    },
  ): Promise<boolean> {
    const settled = await this.store.db
      .updateTable("report_cards")
      .set({
        state: settlement.state,
        handler_name: settlement.actor.displayName,
        handler_platform: settlement.actor.platform,
        handled_at: settlement.at.getTime(),
        outcome: settlement.outcome,
        case_number: settlement.caseNumber,
      })
      .where("card_id", "=", cardId)
      .where("state", "in", ["open", "handling"])
      .returning("card_id")
      .executeTakeFirst();
    return settled !== undefined;
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

  /** Runs `callback` once the running transaction commits (news for this process's listeners). */
  afterCommit(callback: () => void): void {
    this.store.afterCommit(callback);
  }
}

/** A stored body is the API's report as it was read: parsed again, never trusted blindly. */
function readBody(body: string): Report {
  return reportSchema.parse(JSON.parse(body));
}
