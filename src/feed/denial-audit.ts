// Refusals are recorded as cases, every one, but a user in no role list who keeps trying must
// not flood the audit channels: at most one refusal per user per minute is posted, and the next
// one posted says how many were recorded in between without a post of their own.
import { z } from "zod";
import type { Case } from "../moderation/cases.js";
import type { Database } from "../store/db.js";

/** Refusals of one user posted at most this often. */
const DENIAL_POST_EVERY_MS = 60_000;

const countSchema = z.object({ n: z.number() });

export class DenialAudit {
  private readonly statements;

  constructor(db: Database) {
    this.statements = {
      postedSince: db.prepare(
        `SELECT count(*) AS n FROM outbox o JOIN cases c ON c.number = o.subject
         WHERE o.kind = 'post-case' AND c.outcome = 'denied' AND c.platform = ? AND c.actor_id = ?
           AND c.number <> ? AND o.created_at >= ?`,
      ),
      unpostedBefore: db.prepare(
        `SELECT count(*) AS n FROM cases c
         WHERE c.outcome = 'denied' AND c.platform = @platform AND c.actor_id = @actor AND c.number < @number
           AND c.number > coalesce((
             SELECT max(o.subject) FROM outbox o JOIN cases p ON p.number = o.subject
             WHERE o.kind = 'post-case' AND p.outcome = 'denied' AND p.platform = @platform
               AND p.actor_id = @actor AND o.subject < @number), 0)`,
      ),
    };
  }

  /** Whether this refusal gets audit posts: not if one of the same user's was posted lately. */
  shouldPost(refusal: Case, now: number): boolean {
    const recent = this.statements.postedSince.get(
      refusal.platform,
      refusal.actorId,
      refusal.number,
      now - DENIAL_POST_EVERY_MS,
    );
    return countSchema.parse(recent).n === 0;
  }

  /** Refusals of the same user recorded since the last one posted, before this one. */
  unpostedBefore(refusal: Case): number {
    const row = this.statements.unpostedBefore.get({
      platform: refusal.platform,
      actor: refusal.actorId,
      number: refusal.number,
    });
    return countSchema.parse(row).n;
  }
}
