// Answers go through the response_url Slack gives with every command and click: it works the
// same in HTTP and Socket Mode, needs no channel membership, and can post to the channel, to the
// invoker only (ephemeral), replace the message that was clicked, or delete it.
import type { types } from "@slack/bolt";
import { request } from "undici";
import { AttemptTimeout, t, type View } from "../../src/index.js";
import { type RenderOptions, renderView } from "./render.js";

export interface ResponseUrlMessage {
  response_type?: "in_channel" | "ephemeral";
  replace_original?: boolean;
  delete_original?: boolean;
  unfurl_links?: boolean;
  unfurl_media?: boolean;
  text?: string;
  blocks?: types.KnownBlock[];
}

export type Respond = (message: ResponseUrlMessage) => Promise<void>;

/** Slack answers a response_url within moments; a stuck one must not hold an answer forever. */
const RESPONSE_URL_TIMEOUT_MS = 10_000;

/**
 * Posted with undici's `request`, not `fetch`: fetch's Request, Response and web streams, and the
 * AbortSignal of its timeout, cost about 0.6 ms of CPU per answer, as much as the rest of a
 * slash command together (bench/slack-commands.ts). The timeout is the chat API client's.
 */
export function responseUrlPoster(responseUrl: string): Respond {
  return async (message) => {
    const timeout = new AttemptTimeout(RESPONSE_URL_TIMEOUT_MS);
    try {
      const response = await request(responseUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(message),
        signal: timeout,
      });
      // The body says nothing useful; reading it releases the connection.
      await response.body.dump();
      if (response.statusCode < 200 || response.statusCode > 299) {
        throw new Error(`Slack's response_url answered HTTP ${response.statusCode}`);
      }
    } finally {
      timeout.clear();
    }
  };
}

/**
 * A new message: mutating results to the channel, everything else (errors, lists,
 * confirmations) to the invoker only.
 */
export async function answerWithNewMessage(
  respond: Respond,
  view: View,
  options?: RenderOptions,
): Promise<void> {
  await respond({
    response_type: view.visibility === "public" ? "in_channel" : "ephemeral",
    replace_original: false,
    // Player content never grows a link preview.
    unfurl_links: false,
    unfurl_media: false,
    ...renderView(withImageNotice(view), options),
  });
}

/**
 * Slack shows a file in a channel to everyone in it (a file cannot be ephemeral), so a private
 * answer's image goes to the invoker's direct messages with the bot (image-upload.ts): the
 * answer says where.
 */
function withImageNotice(view: View): View {
  if (!view.image || view.visibility !== "private") return view;
  return { ...view, notices: [...(view.notices ?? []), t("slack.privateImage")] };
}

/**
 * A button's answer. A private answer replaces a private original (the next page, "cancelled")
 * but never a message the whole channel sees; a public one is posted to the channel, and a
 * private original that led to it (the confirmation) is removed, its question settled.
 */
export async function answerPress(
  respond: Respond,
  view: View,
  original: { ephemeral: boolean },
): Promise<void> {
  if (view.visibility === "private" && original.ephemeral) {
    await respond({ replace_original: true, ...renderView(view) });
    return;
  }
  await answerWithNewMessage(respond, view);
  if (view.visibility === "public" && original.ephemeral) {
    await respond({ delete_original: true });
  }
}
