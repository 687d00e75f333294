// A view's image (the stats chart) as a Slack file, shared in the channel the command came from.
// Slack's current upload flow, since files.upload is retired (new apps could not use it from
// May 2024, none can since November 12, 2025: https://docs.slack.dev/changelog/2024-04-a-better-way-to-upload-files-is-here-to-stay):
// files.getUploadURLExternal for a URL and a file id, the bytes POSTed to that URL, then
// files.completeUploadExternal to share the file with its introducing text. test/fakes/slack/files.ts
// cites each step's documentation.
//
// A file is a message of its own and can never be ephemeral: a public answer's image is shared
// in the channel, a private answer's in the invoker's direct messages with the bot (opened with
// conversations.open), and the private answer says so (reply.ts). Needs the bot scopes
// files:write and im:write (required-scopes.ts).
import type { webApi } from "@slack/bolt";
import { request } from "undici";
import { z } from "zod";
import { AttemptTimeout, type Logger, type View, type ViewImage } from "../../src/index.js";
import { escapeLineWithin } from "./mrkdwn.js";

/** Slack refuses a longer `alt_txt` with `alt_txt_too_large`. */
const ALT_TEXT_MAX = 1000;
/** The introducing text is a message's text: kept short, one line. */
const COMMENT_MAX = 300;
const UPLOAD_TIMEOUT_MS = 10_000;

const uploadUrlSchema = z.object({ upload_url: z.url(), file_id: z.string().min(1) });

/**
 * After an answer was posted: its image, in the same channel when the answer is public, in the
 * invoker's direct messages when it is theirs alone. A failure (the app was never granted
 * files:write, say) costs the picture only: the answer with its figures is already there, and
 * the log says why.
 */
export async function shareViewImage(
  client: webApi.WebClient,
  where: { channelId: string | undefined; userId: string },
  view: View,
  logger: Logger,
): Promise<void> {
  if (!view.image) return;
  try {
    const channelId =
      view.visibility === "public" ? where.channelId : await directMessages(client, where.userId);
    if (channelId === undefined) return;
    await shareImage(client, channelId, view.image, view.title);
  } catch (error) {
    logger.warn(
      { error: error instanceof Error ? error.message : String(error), user: where.userId },
      "could not share the answer's image in Slack",
    );
  }
}

const openedSchema = z.object({ channel: z.object({ id: z.string().min(1) }) });

/**
 * The bot's direct messages with `userId`: conversations.open with one user "creates a 1:1 DM"
 * or resumes it (https://docs.slack.dev/reference/methods/conversations.open/); needs im:write.
 */
async function directMessages(client: webApi.WebClient, userId: string): Promise<string> {
  return openedSchema.parse(await client.conversations.open({ users: userId })).channel.id;
}

/** Shares `image` in `channelId`, introduced by `comment` (plain text, escaped here). */
export async function shareImage(
  client: webApi.WebClient,
  channelId: string,
  image: ViewImage,
  comment: string,
): Promise<void> {
  // Through apiCall: Slack documents the argument as `alt_txt`, which the client's typed
  // files.getUploadURLExternal does not offer (its type says `alt_text`).
  const { upload_url, file_id } = uploadUrlSchema.parse(
    await client.apiCall("files.getUploadURLExternal", {
      filename: image.filename,
      length: image.png.length,
      alt_txt: [...image.alt].slice(0, ALT_TEXT_MAX).join(""),
    }),
  );
  await postBytes(upload_url, image.png);
  await client.files.completeUploadExternal({
    files: [{ id: file_id, title: image.filename }],
    channel_id: channelId,
    initial_comment: escapeLineWithin(comment, COMMENT_MAX),
  });
}

async function postBytes(url: string, bytes: Uint8Array): Promise<void> {
  const timeout = new AttemptTimeout(UPLOAD_TIMEOUT_MS);
  try {
    const response = await request(url, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: bytes,
      signal: timeout,
    });
    await response.body.dump();
    if (response.statusCode < 200 || response.statusCode > 299) {
      throw new Error(`Slack's upload URL answered HTTP ${response.statusCode}`);
    }
  } finally {
    timeout.clear();
  }
}
