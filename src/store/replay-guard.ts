// Requests already acted on, so that a copy is not acted on again: Slack's signatures (HTTP mode)
// are remembered for as long as their timestamp would still be accepted. The memory is a table
// keyed by the request, not a map in this process, so every process on one DATA_DIR refuses the
// copy of a request another one took; the first INSERT wins and a conflicting one is the replay,
// which carries over as is to PostgreSQL (INSERT … ON CONFLICT DO NOTHING, then the row count).
// Expired rows go through an index, at most once a minute.
import type { Database } from "./db.js";
import { ExpirySweep } from "./expiry-sweep.js";

export class ReplayGuard {
  private readonly insert;
  private readonly sweep;

  constructor(
    db: Database,
    private readonly now: () => number = Date.now,
  ) {
    this.insert = db.prepare(
      "INSERT INTO seen_requests (key, expires_at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
    );
    this.sweep = new ExpirySweep(
      db.prepare<[number]>("DELETE FROM seen_requests WHERE expires_at < ?"),
      now,
    );
  }

  /**
   * True the first time `key` is offered, false for every later offer until `expiresAtMs`: the
   * caller acts only on true. Throws when the store cannot be written; the caller must then not
   * act, since it cannot tell a first request from a copy.
   */
  firstSighting(key: string, expiresAtMs: number): boolean {
    // A key whose time is over may be offered again: the caller refuses it by its timestamp.
    this.sweep.run(this.now());
    return this.insert.run(key, expiresAtMs).changes === 1;
  }
}
