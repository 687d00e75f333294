// Whether a failed call to another service is worth another try, decided once. Each caller (the
// chat API client, the Discord adapter, the Slack adapter, the outbox drainer through each
// destination's classify) maps its own error types onto these blocks, so which HTTP statuses and
// which network codes may pass, and how a server's wait is honoured, are written here only.
//
// Where callers deliberately differ, and why (each mapping points here):
// - The chat API: only 502, 503 and 504 among the 5xx pass. Its own 500 (500900) is a failure to
//   handle this request, which the same request meets again; the gateway statuses are what a
//   proxy in front of it answers during an outage. Discord and Slack answer any 5xx in their own
//   outages, so for them every 5xx passes.
// - The chat API: a write is sent again only when it provably never reached the server (the
//   connection was never made) or was refused with 429, since a repeated ban or channel deletion
//   is not harmless; and a timed-out call is not tried again, because it has already spent the
//   time the caller is waiting for (see chat-api/retry.ts).
// - An error no mapping recognises: Slack's mapping retries it (the Web API client reports every
//   refusal as one of its documented error kinds, so anything else is an oddity, such as an
//   answer of an unexpected shape, and the drainer's backoff is capped); Discord's gives up
//   (discord.js throws its own errors for mistakes made before any request, and those fail the
//   same way every time).
//
// Whether a failed write may have been done anyway (`mayHaveTakenEffect`) is decided here too:
// a request that reached the service and got no answer it could read (a timeout, a connection
// lost after it was sent, a 5xx, which may come from a proxy after the service acted) may have
// been done. A refusal the service itself answered (a 4xx, a 429, Slack's `ok: false` with an
// error) was not. The outbox drainer looks such a post up before sending it again.

/**
 * Where a failed attempt leaves the work. `retry`: the service may accept it later (a 5xx, a
 * network error, a 429), after `afterMs` when the service said how long (Retry-After), otherwise
 * after the caller's own capped backoff; `mayHaveTakenEffect` when the service may have done it
 * although the caller never heard so (see above). Not `retry`: sending the same again cannot
 * succeed (a missing channel, a refused token, a message the service rejects). `reason` is for
 * an operator.
 */
export type FailureVerdict =
  | { retry: true; afterMs?: number; reason: string; mayHaveTakenEffect?: true }
  | { retry: false; reason: string };

/** Connect-phase failures: the request never left this machine, so even a write may be resent. */
export const CONNECT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Every network failure that may pass: the connect phase, and a connection lost on the way. */
export const NETWORK_CODES: ReadonlySet<string> = new Set([
  ...CONNECT_CODES,
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "UND_ERR_SOCKET",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** A cause chain longer than this is not a library's wrapping but a loop. */
const MAX_CAUSES = 8;

/**
 * The string `code`s of an error and of its causes, outermost first. undici and fetch wrap the
 * socket's errno (ECONNREFUSED) in their own error ("fetch failed", UND_ERR_…).
 */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current = error;
  for (
    let depth = 0;
    depth < MAX_CAUSES && typeof current === "object" && current !== null;
    depth++
  ) {
    if ("code" in current && typeof current.code === "string") codes.push(current.code);
    current = "cause" in current ? current.cause : undefined;
  }
  return codes;
}

/** The innermost code: the errno says more than the library's wrapper around it. */
export function errorCode(error: unknown): string | undefined {
  return errorCodes(error).at(-1);
}

/** An abort or timeout signal ended the request (fetch's AbortError, AbortSignal.timeout's TimeoutError). */
export function isTimeout(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("name" in error)) return false;
  return error.name === "AbortError" || error.name === "TimeoutError";
}

/**
 * A request that got no answer at all, said in the words an operator reads in the log. Unless the
 * connection was never made, the service may have received it and acted on it.
 */
export function noAnswer(error: unknown, service: string): FailureVerdict {
  const unsettled = neverSent(error) ? {} : { mayHaveTakenEffect: true as const };
  if (isTimeout(error)) {
    return { retry: true, reason: `${service} did not answer in time`, ...unsettled };
  }
  const message = error instanceof Error ? error.message : String(error);
  const detail = errorCode(error) ?? causeMessage(error);
  return {
    retry: true,
    reason: `could not reach ${service}: ${message}${detail === undefined ? "" : ` (${detail})`}`,
    ...unsettled,
  };
}

/** The connection was never made (a connect-phase code): the request cannot have been received. */
export function neverSent(error: unknown): boolean {
  return errorCodes(error).some((code) => CONNECT_CODES.has(code));
}

/** A timeout or a known network code: worth another try. Undefined for anything else. */
export function networkFailure(error: unknown, service: string): FailureVerdict | undefined {
  if (isTimeout(error) || errorCodes(error).some((code) => NETWORK_CODES.has(code))) {
    return noAnswer(error, service);
  }
  return undefined;
}

export interface StatusOptions {
  /** What the service asked to wait (Retry-After, a 429 body's retry_after), when it said. */
  retryAfterMs?: number;
  /** `gateway`: of the 5xx only 502, 503 and 504 pass (the chat API; see the top of this file). */
  serverErrors?: "all" | "gateway";
}

const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * An HTTP status that is not success. 429 passes, after the service's wait when it gave one;
 * 408 passes (the server gave up waiting for the request, RFC 9110 §15.5.9: it may be repeated);
 * a 5xx passes (an outage) and may have been done (a gateway answers 502 or 504 when the server
 * behind it acted but its answer did not come back in time); any other 4xx is a refusal that the
 * same request meets again.
 */
export function httpStatusVerdict(
  status: number,
  service: string,
  options: StatusOptions = {},
): FailureVerdict {
  if (status === 429) {
    const { retryAfterMs } = options;
    const wait = retryAfterMs === undefined ? "" : `; Retry-After ${retryAfterMs / 1000} s`;
    return {
      retry: true,
      afterMs: retryAfterMs,
      reason: `${service} is rate limiting the bot (HTTP 429)${wait}`,
    };
  }
  const reason = `${service} answered HTTP ${status}`;
  const serverError =
    options.serverErrors === "gateway" ? GATEWAY_STATUSES.has(status) : status >= 500;
  if (serverError) return { retry: true, reason, mayHaveTakenEffect: true };
  return status === 408 ? { retry: true, reason } : { retry: false, reason };
}

function causeMessage(error: unknown): string | undefined {
  if (!(error instanceof Error) || !(error.cause instanceof Error)) return undefined;
  return error.cause.message;
}
