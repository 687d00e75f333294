// Delivering a result that exists. discord.js already waits out 429s and retries a 5xx three
// times; during a longer outage that is not enough, and a ban that was done must still be
// reported. So sends that fail for a passing reason (5xx, network, timeout) are retried with
// growing pauses until the deadline (an interaction token lives 15 minutes); a refusal (4xx)
// is final, since sending the same thing again cannot succeed.
import { setTimeout as sleep } from "node:timers/promises";
import { DiscordAPIError, HTTPError, RateLimitError } from "discord.js";
import type { Logger } from "pino";

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
      const retry = isPassing(error) && Date.now() + delay < deadline - MARGIN_MS;
      if (!retry || delivery.signal.aborted) {
        delivery.logger.error({ err: error, what, attempt }, "could not deliver to Discord");
        return undefined;
      }
      // One warning for the first failure; the tries after it are debug (the outcome is logged).
      delivery.logger[attempt === 1 ? "warn" : "debug"](
        { err: error, what, attempt, retryInMs: delay },
        "Discord send failed; retrying",
      );
      try {
        await sleep(delay, undefined, { signal: delivery.signal });
      } catch {
        return undefined;
      }
      delay = Math.min(delay * 2, delivery.policy.maxDelayMs);
    }
  }
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/**
 * Whether the failure may pass: an outage (5xx), a rate limit, the network, a timeout. A refusal
 * (4xx) or a mistake inside discord.js will fail the same way every time.
 */
export function isPassing(error: unknown): boolean {
  if (error instanceof DiscordAPIError) return error.status === 429 || error.status >= 500;
  if (error instanceof HTTPError || error instanceof RateLimitError) return true;
  if (!(error instanceof Error)) return false;
  if (error.name === "AbortError" || error.name === "TimeoutError") return true;
  if (isGatewayOutage(error)) return true;
  return NETWORK_CODES.has(codeOf(error) ?? codeOf(error.cause) ?? "");
}

/**
 * The gateway's edge answered the websocket handshake with a 5xx or 429 instead of 101. The
 * `ws` library (which discord.js's gateway uses) says so only in a plain Error's message:
 * "Unexpected server response: 503" (websockets/ws issue 1719; ws doc/ws.md,
 * 'unexpected-response'). During an outage that is what a login at start-up meets.
 */
function isGatewayOutage(error: Error): boolean {
  const status = /^Unexpected server response: (\d{3})$/.exec(error.message)?.[1];
  return status !== undefined && (status === "429" || status.startsWith("5"));
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** When an interaction's token stops working. */
export function tokenDeadline(createdTimestamp: number): number {
  return createdTimestamp + INTERACTION_TOKEN_MS;
}
