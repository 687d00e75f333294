// Delivering a result that exists. discord.js already waits out 429s and retries a 5xx three
// times; during a longer outage that is not enough, and a ban that was done must still be
// reported. So sends that fail for a passing reason (5xx, network, timeout) are retried with
// growing pauses until the deadline (an interaction token lives 15 minutes); a refusal (4xx)
// is final, since sending the same thing again cannot succeed.
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import { discordVerdict } from "./failure-verdict.js";

// client.ts decides about its login and command registration from the same verdicts.
export { isPassing } from "./failure-verdict.js";

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 1_000, maxDelayMs: 60_000 };

/** Interaction tokens last 15 minutes; a little is kept back for the last request itself. */
export const INTERACTION_TOKEN_MS = 15 * 60_000;
const MARGIN_MS = 20_000;

export interface Delivery {
  policy: RetryPolicy;
  logger: Pick<Logger, "warn" | "error" | "debug">;
  /** Aborted when the adapter stops: pending retries end quietly. */
  signal: AbortSignal;
}

/** Runs `send` until it succeeds, is refused, or `deadline` (epoch ms) would pass. */
export async function deliver<T>(
  what: string,
  send: () => Promise<T>,
  deadline: number,
  delivery: Delivery,
): Promise<T | undefined> {
  let delay = delivery.policy.firstDelayMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const verdict = discordVerdict(error);
      // discord.js waits out 429s itself; a wait Discord named anyway is kept to.
      const wait = verdict.retry ? (verdict.afterMs ?? delay) : delay;
      if (!verdict.retry || Date.now() + wait >= deadline - MARGIN_MS || delivery.signal.aborted) {
        delivery.logger.error({ err: error, what, attempt }, "could not deliver to Discord");
        return undefined;
      }
      // One warning for the first failure; the tries after it are debug (the outcome is logged).
      delivery.logger[attempt === 1 ? "warn" : "debug"](
        { err: error, what, attempt, retryInMs: wait },
        "Discord send failed; retrying",
      );
      try {
        await sleep(wait, undefined, { signal: delivery.signal });
      } catch {
        return undefined;
      }
      delay = Math.min(delay * 2, delivery.policy.maxDelayMs);
    }
  }
}

/** When an interaction's token stops working. */
export function tokenDeadline(createdTimestamp: number): number {
  return createdTimestamp + INTERACTION_TOKEN_MS;
}
