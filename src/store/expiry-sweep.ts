// Rows that carry their own expiry (stored buttons, seen Slack requests) are deleted through an
// index on that column, at most once per period, by whichever write comes first: no timer, and
// a cost that does not grow with uptime or with the number of live rows.
import type { Statement } from "better-sqlite3";

const SWEEP_EVERY_MS = 60_000;

export class ExpirySweep {
  private lastSweep = 0;

  /** `deleteExpired` takes one parameter: rows expiring before it go. */
  constructor(
    private readonly deleteExpired: Statement<[number]>,
    private readonly now: () => number,
  ) {}

  /** Deletes what expired before `before`, unless that was done less than a period ago. */
  run(before: number): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.deleteExpired.run(before);
  }
}
