// How a delivery is recognised on Slack after a crash: the post carries its delivery key in
// message metadata (https://docs.slack.dev/messaging/message-metadata), which
// conversations.history returns only when asked with include_all_metadata. A post repeated
// after the process died mid-call is then found in the channel instead of sent twice.
import type { types } from "@slack/bolt";
import { z } from "zod";

/** The metadata event type of every feed and audit post. */
export const DELIVERY_EVENT_TYPE = "chatwarden_delivery";

export function deliveryMetadata(deliveryKey: string): types.MessageMetadata {
  return { event_type: DELIVERY_EVENT_TYPE, event_payload: { delivery: deliveryKey } };
}

/** What conversations.history answers, only as far as finding a delivery needs. */
const historySchema = z.object({
  messages: z.array(
    z
      .object({
        ts: z.string(),
        metadata: z
          .object({
            event_type: z.string(),
            event_payload: z.record(z.string(), z.unknown()).optional(),
          })
          .loose()
          .optional(),
      })
      .loose(),
  ),
});

/** The ts of the message in a conversations.history answer that carries `deliveryKey`. */
export function findDeliveryTs(history: unknown, deliveryKey: string): string | undefined {
  const { messages } = historySchema.parse(history);
  return messages.find(
    (message) =>
      message.metadata?.event_type === DELIVERY_EVENT_TYPE &&
      message.metadata.event_payload?.delivery === deliveryKey,
  )?.ts;
}
