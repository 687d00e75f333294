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
    private readonly wait: (ms: number, signal?: AbortSignal) => Promise<unknown> = (ms, signal) =>
      sleep(ms, undefined, { signal }),
  ) {
    this.tokens = pace.burst;
    this.refilledAt = now();
  }

  /** Resolves when one message may go out, and counts it. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const waitMs = this.waitMs();
      if (waitMs <= 0) {
        this.tokens -= 1;
        return;
      }
      await this.wait(waitMs, signal);
    }
  }

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
    // After the pause, one message, then one per interval: no burst straight into the limit.
    this.tokens = 0;
    this.refilledAt = this.pausedUntil - this.pace.intervalMs;
  }

  private waitMs(): number {
    const now = this.now();
    if (now < this.pausedUntil) return this.pausedUntil - now;
    this.refill(now);
    if (this.tokens >= 1) return 0;
    return this.refilledAt + this.pace.intervalMs - now;
  }

  private refill(now: number): void {
    // A full bucket earns nothing while it waits: time spent full must not count towards the
    // next token, or a burst would be followed at once by one more.
    if (this.tokens >= this.pace.burst) {
      this.refilledAt = now;
      return;
    }
    const earned = Math.floor((now - this.refilledAt) / this.pace.intervalMs);
    if (earned <= 0) return;
    this.tokens = Math.min(this.pace.burst, this.tokens + earned);
    this.refilledAt =
      this.tokens === this.pace.burst ? now : this.refilledAt + earned * this.pace.intervalMs;
  }
}
