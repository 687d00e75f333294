// Whether, when and how long to wait before trying a chat/v1 call again. Pure, so it is tested
// alone. Which failures may pass is the shared rule (src/runtime/failure-verdict.ts), narrowed
// for the chat API where that file says why.
import { type FailureVerdict, httpStatusVerdict } from "../runtime/failure-verdict.js";
import {
  type ChatApiError,
  ChatApiHttpError,
  ChatApiNetworkError,
  ChatApiNotJsonError,
  ChatApiRateLimitError,
} from "./errors.js";

export interface RetryPolicy {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** Backoff before the second try; doubles each time, capped at maxDelayMs, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Every try and every wait of one call fit in this; a wait that would not fit ends the call. */
  totalDeadlineMs: number;
}

export function defaultRetryPolicy(timeoutMs: number): RetryPolicy {
  return { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 2_000, totalDeadlineMs: timeoutMs * 2 };
}

/**
 * Backoff before try number `attempt + 1` (attempt counts from 1): "equal jitter", half fixed and
 * half random, so that many bots restarted together do not retry in step.
 */
export function backoffDelayMs(policy: RetryPolicy, attempt: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined when absent
 * or unreadable, in which case the caller falls back to its own backoff.
 */
export function parseRetryAfterMs(
  header: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const SERVICE = "the chat API";

/**
 * Whether a failed try of a call may be made again. A read: after a network failure, a 429 (after
 * its Retry-After) or a gateway status (502, 503, 504). A write only when the server provably never
 * saw it (the connection was never made) or refused it with 429: a ban sent twice is not harmless.
 * A timeout ends either: the try has spent the time the caller is waiting for, and its
 * ChatApiTimeoutError says so.
 */
export function chatApiVerdict(failure: ChatApiError, isWrite: boolean): FailureVerdict {
  if (failure instanceof ChatApiRateLimitError) {
    return httpStatusVerdict(429, SERVICE, { retryAfterMs: failure.retryAfterMs });
  }
  if (failure instanceof ChatApiNetworkError) {
    return !isWrite || !failure.reachedServer
      ? { retry: true, reason: failure.message }
      : { retry: false, reason: failure.message };
  }
  if (!isWrite && (failure instanceof ChatApiHttpError || failure instanceof ChatApiNotJsonError)) {
    return httpStatusVerdict(failure.status, SERVICE, { serverErrors: "gateway" });
  }
  return { retry: false, reason: failure.message };
}
