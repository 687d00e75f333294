// The bot's memory, on SQLite (one file under DATA_DIR) or PostgreSQL (DATABASE_URL, shared by
// replicas), behind one query builder: repositories write each query once, with Kysely, and ask
// `store.db` for the builder to run it on.
//
// Transactions are ambient. Inside `store.transaction(work)`, `store.db` is that transaction's
// builder for everything `work` awaits, however deep (AsyncLocalStorage), so repositories called
// from a transaction join it without a parameter threaded through every call, and a repository
// can never run a query beside the transaction by mistake: on SQLite, whose one connection the
// transaction holds, that would wait forever. A transaction inside a transaction joins the outer
// one. `afterCommit` defers what must only happen once the change is visible (waking a drainer).
// `health` says whether the store can be written now (store-health.ts): writers report to it.
import { AsyncLocalStorage } from "node:async_hooks";
import { type Kysely, sql } from "kysely";
import { type CatalogueText, say, sayInEnglish } from "../catalogue/wording.js";
import { PROCESS_OWNER } from "./process-owner.js";
import type { Schema } from "./schema.js";
import { StoreHealth } from "./store-health.js";

export type Dialect = "sqlite" | "postgres";

interface RunningTransaction {
  db: Kysely<Schema>;
  afterCommit: (() => void)[];
  /** Ended: a callback that outlived the transaction gets the store's own builder again. */
  ended: boolean;
}

export interface StoreParts {
  dialect: Dialect;
  kysely: Kysely<Schema>;
  /** Where the data is, for messages: the SQLite file, or the PostgreSQL host and database. */
  location: string;
  /** One sentence about a failure of this store: where it is and what to do, as a catalogue text. */
  failureText: (error: unknown) => CatalogueText;
  /** Releases what Kysely does not own (nothing, or a lock connection). */
  close?: () => Promise<void>;
  /** Whether the store is known to hold nothing without opening it (see Store.holdsNothing). */
  holdsNothing?: () => boolean;
}

export class Store {
  readonly dialect: Dialect;
  readonly location: string;
  private readonly root: Kysely<Schema>;
  private readonly running = new AsyncLocalStorage<RunningTransaction>();
  private readonly closeExtra: (() => Promise<void>) | undefined;
  private readonly knownEmpty: (() => boolean) | undefined;
  private closed = false;
  /** The text of a failure of this store, English or shown, as its two readers want it. */
  readonly failureText: (error: unknown) => CatalogueText;
  /** Whether the store can be reached and written now; writers report to it. */
  readonly health: StoreHealth;

  constructor(parts: StoreParts) {
    this.dialect = parts.dialect;
    this.location = parts.location;
    this.root = parts.kysely;
    this.closeExtra = parts.close;
    this.knownEmpty = parts.holdsNothing;
    this.failureText = parts.failureText;
    this.health = new StoreHealth({
      engine: parts.dialect === "postgres" ? "PostgreSQL" : "SQLite",
      describeFailure: (error) => this.describeFailure(error),
      probeWrite: () => writeProbeRow(this.root),
    });
  }

  /** One sentence about a failure of this store, in English: for logs, /readyz, errors' messages. */
  describeFailure(error: unknown): string {
    return sayInEnglish(this.failureText(error));
  }

  /**
   * The same sentence in the language of the work running now: what a moderator or an operator
   * reads (a store-down answer, a command that could not record its case).
   */
  shownFailure(error: unknown): string {
    return say(this.failureText(error));
  }

  /** The builder to query with: the running transaction's inside `transaction`, else the store's. */
  get db(): Kysely<Schema> {
    const transaction = this.running.getStore();
    return transaction && !transaction.ended ? transaction.db : this.root;
  }

  /**
   * True while the store is known to hold nothing, without opening it: a one-shot command's
   * SQLite file that does not exist yet. A read that would only add to an answer (a player's
   * name) then answers nothing rather than create the store; a write creates it as ever.
   */
  holdsNothing(): boolean {
    return this.knownEmpty?.() ?? false;
  }

  /** Whether a transaction is running around the caller. */
  get inTransaction(): boolean {
    const transaction = this.running.getStore();
    return transaction !== undefined && !transaction.ended;
  }

  /**
   * Runs `work` in one transaction: all of its writes or none. On SQLite it is IMMEDIATE (the
   * write lock is taken first, so another process waits rather than failing halfway); on
   * PostgreSQL it is READ COMMITTED, and repositories make each read-modify-write safe under
   * concurrent replicas themselves (an atomic UPDATE … WHERE, or a row lock).
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return work();
    const transaction: RunningTransaction = { db: this.root, afterCommit: [], ended: false };
    const inside = (db: Kysely<Schema>) => {
      transaction.db = db;
      return this.running.run(transaction, work);
    };
    let result: T;
    try {
      result =
        this.dialect === "sqlite"
          ? await this.root.connection().execute((connection) => immediate(connection, inside))
          : await this.root.transaction().execute(inside);
    } finally {
      transaction.ended = true;
    }
    for (const callback of transaction.afterCommit) callback();
    return result;
  }

  /**
   * `query`, locking the rows it reads until the transaction ends where that takes a clause: on
   * PostgreSQL (FOR UPDATE). SQLite's IMMEDIATE transaction holds the write lock already, and its
   * dialect has no FOR UPDATE.
   */
  forUpdate<Q extends { forUpdate(): Q }>(query: Q): Q {
    return this.dialect === "postgres" ? query.forUpdate() : query;
  }

  /** Runs `callback` once the running transaction commits (never, if it rolls back); now if none. */
  afterCommit(callback: () => void): void {
    const transaction = this.running.getStore();
    if (transaction && !transaction.ended) transaction.afterCommit.push(callback);
    else callback();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.health.stop();
    await this.root.destroy();
    await this.closeExtra?.();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

/** BEGIN IMMEDIATE on SQLite's one connection, which Kysely holds for us until `work` ends. */
async function immediate<T>(
  connection: Kysely<Schema>,
  work: (db: Kysely<Schema>) => Promise<T>,
): Promise<T> {
  await sql`BEGIN IMMEDIATE`.execute(connection);
  try {
    const result = await work(connection);
    await sql`COMMIT`.execute(connection);
    return result;
  } catch (error) {
    // SQLite may have rolled back already (a full disk, an I/O error): the first error is the one
    // worth telling.
    await sql`ROLLBACK`.execute(connection).catch(() => undefined);
    throw error;
  }
}

/** How long the probe's row outlives its last write; the replay guard's sweep removes it after. */
const PROBE_ROW_MS = 60_000;

/**
 * The health probe's write: this process's own row in the replay guard's table, written again.
 * A real committed write (a read would pass on a full disk or a read-only database), to the very
 * table a Slack request must be written to before it is acted on; one row per process, so
 * replicas never wait on each other's probes.
 */
async function writeProbeRow(db: Kysely<Schema>): Promise<void> {
  const expires_at = Date.now() + PROBE_ROW_MS;
  await db
    .insertInto("seen_requests")
    .values({ key: `store-probe:${PROCESS_OWNER}`, expires_at })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ expires_at }))
    .execute();
}
