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

/**
 * How long recording a request may take. Slack shows the moderator a timeout unless a request is
 * acknowledged within 3 s (https://docs.slack.dev/tools/bolt-python/concepts/acknowledge), and a
 * stalled database connection neither answers nor fails: past this, the request counts as not
 * recorded, so the moderator is told so in time.
 */
export const RECORD_WITHIN_MS = 1_500;

export class ReplayGuard {
  private readonly sweep;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
    private readonly recordWithinMs: number = RECORD_WITHIN_MS,
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
    let timer: NodeJS.Timeout | undefined;
    const tooLate = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.recordWithinMs / 1000} s`)),
        this.recordWithinMs,
      );
    });
    try {
      // A write that answers after the limit may still record the key: the request was not acted
      // on, and a copy of it is then refused as it should be.
      const inserted = await Promise.race([this.record(key, expiresAtMs), tooLate]);
      this.store.health.succeeded();
      return inserted;
    } catch (error) {
      this.store.health.failed(error);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async record(key: string, expiresAtMs: number): Promise<boolean> {
    // A key whose time is over may be offered again: the caller refuses it by its timestamp.
    await this.sweep.run(this.now());
    const inserted = await this.store.db
      .insertInto("seen_requests")
      .values({ key, expires_at: expiresAtMs })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** A failure of this guard's store in words: where it is and what to do (English, for logs). */
  describeFailure(error: unknown): string {
    return this.store.describeFailure(error);
  }

  /** The same in the language of the work running now, for the person whose request it was. */
  shownFailure(error: unknown): string {
    return this.store.shownFailure(error);
  }
}
