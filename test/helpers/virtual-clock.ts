// A clock that moves only when something waits on it (or a test moves it). Given to a pacer and
// to a fake platform's rate limit, it lets a test check pacing against the fake's real limit
// without waiting it out: the pacer's waits take no real time, and the fake counts them as the
// time they stand for. Real time that passes meanwhile does not count, so the fake sees the
// sends no further apart than the pacer spaced them: it is as strict as with the host's clock.
import { setImmediate as nextTurn } from "node:timers/promises";
import type { PaceClock } from "../../src/feed/pacer.js";

export class VirtualClock implements PaceClock {
  constructor(private at = 1_000_000) {}

  readonly now = (): number => this.at;

  /** Moves the clock on by `ms`, then lets other work (I/O) run, as a real timer would. */
  readonly wait = async (ms: number, signal?: AbortSignal): Promise<void> => {
    signal?.throwIfAborted();
    this.advance(ms);
    await nextTurn(undefined, { signal });
  };

  advance(ms: number): void {
    this.at += Math.max(0, ms);
  }
}
