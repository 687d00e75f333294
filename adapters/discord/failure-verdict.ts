// Discord's failures mapped onto the shared verdicts (src/runtime/failure-verdict.ts): which may
// pass, and how long Discord asked to wait. The rules themselves (statuses, network codes) live
// there; this file only knows discord.js's error types. The deliveries of replies (delivery.ts),
// the login and command registration (client.ts) and the feed's destination (destination.ts)
// all decide from it.
import { DiscordAPIError, HTTPError, RateLimitError } from "discord.js";
import { z } from "zod";
import { type FailureVerdict, httpStatusVerdict, networkFailure } from "../../src/index.js";

const SERVICE = "Discord";

/** Discord's 429 body (RESTRateLimit), which discord.js keeps as the error's rawError. */
const rateLimitBodySchema = z.object({ retry_after: z.number().nonnegative() });

/**
 * A verdict for any failure of a discord.js call. Refusals keep discord.js's message; the feed's
 * destination words the ones an operator can act on (destination.ts).
 */
export function discordVerdict(error: unknown): FailureVerdict {
  // Only from a client made with rejectOnRateLimit; by default discord.js waits every 429 out
  // itself, and a call just takes longer.
  if (error instanceof RateLimitError) {
    return {
      retry: true,
      afterMs: Math.ceil(error.retryAfter),
      reason: `Discord rate limit on ${error.route}`,
    };
  }
  if (error instanceof DiscordAPIError) {
    const body = rateLimitBodySchema.safeParse(error.rawError);
    const verdict = httpStatusVerdict(error.status, SERVICE, {
      retryAfterMs: body.success ? Math.ceil(body.data.retry_after * 1000) : undefined,
    });
    return verdict.retry ? verdict : { retry: false, reason: error.message };
  }
  // @discordjs/rest throws HTTPError for a 5xx that outlasted its own three retries.
  if (error instanceof HTTPError) return httpStatusVerdict(error.status, SERVICE);
  const handshake = gatewayHandshakeStatus(error);
  if (handshake !== undefined) return httpStatusVerdict(handshake, "Discord's gateway");
  const reason = error instanceof Error ? error.message : String(error);
  // Anything else discord.js throws is a mistake made before any request (see the shared file).
  return networkFailure(error, SERVICE) ?? { retry: false, reason };
}

/** Whether the failure may pass: an outage (5xx), a rate limit, the network, a timeout. */
export function isPassing(error: unknown): boolean {
  return discordVerdict(error).retry;
}

/**
 * The gateway's edge answered the websocket handshake with an HTTP status instead of 101. The
 * `ws` library (which discord.js's gateway uses) says so only in a plain Error's message:
 * "Unexpected server response: 503" (websockets/ws issue 1719; ws doc/ws.md,
 * 'unexpected-response'). During an outage that is what a login at start-up meets.
 */
function gatewayHandshakeStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = /^Unexpected server response: (\d{3})$/.exec(error.message)?.[1];
  return status === undefined ? undefined : Number(status);
}
