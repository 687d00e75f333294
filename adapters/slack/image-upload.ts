// A view's image (the stats chart) as a Slack file, shared in the channel the command came from.
// Slack's current upload flow, since files.upload is retired (new apps could not use it from
// May 2024, none can since November 12, 2025: https://docs.slack.dev/changelog/2024-04-a-better-way-to-upload-files-is-here-to-stay):
// files.getUploadURLExternal for a URL and a file id, the bytes POSTed to that URL, then
// files.completeUploadExternal to share the file with its introducing text. test/fakes/slack/files.ts
// cites each step's documentation.
//
// A file is a message of its own and can never be ephemeral, so only a public answer's image is
// shared; a private answer says where its figures are instead (reply.ts). Needs the bot scope
// files:write (required-scopes.ts).
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
 * After a public answer was posted: its image, shared in the same channel. A failure (the app
 * was never granted files:write, say) costs the picture only: the answer with its figures is
 * already there, and the log says why.
 */
export async function shareViewImage(
  client: webApi.WebClient,
  channelId: string | undefined,
  view: View,
  logger: Logger,
): Promise<void> {
  if (!view.image || view.visibility !== "public" || channelId === undefined) return;
  try {
    await shareImage(client, channelId, view.image, view.title);
  } catch (error) {
    logger.warn(
      { error: error instanceof Error ? error.message : String(error), channel: channelId },
      "could not share the answer's image in Slack",
    );
  }
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
