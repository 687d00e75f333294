// Cases: every mutating action, successful, failed or denied, with a number, who did it, from
// where, what, why, and what the API answered. The audit channels and `history` read them.
// Intent comes before action: a mutating command's case is opened as pending before the chat
// API is called and completed with the answer after, so no action is ever without its case. A
// pending case whose process died is settled at start-up (pending-cases.ts).
// Case numbers come from the table's identity column (AUTOINCREMENT on SQLite, GENERATED AS
// IDENTITY on PostgreSQL), read back with RETURNING: unique however many replicas record at once.
// On PostgreSQL a rolled-back insert leaves a gap; a number is never shown that is not stored.
import type { Selectable } from "kysely";
import { z } from "zod";
import { inBatches } from "../feed/in-batches.js";
import { Redactor } from "../redact.js";
import { isAlive, PROCESS_OWNER } from "../store/process-owner.js";
import type { CasesTable } from "../store/schema.js";
import type { Store } from "../store/store.js";
import type { Actor, Platform } from "./roles.js";

/**
 * `pending`: opened, the API's answer not recorded yet; `unknown`: its process died and the API
 * could not tell whether the action took effect.
 */
export type CaseOutcome = "pending" | "success" | "failed" | "denied" | "unknown";
export type Settled = Exclude<CaseOutcome, "pending">;

export interface NewCase {
  actor: Actor;
  command: string;
  /** The gamer_id acted on, so that `history` finds the case. */
  target?: string;
  args: Record<string, unknown>;
  reason?: string;
  outcome: Settled;
  answer?: unknown;
  error?: string;
}

/** Who did what the ban sync found done outside the bot: the chat API, as seen by the sync. */
export interface OutsideActor {
  platform: "chat-api";
  id: string;
  displayName: string;
}

/** A case of something done outside the bot, found by the ban sync: it succeeded, elsewhere. */
export interface FoundCase {
  at: Date;
  actor: OutsideActor;
  command: string;
  target: string;
  args: Record<string, unknown>;
  reason?: string;
  answer: unknown;
  /** What the case records, unique among cases: the same finding is never recorded twice. */
  syncKey: string;
}

/** Bound parameters a case row takes: within both engines' limits by batches (in-batches.ts). */
const CASE_COLUMNS = 13;

/** How a pending case ended. */
export interface Completion {
  outcome: Exclude<Settled, "denied">;
  answer?: unknown;
  error?: string;
}

/**
 * Where a case's actor acted: a platform a person uses, or `chat-api` for what the ban sync found
 * done outside the bot (ban-sync.ts). No adapter can make an Actor of `chat-api` (roles.ts), so
 * no person's case can pass for one of those.
 */
export type CasePlatform = Platform | "chat-api";

export interface Case {
  number: number;
  at: Date;
  platform: CasePlatform;
  actorId: string;
  actorName: string;
  command: string;
  target: string | undefined;
  args: Record<string, unknown>;
  reason: string | undefined;
  outcome: CaseOutcome;
  answer: unknown;
  error: string | undefined;
}

// Rows are parsed like any other boundary: a database written by an older or newer bot must
// fail loudly, not hand half-typed cases to the views.
const caseRowSchema = z.object({
  number: z.number(),
  at: z.string(),
  platform: z.enum(["discord", "slack", "console", "cli", "chat-api"]),
  actor_id: z.string(),
  actor_name: z.string(),
  command: z.string(),
  target: z.string().nullable(),
  args: z.string(),
  reason: z.string().nullable(),
  outcome: z.enum(["pending", "success", "failed", "denied", "unknown"]),
  answer: z.string().nullable(),
  error: z.string().nullable(),
  owner: z.string().nullable(),
});

type CaseRow = z.infer<typeof caseRowSchema>;

/** A case as `toCase` reads it back, from the row just written (its JSON is ours: no parse). */
function storedCase(number: number, row: Omit<CaseRow, "number">): Case {
  return {
    number,
    at: new Date(row.at),
    platform: row.platform,
    actorId: row.actor_id,
    actorName: row.actor_name,
    command: row.command,
    target: row.target ?? undefined,
    args: JSON.parse(row.args),
    reason: row.reason ?? undefined,
    outcome: row.outcome,
    answer: row.answer === null ? undefined : JSON.parse(row.answer),
    error: row.error ?? undefined,
  };
}

/** Made once: an export parses a million cases' arguments, and a schema is costly to build. */
const argsSchema = z.record(z.string(), z.unknown());

/** A row of the cases table as a Case, parsed: for a repository that selects cases itself. */
export function toCase(row: Selectable<CasesTable> | CaseRow): Case {
  const r = caseRowSchema.parse(row);
  return {
    number: r.number,
    at: new Date(r.at),
    platform: r.platform,
    actorId: r.actor_id,
    actorName: r.actor_name,
    command: r.command,
    target: r.target ?? undefined,
    args: argsSchema.parse(JSON.parse(r.args)),
    reason: r.reason ?? undefined,
    outcome: r.outcome,
    answer: r.answer === null ? undefined : JSON.parse(r.answer),
    error: r.error ?? undefined,
  };
}

/**
 * Work that belongs to recording a case and must commit or fail with it: owing its audit posts
 * to every audit destination, settling the report cards it answers. It runs inside the
 * transaction that records the case (ambient: its queries join it through `store.db`).
 */
export type CaseListener = (recorded: Case) => Promise<void> | void;

/**
 * How long a pending case may stay with a process that looks alive before it is taken for an
 * orphan: far beyond any action's API calls and their retries. It matters for a process on
 * another host (a replica), whose death this host cannot see.
 */
export const PENDING_CASE_LEASE_MS = 10 * 60_000;

/** A case completed already (by another process, or by an earlier try whose answer was lost). */
export class CaseNotPendingError extends Error {
  override name = "CaseNotPendingError";
  constructor(number: number) {
    super(`case #${number} is not pending`);
  }
}

export class CaseStore {
  private readonly listeners = new Set<CaseListener>();

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
    private readonly owner: string = PROCESS_OWNER,
    /** Every configured secret: none reaches a stored case, whatever the API echoed. */
    private readonly secrets: Redactor = Redactor.none,
  ) {}

  /**
   * Records a case that is complete already (a refusal) and runs every listener, in one
   * transaction: all of it is stored, or none, and a store that cannot be written throws.
   */
  record(input: NewCase): Promise<Case> {
    return this.writing(() =>
      this.store.transaction(async () => {
        const recorded = await this.insertRow(input, input.outcome, null);
        for (const listener of this.listeners) await listener(recorded);
        return recorded;
      }),
    );
  }

  /** Opens a pending case before the action; rejects when the store cannot be written. */
  open(input: Omit<NewCase, "outcome" | "answer" | "error">): Promise<Case> {
    return this.writing(() => this.insertRow(input, "pending", this.owner));
  }

  /** Tells the store's health of each write: a failed one makes /readyz say the store is down. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      const written = await write();
      this.store.health.succeeded();
      return written;
    } catch (error) {
      if (!(error instanceof CaseNotPendingError)) this.store.health.failed(error);
      throw error;
    }
  }

  /**
   * Completes a pending case and runs every listener, in one transaction. Only a case still
   * pending changes (one UPDATE … WHERE): of two processes completing it, one wins, the other
   * throws.
   */
  complete(number: number, completion: Completion): Promise<Case> {
    return this.writing(() =>
      this.store.transaction(async () => {
        const row = await this.store.db
          .updateTable("cases")
          .set({
            outcome: completion.outcome,
            answer:
              completion.answer === undefined
                ? null
                : JSON.stringify(this.secrets.value(completion.answer)),
            error: completion.error === undefined ? null : this.secrets.text(completion.error),
            owner: null,
          })
          .where("number", "=", number)
          .where("outcome", "=", "pending")
          .returningAll()
          .executeTakeFirst();
        if (row === undefined) throw new CaseNotPendingError(number);
        const recorded = toCase(row);
        for (const listener of this.listeners) await listener(recorded);
        return recorded;
      }),
    );
  }

  /**
   * Completes the case once the store answers again: its action was done (or failed) while the
   * store could not record it. Until then it stays pending with this process, which a restart
   * settles from the chat API instead; a case completed meanwhile (by that settlement on
   * another replica) is left as it is.
   */
  completeWhenBack(number: number, completion: Completion): void {
    this.whenStoreBack(`case #${number} recorded`, async () => {
      try {
        await this.complete(number, completion);
      } catch (error) {
        if (!(error instanceof CaseNotPendingError)) throw error;
      }
    });
  }

  /**
   * Runs `write` once the store answers again (now, if it does): work about cases that a store
   * outage made fail. It stays owed while it fails.
   */
  whenStoreBack(what: string, write: () => Promise<unknown>): void {
    this.store.health.retryWhenBack(what, write);
  }

  /** Tells the store's health that it failed (not only for a case); answers why, in words. */
  storeFailed(error: unknown): string {
    this.store.health.failed(error);
    return this.describeFailure(error);
  }

  /** A store failure in words that say where the store is and what to do (English, for logs). */
  describeFailure(error: unknown): string {
    return this.store.describeFailure(error);
  }

  /** The same in the language of the work running now: what the moderator reads. */
  shownFailure(error: unknown): string {
    return this.store.shownFailure(error);
  }

  /**
   * Pending cases whose process is gone (the action may or may not have happened), each claimed
   * for this process. A claim is one UPDATE … WHERE the case still has the owner it was found
   * with, so of two processes starting together each orphan goes to one of them; a claimer that
   * dies in turn leaves it to the next start. Oldest first.
   */
  async claimOrphans(): Promise<Case[]> {
    const pending = await this.store.db
      .selectFrom("cases")
      .selectAll()
      .where("outcome", "=", "pending")
      .orderBy("number")
      .execute();
    const claimed: Case[] = [];
    for (const row of pending.map((found) => caseRowSchema.parse(found))) {
      if (!this.isOrphan(row)) continue;
      const taken = await this.store.db
        .updateTable("cases")
        .set({ owner: this.owner })
        .where("number", "=", row.number)
        .where("outcome", "=", "pending")
        .where((eb) => (row.owner === null ? eb("owner", "is", null) : eb("owner", "=", row.owner)))
        .returningAll()
        .executeTakeFirst();
      if (taken !== undefined) claimed.push(toCase(taken));
    }
    return claimed;
  }

  private isOrphan(row: CaseRow): boolean {
    if (row.owner === null) return true;
    if (row.owner === this.owner) return false;
    const age = this.now().getTime() - Date.parse(row.at);
    return !isAlive(row.owner) || age > PENDING_CASE_LEASE_MS;
  }

  private async insertRow(
    input: Omit<NewCase, "outcome">,
    outcome: CaseOutcome,
    owner: string | null,
  ): Promise<Case> {
    const row = await this.store.db
      .insertInto("cases")
      .values({
        at: this.now().toISOString(),
        platform: input.actor.platform,
        actor_id: input.actor.id,
        actor_name: input.actor.displayName,
        command: input.command,
        target: input.target ?? null,
        args: JSON.stringify(this.secrets.value(input.args)),
        reason: input.reason === undefined ? null : this.secrets.text(input.reason),
        outcome,
        answer:
          input.answer === undefined ? null : JSON.stringify(this.secrets.value(input.answer)),
        error: input.error === undefined ? null : this.secrets.text(input.error),
        owner,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCase(row);
  }

  /**
   * Records cases of what was done outside the bot (ban-sync.ts), a batch per statement, each
   * once: a case whose `syncKey` is stored already is left as it is. Answers the cases recorded
   * now, in the order given. No listener runs: the sync owes their audit posts and keeps the ban
   * counts itself, for the whole batch at once (a first sync may find 100,000 bans).
   */
  recordFound(found: readonly FoundCase[]): Promise<Case[]> {
    return this.writing(async () => {
      const recorded: Case[] = [];
      for (const batch of inBatches(found, CASE_COLUMNS)) {
        const rows = batch.map((entry) => ({
          at: entry.at.toISOString(),
          platform: entry.actor.platform,
          actor_id: entry.actor.id,
          actor_name: entry.actor.displayName,
          command: entry.command,
          target: entry.target,
          args: JSON.stringify(this.secrets.value(entry.args)),
          reason: entry.reason === undefined ? null : this.secrets.text(entry.reason),
          outcome: "success" as const,
          answer: JSON.stringify(this.secrets.value(entry.answer)),
          error: null,
          owner: null,
          sync_key: entry.syncKey,
        }));
        // Only the numbers come back: the rest is what was written, read as a stored case is.
        const numbers = await this.store.db
          .insertInto("cases")
          .values(rows)
          .onConflict((conflict) => conflict.column("sync_key").doNothing())
          .returning(["number", "sync_key"])
          .execute();
        const written = new Map(rows.map((row) => [row.sync_key, row]));
        for (const { number, sync_key } of numbers.sort((a, b) => a.number - b.number)) {
          const row = sync_key === null ? undefined : written.get(sync_key);
          if (row) recorded.push(storedCase(number, row));
        }
      }
      return recorded;
    });
  }

  /** Runs `listener` inside the transaction of every case recorded; returns the unsubscribe. */
  onRecorded(listener: CaseListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async get(number: number): Promise<Case | undefined> {
    const row = await this.store.db
      .selectFrom("cases")
      .selectAll()
      .where("number", "=", number)
      .executeTakeFirst();
    return row === undefined ? undefined : toCase(row);
  }

  /** The player's cases, newest first. */
  async forTarget(gamerId: string, limit = 100): Promise<Case[]> {
    const rows = await this.store.db
      .selectFrom("cases")
      .selectAll()
      .where("target", "=", gamerId)
      .orderBy("number", "desc")
      .limit(limit)
      .execute();
    return rows.map(toCase);
  }

  /**
   * Each player's latest ban that the bot made and the chat API took (a successful `ban` case),
   * for the few players of a page: one look-up each through cases_by_target, however many cases
   * the store holds.
   */
  async latestBans(gamerIds: readonly string[]): Promise<Map<string, Case>> {
    const found = new Map<string, Case>();
    if (this.store.holdsNothing()) return found;
    for (const gamerId of new Set(gamerIds)) {
      const row = await this.store.db
        .selectFrom("cases")
        .selectAll()
        .where("target", "=", gamerId)
        .where("command", "=", "ban")
        .where("outcome", "=", "success")
        .orderBy("number", "desc")
        .limit(1)
        .executeTakeFirst();
      if (row !== undefined) found.set(gamerId, toCase(row));
    }
    return found;
  }

  /**
   * The cases recorded from `since` (inclusive) until `until` (exclusive), oldest first: by time,
   * then number (a replica whose clock is behind may record a later number at an earlier time).
   * Read a page at a time, each page one walk along cases_by_at from just after the last case
   * read, so memory holds one page and every page costs the same, however many cases match.
   */
  async *recordedBetween(
    range: { since?: Date | undefined; until?: Date | undefined },
    pageSize = 500,
  ): AsyncGenerator<Case> {
    if (this.store.holdsNothing()) return;
    let last: { at: string; number: number } | undefined;
    for (;;) {
      let page = this.store.db.selectFrom("cases").selectAll();
      // The index walk starts at the last case read (its time; the tuple skips what was read of
      // that millisecond): SQLite takes its range from `at >= ?` alone, not from the tuple.
      const from = last?.at ?? range.since?.toISOString();
      if (from !== undefined) page = page.where("at", ">=", from);
      if (range.until) page = page.where("at", "<", range.until.toISOString());
      if (last) {
        const after = last;
        page = page.where((eb) =>
          eb(eb.refTuple("at", "number"), ">", eb.tuple(after.at, after.number)),
        );
      }
      const rows = await page.orderBy("at").orderBy("number").limit(pageSize).execute();
      for (const row of rows) yield toCase(row);
      const end = rows.at(-1);
      if (end === undefined || rows.length < pageSize) return;
      last = { at: end.at, number: end.number };
    }
  }

  async recent(limit = 20): Promise<Case[]> {
    const rows = await this.store.db
      .selectFrom("cases")
      .selectAll()
      .orderBy("number", "desc")
      .limit(limit)
      .execute();
    return rows.map(toCase);
  }
}
