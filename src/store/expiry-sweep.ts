// Rows that carry their own expiry (stored buttons, seen Slack requests) are deleted through an
// index on that column, at most once per period per process, by whichever write comes first: no
// timer, and a cost that does not grow with uptime or with the number of live rows. Two replicas
// may both sweep in one period; deleting what is already gone is harmless.

const SWEEP_EVERY_MS = 60_000;

export class ExpirySweep {
  private lastSweep = 0;

  /** `deleteExpired(before)` deletes the rows expiring before `before`. */
  constructor(
    private readonly deleteExpired: (before: number) => Promise<unknown>,
    private readonly now: () => number,
  ) {}

  /** Deletes what expired before `before`, unless that was done less than a period ago. */
  async run(before: number): Promise<void> {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    // Set before the delete runs, so writes arriving meanwhile do not sweep too.
    this.lastSweep = now;
    await this.deleteExpired(before);
  }
}
