// Whether a failed Slack call is worth another try, and what an operator should do when it is
// not: Slack's error types mapped onto the shared verdicts (src/runtime/failure-verdict.ts, which
// holds the rules for statuses and the network). The feed's destination (destination.ts) and
// the adapter's own Web API client (web-client.ts) both decide from it. Slack answers almost everything with HTTP 200 and `ok: false` plus an error code;
// the Web API client turns that into WebAPIPlatformError, a 429 into WebAPIRateLimitedError
// (delivery-client.ts rejects rate-limited calls), other HTTP statuses into WebAPIHTTPError, and
// a network failure or timeout into WebAPIRequestError. Whether a failed post may exist anyway
// (so that the drainer looks it up before posting again) is part of the same verdict.
import { webApi } from "@slack/bolt";
import { z } from "zod";
import {
  type DestinationPurpose,
  type FailureVerdict,
  httpStatusVerdict,
  noAnswer,
} from "../../src/index.js";
import { MalformedMessageRefError } from "./message-ref.js";

export interface DeliveryPlace {
  channelId: string;
  purpose: DestinationPurpose;
}

const CHANNEL_VARIABLE: Record<DestinationPurpose, string> = {
  report: "SLACK_REPORT_CHANNEL_ID",
  audit: "SLACK_AUDIT_CHANNEL_ID",
};

/**
 * Codes Slack uses for its own passing trouble: the same call may work later. Of these Slack says
 * of internal_error and fatal_error alone "It's possible some aspect of the operation succeeded
 * before the error was raised" (the errors every Web API method lists, in its method reference,
 * https://docs.slack.dev/reference/methods/chat.postMessage, as mirrored in
 * https://hex.pm/packages/slack_kit/1.0.0-alpha.0/files/priv/docs/common_errors.json): after
 * those a post may exist.
 */
const TRANSIENT_CODES = new Map<string, { mayHaveTakenEffect?: true }>([
  ["internal_error", { mayHaveTakenEffect: true }],
  ["fatal_error", { mayHaveTakenEffect: true }],
  ["service_unavailable", {}],
  ["request_timeout", {}],
  ["ratelimited", {}],
  ["rate_limited", {}],
  // "currently undergoing migration to an Enterprise Organization": intermittent until done.
  ["team_added_to_org", {}],
]);

type Explain = (where: string, data: webApi.WebAPIPlatformError["data"]) => string;

const tokenRefused: Explain = (_where, data) =>
  `Slack refused SLACK_BOT_TOKEN (${data.error}): reinstall the app and set the new xoxb- token`;
const messageRefused: Explain = (_where, data) =>
  `Slack refused the message (${data.error}): a chatwarden bug, the log has the details`;
const notEditable: Explain = (_where, data) =>
  `the Slack message can no longer be edited (${data.error}): it was deleted or is not the bot's`;

/** Codes that mean the same call can never work until someone changes something. */
const PERMANENT_CODES: Record<string, Explain> = {
  channel_not_found: (where) =>
    `${where} was not found: check the id, and for a private channel /invite @chatwarden first`,
  not_in_channel: (where) => `the bot is not in ${where}: /invite @chatwarden`,
  is_archived: (where) => `${where} is archived: unarchive it or choose another channel`,
  restricted_action: (where) =>
    `the workspace does not let the bot post in ${where}: allow apps to post there`,
  missing_scope: (_where, data) =>
    `the Slack app lacks the scope ${neededScope(data)}: add it (slack-manifest.yml lists them) and reinstall the app`,
  invalid_auth: tokenRefused,
  not_authed: tokenRefused,
  account_inactive: tokenRefused,
  token_revoked: tokenRefused,
  token_expired: tokenRefused,
  msg_too_long: messageRefused,
  no_text: messageRefused,
  invalid_blocks: messageRefused,
  invalid_blocks_format: messageRefused,
  invalid_metadata_format: messageRefused,
  invalid_metadata_schema: messageRefused,
  metadata_too_large: messageRefused,
  invalid_arguments: messageRefused,
  message_not_found: notEditable,
  cant_update_message: notEditable,
  edit_window_closed: notEditable,
};

const SERVICE = "Slack";

/** `place`, when the call was a delivery, names the channel in the reasons an operator reads. */
export function classifySlackFailure(error: unknown, place?: DeliveryPlace): FailureVerdict {
  const where = place ? `${CHANNEL_VARIABLE[place.purpose]} ${place.channelId}` : "the channel";
  if (error instanceof webApi.WebAPIRateLimitedError) {
    return httpStatusVerdict(429, SERVICE, { retryAfterMs: error.retryAfter * 1000 });
  }
  if (error instanceof webApi.WebAPIPlatformError) {
    const code = error.data.error;
    const transient = TRANSIENT_CODES.get(code);
    if (transient) return { retry: true, reason: `Slack failed (${code})`, ...transient };
    const explain = PERMANENT_CODES[code];
    return {
      retry: false,
      reason: explain ? explain(where, error.data) : `Slack refused the call (${code})`,
    };
  }
  if (error instanceof webApi.WebAPIHTTPError) return httpVerdict(error.statusCode);
  // No answer came (the Web API client says so only for fetch's failures and timeouts).
  if (error instanceof webApi.WebAPIRequestError) return noAnswer(error.original, SERVICE);
  if (error instanceof MalformedMessageRefError) return { retry: false, reason: error.message };
  // Anything else is unexpected: retried (the shared file says why Slack and Discord differ here),
  // and it may have been done: an answer of an unexpected shape came after Slack acted.
  return {
    retry: true,
    reason: error instanceof Error ? error.message : String(error),
    mayHaveTakenEffect: true,
  };
}

/** missing_scope names the scope in `needed`, or in the accepted scopes of the answer. */
const missingScopeSchema = z.object({
  needed: z.string().optional(),
  response_metadata: z.object({ acceptedScopes: z.array(z.string()).optional() }).optional(),
});

function neededScope(data: unknown): string {
  const parsed = missingScopeSchema.safeParse(data);
  if (!parsed.success) return "the method needs";
  return (
    parsed.data.needed ??
    parsed.data.response_metadata?.acceptedScopes?.join(" or ") ??
    "the method needs"
  );
}

/** Slack's Web API speaks in 200s and 429s; any other status comes from Slack's edge or a proxy. */
function httpVerdict(status: number): FailureVerdict {
  const verdict = httpStatusVerdict(status, SERVICE);
  if (verdict.retry) return verdict;
  return {
    retry: false,
    reason: `Slack's Web API answered HTTP ${status}: check SLACK_API_URL and any proxy in between`,
  };
}
