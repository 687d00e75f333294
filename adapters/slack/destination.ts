// A Slack channel as a destination of the report feed or the audit trail (src/feed/destination.ts):
// views rendered as Block Kit (render.ts escapes all user content), each post marked with its
// delivery key (delivery-marker.ts) so a crash mid-post is reconciled rather than repeated, and
// every call made once: the drainer decides about retries (delivery-client.ts) from classify.
import type { webApi } from "@slack/bolt";
import { z } from "zod";
import type { AttemptSpan, Destination, DestinationPurpose, Pace, View } from "../../src/index.js";
import { classifySlackFailure } from "./delivery-failure.js";
import { deliveryMetadata, findDeliveryTs } from "./delivery-marker.js";
import { LOOKUP_PAGE_SIZE, lookupSpan, nextCursor } from "./in-doubt-lookup.js";
import { formatMessageRef, parseMessageRef } from "./message-ref.js";
import { renderView } from "./render.js";

/**
 * chat.postMessage "generally allows posting one message per second per channel", with short
 * bursts tolerated but not guaranteed (https://docs.slack.dev/apis/web-api/rate-limits,
 * "Posting messages"). A small burst keeps a few simultaneous reports quick. The interval keeps
 * a tenth of a second in hand: Slack counts when a post arrives, and a post delayed on its way
 * must not arrive within a second of the next one.
 */
export const SLACK_PACE: Pace = { burst: 3, intervalMs: 1100 };

export interface SlackDestinationOptions {
  /** A client that makes each call once (deliveryWebClient), so a 429 reaches the drainer. */
  client: webApi.WebClient;
  botToken: string;
  channelId: string;
  purpose: DestinationPurpose;
}

/** What chat.postMessage answers, as far as the reference needs. */
const postedSchema = z.object({ channel: z.string().min(1), ts: z.string().min(1) });
/** What chat.getPermalink answers, as far as a link needs. */
const permalinkSchema = z.object({ permalink: z.url({ protocol: /^https?$/ }) });

export function slackDestination(options: SlackDestinationOptions): Destination {
  const { client, botToken, channelId, purpose } = options;
  return {
    name: `slack:${purpose}`,
    pace: SLACK_PACE,

    async post(view: View, deliveryKey: string): Promise<string> {
      const answer = await client.chat.postMessage({
        token: botToken,
        channel: channelId,
        ...renderView(view),
        // A player's message or reason must not grow a link preview.
        unfurl_links: false,
        unfurl_media: false,
        metadata: deliveryMetadata(deliveryKey),
      });
      const posted = postedSchema.parse(answer);
      return formatMessageRef({ channel: posted.channel, ts: posted.ts });
    },

    async edit(ref: string, view: View): Promise<void> {
      const { channel, ts } = parseMessageRef(ref);
      // Text and blocks both given: Slack replaces the blocks whole, so buttons the new view
      // lacks disappear. Metadata not given is kept, so the delivery key stays findable.
      await client.chat.update({ token: botToken, channel, ts, ...renderView(view) });
    },

    async findPosted(deliveryKey: string, attempted: AttemptSpan): Promise<string | undefined> {
      // Every page of the span, however busy the channel was: see in-doubt-lookup.ts.
      const span = lookupSpan(attempted);
      let cursor: string | undefined;
      do {
        const page = await client.conversations.history({
          token: botToken,
          channel: channelId,
          include_all_metadata: true,
          limit: LOOKUP_PAGE_SIZE,
          ...span,
          ...(cursor === undefined ? {} : { cursor }),
        });
        const ts = findDeliveryTs(page, deliveryKey);
        if (ts !== undefined) return formatMessageRef({ channel: channelId, ts });
        cursor = nextCursor(page);
      } while (cursor !== undefined);
      return undefined;
    },

    // chat.getPermalink "exchange[s] a message timestamp and a channel ID for a friendly
    // HTTP-based permalink to that message", needs no scope beyond the bot token, and allows
    // "hundreds of requests per minute" (https://api.slack.com/methods/chat.getPermalink).
    async messageLink(ref: string): Promise<string> {
      const { channel, ts } = parseMessageRef(ref);
      const answer = await client.chat.getPermalink({ token: botToken, channel, message_ts: ts });
      return permalinkSchema.parse(answer).permalink;
    },

    classify: (error: unknown) => classifySlackFailure(error, { channelId, purpose }),
  };
}
