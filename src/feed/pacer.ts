// A token bucket per destination: `burst` messages at once after a quiet spell, then one per
// `intervalMs`. A 429 that gets through anyway (another app sharing the token, a stricter limit
// than documented) pauses the bucket for as long as the platform asked.
import { setTimeout as sleep } from "node:timers/promises";
import type { Pace } from "./destination.js";

/**
 * The time a pacer counts by and waits on: the host's in production. A test gives the pacer and
 * the fake platform's rate limit one clock that moves only when the pacer waits, so pacing is
 * checked against the fake's real limit without waiting it out.
 */
export interface PaceClock {
  now(): number;
  /** Resolves after `ms`; rejects with an AbortError when `signal` aborts first. */
  wait(ms: number, signal?: AbortSignal): Promise<unknown>;
}

/** The host's clock, read through `now` (the core's clock). */
export function hostPaceClock(now: () => number = Date.now): PaceClock {
  return { now, wait: (ms, signal) => sleep(ms, undefined, { signal }) };
}

export class Pacer {
  private tokens: number;
  private refilledAt: number;
  private pausedUntil = 0;

  constructor(
    private readonly pace: Pace,
    private readonly clock: PaceClock = hostPaceClock(),
  ) {
    this.tokens = pace.burst;
    this.refilledAt = clock.now();
  }

  /** Resolves when one message may go out, and counts it. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const waitMs = this.waitMs();
      if (waitMs <= 0) {
        this.tokens -= 1;
        return;
      }
      await this.clock.wait(waitMs, signal);
    }
  }

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    // After the pause, one message, then one per interval: no burst straight into the limit.
    this.tokens = 0;
    this.refilledAt = this.pausedUntil - this.pace.intervalMs;
  }

  private waitMs(): number {
    const now = this.clock.now();
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
