// Cases: every mutating action, successful, failed or denied, with a number, who did it, from
// where, what, why, and what the API answered. The audit channels and `history` read them.
import { z } from "zod";
import type { Database } from "../store/db.js";
import type { Actor, Platform } from "./roles.js";

export type CaseOutcome = "success" | "failed" | "denied";

export interface NewCase {
  actor: Actor;
  command: string;
  /** The gamer_id acted on, so that `history` finds the case. */
  target?: string;
  args: Record<string, unknown>;
  reason?: string;
  outcome: CaseOutcome;
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
  outcome: z.enum(["success", "failed", "denied"]),
  answer: z.string().nullable(),
  error: z.string().nullable(),
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
  private readonly byNumber;
  private readonly byTarget;
  private readonly latest;
  private readonly listeners = new Set<CaseListener>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.insert = db.prepare(
      `INSERT INTO cases (at, platform, actor_id, actor_name, command, target, args, reason, outcome, answer, error)
       VALUES (@at, @platform, @actor_id, @actor_name, @command, @target, @args, @reason, @outcome, @answer, @error)
       RETURNING *`,
    );
    this.byNumber = db.prepare("SELECT * FROM cases WHERE number = ?");
    this.byTarget = db.prepare("SELECT * FROM cases WHERE target = ? ORDER BY number DESC LIMIT ?");
    this.latest = db.prepare("SELECT * FROM cases ORDER BY number DESC LIMIT ?");
  }

  /** Records the case and runs every listener in one transaction: all of it is stored, or none. */
  record(input: NewCase): Case {
    return this.db.transaction(() => this.recordInTransaction(input)).immediate();
  }

  private recordInTransaction(input: NewCase): Case {
    const recorded = toCase(
      this.insert.get({
        at: this.now().toISOString(),
        platform: input.actor.platform,
        actor_id: input.actor.id,
        actor_name: input.actor.displayName,
        command: input.command,
        target: input.target ?? null,
        args: JSON.stringify(input.args),
        reason: input.reason ?? null,
        outcome: input.outcome,
        answer: input.answer === undefined ? null : JSON.stringify(input.answer),
        error: input.error ?? null,
      }),
    );
    for (const listener of this.listeners) listener(recorded);
    return recorded;
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
