// Discord as a Destination (src/feed/destination.ts): the report feed and the audit trail post
// their views into DISCORD_REPORT_CHANNEL_ID / DISCORD_AUDIT_CHANNEL_ID and edit them later. The
// outbox drainer owns retries and crash recovery; this file only sends, and says which failures
// are worth another attempt and what an operator can do about the others.
import {
  type Client,
  DiscordAPIError,
  RESTJSONErrorCodes,
  type SendableChannels,
} from "discord.js";
import type { Destination, DestinationPurpose, FailureVerdict, View } from "../../src/index.js";
import { discordVerdict } from "./failure-verdict.js";
import { renderView } from "./render.js";

export interface DiscordDestinationOptions {
  /** The logged-in client, asked at each call: a login retried at start-up replaces it. */
  client: () => Client;
  channelId: string;
  purpose: DestinationPurpose;
  /** The server the channel is in: its messages' links name it. None: no links. */
  guildId?: string;
  /** How long Discord is taken to recognise a nonce: DISCORD_NONCE_KEPT_MS unless a test scales it. */
  nonceKeptMs?: number;
}

/**
 * With enforce_nonce, Discord checks a nonce "for uniqueness in the past few minutes" (Create
 * Message, https://discord.com/developers/docs/resources/message#create-message); the
 * documentation does not say how many (a question asked in discord/discord-api-docs#6647, the
 * pull request that introduced it). Two minutes is taken as the least "a few" can mean.
 */
export const DISCORD_NONCE_KEPT_MS = 120_000;

/**
 * A post in doubt is tried again within an eighth of the nonce's window (15 s), whatever the
 * drainer's backoff has grown to (up to five minutes): after an outage of up to about a minute
 * and three quarters that began just after Discord made the message, the retry still gets that
 * message back instead of making another.
 */
const RETRY_IN_DOUBT_SHARE = 1 / 8;

const CHANNEL_VARIABLE: Record<DestinationPurpose, string> = {
  report: "DISCORD_REPORT_CHANNEL_ID",
  audit: "DISCORD_AUDIT_CHANNEL_ID",
};

/** Create Message: "nonce … (up to 25 characters)". */
const NONCE_MAX_LENGTH = 25;

/** A channel that exists but cannot hold the bot's messages (a category, a voice channel). */
class UnusableChannel extends Error {
  override name = "UnusableChannel";
}

export function discordDestination(options: DiscordDestinationOptions): Destination {
  const where = `${CHANNEL_VARIABLE[options.purpose]} ${options.channelId}`;

  async function channel(): Promise<SendableChannels> {
    // From the cache that GUILD_CREATE filled; a REST call only for a channel not in it.
    const found = await options.client().channels.fetch(options.channelId);
    if (!found?.isSendable()) {
      throw new UnusableChannel(
        `${where} is not a text channel: set it to one the bot can post in`,
      );
    }
    return found;
  }

  return {
    name: `discord:${options.purpose}`,
    // discord.js's REST queue reads every answer's X-RateLimit-Limit, -Remaining, -Reset-After and
    // -Bucket and holds the next request until the bucket resets, and waits out a 429's
    // retry_after itself (https://discord.com/developers/docs/topics/rate-limits). Pacing here
    // as well would only slow the feed below what Discord allows.
    pace: undefined,
    retryInDoubtWithinMs: (options.nonceKeptMs ?? DISCORD_NONCE_KEPT_MS) * RETRY_IN_DOUBT_SHARE,

    async post(view: View, deliveryKey: string): Promise<string> {
      if (deliveryKey.length > NONCE_MAX_LENGTH) {
        throw new RangeError(`delivery key ${deliveryKey} is longer than Discord's 25-char nonce`);
      }
      // With enforce_nonce, Discord answers a repeated nonce (from the same author, within a few
      // minutes) with the message it already created, and creates nothing: a post retried soon
      // enough after a timeout, a 5xx or a crash cannot appear twice. discord.js's own retries
      // resend the same body, and so does the drainer, with the delivery's key.
      const sent = await (await channel()).send({
        ...renderView(view),
        nonce: deliveryKey,
        enforceNonce: true,
      });
      return sent.id;
    },

    async edit(ref: string, view: View): Promise<void> {
      // renderView always sends `components`, empty when the view has no actions: an edit
      // replaces the buttons, so a handled report loses them.
      await (await channel()).messages.edit(ref, renderView(view));
    },

    // Nothing to look up: posting again with the same key returns the message an earlier attempt
    // created (enforce_nonce above), and one deleted since is refused (10008), not recreated.
    // Discord keeps nonces only "in the past few minutes": the drainer retries a post in doubt
    // within retryInDoubtWithinMs, but a delivery left in flight by a process that stayed down
    // longer, or a post made just before an outage longer than the window, could be posted
    // twice. Closing that would mean searching the channel's history, which needs Read Message
    // History, a permission the bot is not invited with, and message objects read back carry no
    // nonce.
    findPosted: () => Promise.resolve(undefined),

    // A message's link is `https://discord.com/channels/<guild>/<channel>/<message>`, as Discord's
    // "Copy Message Link" gives and discord.js's `messageLink(channelId, messageId, guildId)`
    // formats it (https://discord.js.org/docs/packages/formatters/0.6.0/messageLink:Function);
    // made from the ids, no call needed.
    ...(options.guildId === undefined
      ? {}
      : {
          messageLink: (ref: string) =>
            Promise.resolve(
              `https://discord.com/channels/${options.guildId}/${options.channelId}/${ref}`,
            ),
        }),

    classify: (error: unknown) => classifyDiscordFailure(error, where),
  };
}

/**
 * Whether sending again may succeed (failure-verdict.ts). `where` names the channel's variable
 * and id, so that a refusal tells the operator what to fix.
 */
export function classifyDiscordFailure(error: unknown, where: string): FailureVerdict {
  if (error instanceof UnusableChannel) return { retry: false, reason: error.message };
  const verdict = discordVerdict(error);
  if (verdict.retry || !(error instanceof DiscordAPIError)) return verdict;
  return { retry: false, reason: refusal(error, where) };
}

/** Discord's refusals that sending again cannot change, in words an operator can act on. */
const REFUSALS: Partial<Record<number, (where: string) => string>> = {
  [RESTJSONErrorCodes.UnknownChannel]: (where) =>
    `${where} is not a channel Discord knows (Unknown Channel): check the id`,
  [RESTJSONErrorCodes.MissingAccess]: (where) =>
    `the bot cannot see ${where} (Missing Access): give it View Channels there`,
  [RESTJSONErrorCodes.MissingPermissions]: (where) =>
    `the bot may not post in ${where} (Missing Permissions): give it Send Messages and Embed Links there`,
  [RESTJSONErrorCodes.UnknownMessage]: (where) =>
    `the message in ${where} was deleted in Discord (Unknown Message)`,
};

function refusal(error: DiscordAPIError, where: string): string {
  const code = typeof error.code === "number" ? error.code : undefined;
  const known = code === undefined ? undefined : REFUSALS[code];
  if (known) return known(where);
  if (code === RESTJSONErrorCodes.InvalidFormBodyOrContentType) {
    return `Discord refused the message as malformed (Invalid Form Body: ${error.message}); this is a chatwarden bug, please report it`;
  }
  if (error.status === 401) return "Discord refused DISCORD_TOKEN: check the bot token";
  return `Discord refused the message (${error.code}: ${error.message})`;
}
