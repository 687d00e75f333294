// When and how long to wait before trying a chat/v1 call again. Pure, so it is tested alone.

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
