// Requests already acted on, so that a copy is not acted on again: Slack's signatures (HTTP mode)
// are remembered for as long as their timestamp would still be accepted. The memory is a table
// keyed by the request, not a map in this process, so every process sharing the store (a second
// bot on DATA_DIR, or replicas on PostgreSQL behind one load balancer) refuses the copy of a
// request another one took. The first sighting is one INSERT … ON CONFLICT DO NOTHING: the
// primary key decides, atomically on both engines (on PostgreSQL a concurrent second insert of
// the key waits for the first to commit, then inserts nothing), and only the insert that wrote
// the row gets it back from RETURNING. Expired rows go through an index, at most once a minute.
import { ExpirySweep } from "./expiry-sweep.js";
import type { Store } from "./store.js";

export class ReplayGuard {
  private readonly sweep;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {
    this.sweep = new ExpirySweep(
      (before) => store.db.deleteFrom("seen_requests").where("expires_at", "<", before).execute(),
      now,
    );
  }

  /**
   * True the first time `key` is offered, false for every later offer until `expiresAtMs`: the
   * caller acts only on true. Rejects when the store cannot be written; the caller must then not
   * act, since it cannot tell a first request from a copy. The store's health hears of either.
   */
  async firstSighting(key: string, expiresAtMs: number): Promise<boolean> {
    try {
      // A key whose time is over may be offered again: the caller refuses it by its timestamp.
      await this.sweep.run(this.now());
      const inserted = await this.store.db
        .insertInto("seen_requests")
        .values({ key, expires_at: expiresAtMs })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .returning("key")
        .executeTakeFirst();
      this.store.health.succeeded();
      return inserted !== undefined;
    } catch (error) {
      this.store.health.failed(error);
      throw error;
    }
  }

  /** A failure of this guard's store in words: where it is and what to do. */
  describeFailure(error: unknown): string {
    return this.store.describeFailure(error);
  }
}
