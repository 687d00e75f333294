// The audit trail: every case the core records, from any platform, posted to
// DISCORD_AUDIT_CHANNEL_ID as it would read anywhere else (caseView). Posts go out one at a time
// so the channel reads in case order, and a failing post is retried (delivery.ts) for up to an
// hour; it is logged, never thrown: the action it records has already happened.
import type { Client } from "discord.js";
import { caseView } from "../../src/moderation/case-view.js";
import type { Case, CaseStore } from "../../src/moderation/cases.js";
import { type Delivery, deliver } from "./delivery.js";
import { renderView } from "./render.js";

const AUDIT_DEADLINE_MS = 60 * 60_000;

/** Starts posting; returns the function that stops it. */
export function postCasesToAudit(
  client: () => Client,
  channelId: string,
  cases: Pick<CaseStore, "onRecorded">,
  delivery: Delivery,
): () => void {
  let queue = Promise.resolve();
  return cases.onRecorded((recorded) => {
    const deadline = Date.now() + AUDIT_DEADLINE_MS;
    queue = queue.then(() => postCase(client(), channelId, recorded, deadline, delivery));
  });
}

async function postCase(
  client: Client,
  channelId: string,
  recorded: Case,
  deadline: number,
  delivery: Delivery,
): Promise<void> {
  await deliver(
    `audit of case #${recorded.number}`,
    async () => {
      const channel = await client.channels.fetch(channelId);
      if (!channel?.isSendable()) {
        throw new Error(
          `DISCORD_AUDIT_CHANNEL_ID ${channelId} is not a channel the bot can post in`,
        );
      }
      return channel.send(renderView(caseView(recorded)));
    },
    deadline,
    delivery,
  );
}
