// Locks that every process sharing the store respects: the bot, a second bot on the same
// DATA_DIR or replicas on one PostgreSQL, and one-shot `chatwarden badwords add …` commands
// beside them. Within one process a queue keeps arrival order, so only one task per key asks the
// store; between processes each engine holds the lock its own way:
// - PostgreSQL: a session advisory lock, held on one pooled connection for as long as the task
//   runs. The server releases it the moment that connection ends, so a replica killed mid-edit
//   (on any host) frees the lock at once, where a lease row would block the list until its lease
//   ran out.
// - SQLite: a row in `locks` with a lease naming its process and a random token, released by
//   deleting the row. SQLite has no advisory locks, and its one connection cannot be kept for
//   the length of a task. A lock whose process died (same host) or whose lease ran out is taken
//   over, with an atomic write: two takers cannot both win.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { z } from "zod";
import { type CatalogueText, say, sayInEnglish, text, type Wording } from "../catalogue/wording.js";
import { KeyedLock, type Serialiser } from "./keyed-lock.js";
import { isAlive, PROCESS_OWNER } from "./process-owner.js";
import type { Store } from "./store.js";

export interface StoreLockTiming {
  /** How long a holder may keep a lock before others may take it over (SQLite's lease row). */
  leaseMs: number;
  /** How long a task waits for a lock held elsewhere before it gives up. */
  waitMs: number;
  /** Pause between tries while another process holds the lock. */
  retryMs: number;
}

const DEFAULT_LOCK_TIMING: StoreLockTiming = {
  // A word-list edit is three API calls, each bounded by the API timeout and its retries.
  leaseMs: 2 * 60_000,
  waitMs: 60_000,
  retryMs: 25,
};

/**
 * The first key of every advisory lock of ours ("cwlk"); the second is the lock's name hashed.
 * Two-key advisory locks are a key space apart from single-key ones (migrations, the leader).
 * Two names with one hash would only wait for each other, never run together wrongly.
 */
export const STORE_LOCK_CLASS = 0x63776c6b;

/**
 * The lock is held elsewhere for longer than a task may wait. The message is English (logs);
 * `shown()` says it in the language of the moderator whose edit it stopped.
 */
export class LockTimeoutError extends Error {
  override name = "LockTimeoutError";

  constructor(
    /** What the lock guards: "the ko-kr word list". */
    private readonly what: Wording,
    private readonly waitedMs: number,
  ) {
    super(sayInEnglish(timeoutText(sayInEnglish(what), waitedMs)));
  }

  /** The message in the language of the work running now. */
  shown(): string {
    return say(timeoutText(say(this.what), this.waitedMs));
  }
}

function timeoutText(what: string, waitedMs: number): CatalogueText {
  // A string, as it always was: no digit grouping.
  return text("failures.lock.timeout", { what, seconds: String(Math.round(waitedMs / 1000)) });
}

const holderSchema = z.object({ owner: z.string(), lease_until: z.number() });
const takenSchema = z.object({ taken: z.boolean() });

/** What `attempt` found: the task's result, or the lock held elsewhere. */
type Attempt<T> = { ran: true; value: T } | { ran: false };

export class StoreLock implements Serialiser {
  private readonly local = new KeyedLock();

  constructor(
    private readonly store: Store,
    /** Keeps these locks apart from other kinds in the same table: `word-list`. */
    private readonly namespace: string,
    /** What the lock guards, for the timeout's message: "the ko-kr word list". */
    private readonly describe: (key: string) => Wording,
    private readonly timing: StoreLockTiming = DEFAULT_LOCK_TIMING,
    private readonly now: () => number = Date.now,
    private readonly processOwner: string = PROCESS_OWNER,
  ) {}

  /** Runs `task` while holding the lock named `key` in every process on this store. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const name = `${this.namespace}:${key}`;
      const giveUpAt = this.now() + this.timing.waitMs;
      for (;;) {
        const attempt =
          this.store.dialect === "postgres"
            ? await this.attemptAdvisory(name, task)
            : await this.attemptLease(name, task);
        if (attempt.ran) return attempt.value;
        if (this.now() >= giveUpAt) {
          throw new LockTimeoutError(this.describe(key), this.timing.waitMs);
        }
        await sleep(this.timing.retryMs);
      }
    });
  }

  /**
   * PostgreSQL: try the advisory lock on a connection of our own, and keep that connection (and
   * so the lock) until the task ends. A try that fails holds nothing while it waits to try again.
   */
  private attemptAdvisory<T>(name: string, task: () => Promise<T>): Promise<Attempt<T>> {
    return this.store.db.connection().execute(async (connection) => {
      const result = await sql<{
        taken: boolean;
      }>`SELECT pg_try_advisory_lock(${STORE_LOCK_CLASS}, hashtext(${name})) AS taken`.execute(
        connection,
      );
      if (!takenSchema.parse(result.rows[0]).taken) return { ran: false };
      try {
        return { ran: true, value: await task() };
      } finally {
        // Should the connection have broken, the server has let go of the lock with it.
        await sql`SELECT pg_advisory_unlock(${STORE_LOCK_CLASS}, hashtext(${name}))`
          .execute(connection)
          .catch(() => undefined);
      }
    });
  }

  /** SQLite: take the lease row, run the task, delete the row (only if it is still ours). */
  private async attemptLease<T>(name: string, task: () => Promise<T>): Promise<Attempt<T>> {
    const token = `${this.processOwner}:${randomBytes(6).toString("hex")}`;
    if (!(await this.takeLease(name, token))) return { ran: false };
    try {
      return { ran: true, value: await task() };
    } finally {
      await this.store.db
        .deleteFrom("locks")
        .where("name", "=", name)
        .where("owner", "=", token)
        .execute();
    }
  }

  /**
   * Takes the lease row if it is free or its lease ran out (one INSERT … ON CONFLICT DO UPDATE
   * WHERE expired), else if its process is gone (one UPDATE … WHERE the owner is still the one
   * found dead). Each is one statement, so of two takers only one gets a row back.
   */
  private async takeLease(name: string, token: string): Promise<boolean> {
    const now = this.now();
    const leaseUntil = now + this.timing.leaseMs;
    const taken = await this.store.db
      .insertInto("locks")
      .values({ name, owner: token, lease_until: leaseUntil })
      .onConflict((conflict) =>
        conflict
          .column("name")
          .doUpdateSet({ owner: token, lease_until: leaseUntil })
          .where("locks.lease_until", "<", now),
      )
      .returning("owner")
      .executeTakeFirst();
    if (taken !== undefined) return true;
    const found = await this.store.db
      .selectFrom("locks")
      .select(["owner", "lease_until"])
      .where("name", "=", name)
      .executeTakeFirst();
    // Released meanwhile: the next try inserts it.
    if (found === undefined) return false;
    const holder = holderSchema.parse(found);
    const holderProcess = holder.owner.slice(0, holder.owner.lastIndexOf(":"));
    if (isAlive(holderProcess)) return false;
    const takenOver = await this.store.db
      .updateTable("locks")
      .set({ owner: token, lease_until: leaseUntil })
      .where("name", "=", name)
      .where("owner", "=", holder.owner)
      .returning("owner")
      .executeTakeFirst();
    return takenOver !== undefined;
  }
}
