// A token bucket per destination: `burst` messages at once after a quiet spell, then one per
// `intervalMs`. A 429 that gets through anyway (another app sharing the token, a stricter limit
// than documented) pauses the bucket for as long as the platform asked.
import { setTimeout as sleep } from "node:timers/promises";
import type { Pace } from "./destination.js";

export class Pacer {
  private tokens: number;
  private refilledAt: number;
  private pausedUntil = 0;

  constructor(
    private readonly pace: Pace,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = pace.burst;
    this.refilledAt = now();
  }

  /** Resolves when one message may go out, and counts it. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const wait = this.waitMs();
      if (wait <= 0) {
        this.tokens -= 1;
        return;
      }
      await sleep(wait, undefined, { signal });
    }
  }

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
    // After the pause, one message per interval again: no burst straight into the same limit.
    this.tokens = 0;
    this.refilledAt = this.pausedUntil;
  }

  private waitMs(): number {
    const now = this.now();
    if (now < this.pausedUntil) return this.pausedUntil - now;
    const earned = Math.floor((now - this.refilledAt) / this.pace.intervalMs);
    if (earned > 0) {
      this.tokens = Math.min(this.pace.burst, this.tokens + earned);
      // A full bucket earns nothing while it waits: time spent full must not count towards
      // the next token, or a burst would be followed at once by one more.
      this.refilledAt =
        this.tokens === this.pace.burst ? now : this.refilledAt + earned * this.pace.intervalMs;
    }
    if (this.tokens >= 1) return 0;
    return this.refilledAt + this.pace.intervalMs - now;
  }
}
