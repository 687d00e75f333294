// Locks that every process sharing the store respects: the bot, a second bot on the same
// DATA_DIR, and one-shot `chatwarden badwords add …` commands beside them. A lock is a row taken
// in a write transaction, with a lease naming its process and a random token; it is released by
// deleting the row. A lock whose process died (same host) or whose lease ran out can be taken
// over. Within one process a queue keeps arrival order, so only one task per key asks the store.
// The same row-with-a-lease design carries over to PostgreSQL (INSERT … ON CONFLICT).
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { Database } from "./db.js";
import { KeyedLock, type Serialiser } from "./keyed-lock.js";
import { isAlive, PROCESS_OWNER } from "./process-owner.js";

export interface StoreLockTiming {
  /** How long a holder may keep a lock before others may take it over. */
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

/** The lock is held elsewhere for longer than a task may wait. */
export class LockTimeoutError extends Error {
  override name = "LockTimeoutError";
}

const holderSchema = z.object({ owner: z.string(), lease_until: z.number() });

export class StoreLock implements Serialiser {
  private readonly local = new KeyedLock();
  private readonly statements;

  constructor(
    private readonly db: Database,
    /** Keeps these locks apart from other kinds in the same table: `word-list`. */
    private readonly namespace: string,
    /** What the lock guards, for the timeout's message: "the ko-kr word list". */
    private readonly describe: (key: string) => string,
    private readonly timing: StoreLockTiming = DEFAULT_LOCK_TIMING,
    private readonly now: () => number = Date.now,
    private readonly processOwner: string = PROCESS_OWNER,
  ) {
    this.statements = {
      holder: db.prepare("SELECT owner, lease_until FROM locks WHERE name = ?"),
      take: db.prepare(
        "INSERT INTO locks (name, owner, lease_until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until",
      ),
      release: db.prepare("DELETE FROM locks WHERE name = ? AND owner = ?"),
    };
  }

  /** Runs `task` while holding the lock named `key` in every process on this store. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const name = `${this.namespace}:${key}`;
      const token = await this.acquire(name, key);
      try {
        return await task();
      } finally {
        this.statements.release.run(name, token);
      }
    });
  }

  private async acquire(name: string, key: string): Promise<string> {
    const token = `${this.processOwner}:${randomBytes(6).toString("hex")}`;
    const giveUpAt = this.now() + this.timing.waitMs;
    for (;;) {
      if (this.tryTake(name, token)) return token;
      if (this.now() >= giveUpAt) {
        throw new LockTimeoutError(
          `${this.describe(key)} is being edited by another chatwarden process for over ${Math.round(this.timing.waitMs / 1000)} s: try again`,
        );
      }
      await sleep(this.timing.retryMs);
    }
  }

  /** Takes the lock if it is free, expired, or held by a process that is gone. */
  private tryTake(name: string, token: string): boolean {
    return this.db
      .transaction(() => {
        const found = this.statements.holder.get(name);
        if (found !== undefined) {
          const holder = holderSchema.parse(found);
          const ownerProcess = holder.owner.slice(0, holder.owner.lastIndexOf(":"));
          const free = holder.lease_until < this.now() || !isAlive(ownerProcess);
          if (!free) return false;
        }
        this.statements.take.run(name, token, this.now() + this.timing.leaseMs);
        return true;
      })
      .immediate();
  }
}
