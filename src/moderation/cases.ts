// Cases: every mutating action, successful, failed or denied, with a number, who did it, from
// where, what, why, and what the API answered. The audit channels and `history` read them.
// Intent comes before action: a mutating command's case is opened as pending before the chat
// API is called and completed with the answer after, so no action is ever without its case. A
// pending case whose process died is settled at start-up (pending-cases.ts).
import { z } from "zod";
import { Redactor } from "../redact.js";
import type { Database } from "../store/db.js";
import { isAlive, PROCESS_OWNER } from "../store/process-owner.js";
import { describeStoreFailure } from "../store/store-failure.js";
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

/** How a pending case ended. */
export interface Completion {
  outcome: Exclude<Settled, "denied">;
  answer?: unknown;
  error?: string;
}

export interface Case {
  number: number;
  at: Date;
  platform: Platform;
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
  platform: z.enum(["discord", "slack", "console", "cli"]),
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

function toCase(row: unknown): Case {
  const r = caseRowSchema.parse(row);
  return {
    number: r.number,
    at: new Date(r.at),
    platform: r.platform,
    actorId: r.actor_id,
    actorName: r.actor_name,
    command: r.command,
    target: r.target ?? undefined,
    args: z.record(z.string(), z.unknown()).parse(JSON.parse(r.args)),
    reason: r.reason ?? undefined,
    outcome: r.outcome,
    answer: r.answer === null ? undefined : JSON.parse(r.answer),
    error: r.error ?? undefined,
  };
}

/**
 * Work that belongs to recording a case and must commit or fail with it: owing its audit posts
 * to every audit destination, settling the report cards it answers.
 */
export type CaseListener = (recorded: Case) => void;

export class CaseStore {
  private readonly insert;
  private readonly completion;
  private readonly pending;
  private readonly byNumber;
  private readonly byTarget;
  private readonly latest;
  private readonly listeners = new Set<CaseListener>();
  private lastWriteProblem: string | undefined;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
    private readonly owner: string = PROCESS_OWNER,
    /** Every configured secret: none reaches a stored case, whatever the API echoed. */
    private readonly secrets: Redactor = Redactor.none,
  ) {
    this.insert = db.prepare(
      `INSERT INTO cases (at, platform, actor_id, actor_name, command, target, args, reason, outcome, answer, error, owner)
       VALUES (@at, @platform, @actor_id, @actor_name, @command, @target, @args, @reason, @outcome, @answer, @error, @owner)
       RETURNING *`,
    );
    this.completion = db.prepare(
      `UPDATE cases SET outcome = @outcome, answer = @answer, error = @error, owner = NULL
       WHERE number = @number AND outcome = 'pending' RETURNING *`,
    );
    this.pending = db.prepare("SELECT * FROM cases WHERE outcome = 'pending' ORDER BY number");
    this.byNumber = db.prepare("SELECT * FROM cases WHERE number = ?");
    this.byTarget = db.prepare("SELECT * FROM cases WHERE target = ? ORDER BY number DESC LIMIT ?");
    this.latest = db.prepare("SELECT * FROM cases ORDER BY number DESC LIMIT ?");
  }

  /**
   * Records a case that is complete already (a refusal) and runs every listener, in one
   * transaction: all of it is stored, or none, and a store that cannot be written throws.
   */
  record(input: NewCase): Case {
    return this.writing(() =>
      this.db
        .transaction(() => {
          const recorded = this.insertRow(input, input.outcome, null);
          for (const listener of this.listeners) listener(recorded);
          return recorded;
        })
        .immediate(),
    );
  }

  /** Opens a pending case before the action; throws when the store cannot be written. */
  open(input: Omit<NewCase, "outcome" | "answer" | "error">): Case {
    return this.writing(() =>
      this.db.transaction(() => this.insertRow(input, "pending", this.owner)).immediate(),
    );
  }

  /**
   * What /readyz reports for the store: not ready, with why, from a failed write of a case until
   * one succeeds again, since a bot that cannot record cases does not act.
   */
  readiness(): { ready: boolean; detail: string } {
    const problem = this.lastWriteProblem;
    return problem === undefined
      ? { ready: true, detail: "ok" }
      : { ready: false, detail: `cases cannot be recorded: ${problem}` };
  }

  private writing<T>(write: () => T): T {
    try {
      const written = write();
      this.lastWriteProblem = undefined;
      return written;
    } catch (error) {
      this.lastWriteProblem = this.describeFailure(error);
      throw error;
    }
  }

  /** Completes a pending case and runs every listener, in one transaction. */
  complete(number: number, completion: Completion): Case {
    return this.writing(() =>
      this.db
        .transaction(() => {
          const row = this.completion.get({
            number,
            outcome: completion.outcome,
            answer:
              completion.answer === undefined
                ? null
                : JSON.stringify(this.secrets.value(completion.answer)),
            error: completion.error === undefined ? null : this.secrets.text(completion.error),
          });
          if (row === undefined) throw new Error(`case #${number} is not pending`);
          const recorded = toCase(row);
          for (const listener of this.listeners) listener(recorded);
          return recorded;
        })
        .immediate(),
    );
  }

  /** A store failure in words that name DATA_DIR and the file, and say what to do. */
  describeFailure(error: unknown): string {
    return describeStoreFailure(error, this.db.name);
  }

  /** Pending cases whose process is gone: the action may or may not have happened. */
  orphans(): Case[] {
    return this.pending
      .all()
      .map((row) => caseRowSchema.parse(row))
      .filter((row) => row.owner === null || (row.owner !== this.owner && !isAlive(row.owner)))
      .map(toCase);
  }

  private insertRow(
    input: Omit<NewCase, "outcome">,
    outcome: CaseOutcome,
    owner: string | null,
  ): Case {
    return toCase(
      this.insert.get({
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
      }),
    );
  }

  /** Runs `listener` inside the transaction of every case recorded; returns the unsubscribe. */
  onRecorded(listener: CaseListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(number: number): Case | undefined {
    const row = this.byNumber.get(number);
    return row === undefined ? undefined : toCase(row);
  }

  /** The player's cases, newest first. */
  forTarget(gamerId: string, limit = 100): Case[] {
    return this.byTarget.all(gamerId, limit).map(toCase);
  }

  recent(limit = 20): Case[] {
    return this.latest.all(limit).map(toCase);
  }
}
