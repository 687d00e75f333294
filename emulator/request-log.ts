// Every request that reaches /chat/v1, in order, so a test can assert what the bot actually sent
// (method, path, query, headers, body). The token never enters the log: tests print logs, and a
// logged token is a leaked token.
import type { IncomingHttpHeaders } from "node:http";

export interface RecordedRequest {
  method: string;
  /** The path after /chat/v1, e.g. "/block_user_chat". */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; authorization, when sent, reads "Bearer [redacted]". */
  headers: Record<string, string>;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  /** ISO 8601, from the emulator's clock. */
  receivedAt: string;
}

/** A long-running demo must not grow without bound; the oldest entries go first. */
export const REQUEST_LOG_LIMIT = 10_000;

export const REDACTED_AUTHORIZATION = "Bearer [redacted]";

export function appendToLog(log: RecordedRequest[], entry: RecordedRequest): void {
  log.push(entry);
  if (log.length > REQUEST_LOG_LIMIT) log.splice(0, log.length - REQUEST_LOG_LIMIT);
}

export function redactHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name] =
      name === "authorization"
        ? REDACTED_AUTHORIZATION
        : Array.isArray(value)
          ? value.join(", ")
          : value;
  }
  return flat;
}
