// Refusals are recorded as cases, every one, but a user in no role list who keeps trying must
// not flood the audit channels: at most one refusal per user per minute is posted, and the next
// one posted says how many were recorded in between without a post of their own. Replicas
// deciding at the same moment may each post one: a flood is still cut to a post a minute each.
import type { Case } from "../moderation/cases.js";
import type { Store } from "../store/store.js";

/** Refusals of one user posted at most this often. */
const DENIAL_POST_EVERY_MS = 60_000;

export class DenialAudit {
  constructor(private readonly store: Store) {}

  /** Whether this refusal gets audit posts: not if one of the same user's was posted lately. */
  async shouldPost(refusal: Case, now: number): Promise<boolean> {
    const recent = await this.store.db
      .selectFrom("outbox as o")
      .innerJoin("cases as c", "c.number", "o.subject")
      .select("o.id")
      .where("o.kind", "=", "post-case")
      .where("c.outcome", "=", "denied")
      .where("c.platform", "=", refusal.platform)
      .where("c.actor_id", "=", refusal.actorId)
      .where("c.number", "<>", refusal.number)
      .where("o.created_at", ">=", now - DENIAL_POST_EVERY_MS)
      .limit(1)
      .executeTakeFirst();
    return recent === undefined;
  }

  /** Refusals of the same user recorded since the last one posted, before this one. */
  async unpostedBefore(refusal: Case): Promise<number> {
    const row = await this.store.db
      .selectFrom("cases as c")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("c.outcome", "=", "denied")
      .where("c.platform", "=", refusal.platform)
      .where("c.actor_id", "=", refusal.actorId)
      .where("c.number", "<", refusal.number)
      .where((eb) =>
        eb(
          "c.number",
          ">",
          eb.fn.coalesce(
            eb
              .selectFrom("outbox as o")
              .innerJoin("cases as p", "p.number", "o.subject")
              .select((inner) => inner.fn.max("o.subject").as("posted"))
              .where("o.kind", "=", "post-case")
              .where("p.outcome", "=", "denied")
              .where("p.platform", "=", refusal.platform)
              .where("p.actor_id", "=", refusal.actorId)
              .where("o.subject", "<", refusal.number),
            eb.lit(0),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    return row.n;
  }
}
