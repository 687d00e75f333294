// File uploads as Slack takes them now that files.upload is retired ("The files.upload method
// is retiring", https://docs.slack.dev/changelog/2024-04-a-better-way-to-upload-files-is-here-to-stay:
// new apps cannot use it since May 2024, every app since its sunset on November 12, 2025; the
// fake answers it `method_deprecated`). Three steps:
// 1. files.getUploadURLExternal with `filename` and `length` ("Size in bytes of the file being
//    uploaded", required) and optionally `alt_txt` ("Description of image for screen-reader"):
//    answers `upload_url` and `file_id`
//    (https://docs.slack.dev/reference/methods/files.getUploadURLExternal/). Its documented
//    errors used here: `alt_txt_too_large` ("longer than the limit of 1000 character"),
//    `missing_argument` ("Typically only occurs when the length provided is 0").
// 2. a POST of the bytes to `upload_url`, raw or multipart ("Files can be sent as raw bytes or
//    can be multipart form encoded. Slack will return HTTP 200 if the upload is successful").
// 3. files.completeUploadExternal with `files` (required: "Array of file ids and their
//    corresponding (optional) titles"), `channel_id` ("Channel ID where the file will be
//    shared. If not specified the file will be private") and `initial_comment` ("The message
//    text introducing the file")
//    (https://docs.slack.dev/reference/methods/files.completeUploadExternal/).
// Both methods need the bot scope `files:write` (the methods' Facts); a token without it gets
// `missing_scope`, as every Web API method answers for a scope the token lacks.
import { z } from "zod";

export const FILES_SCOPE = "files:write";
/** What conversations.open needs, to share a private answer's file in a direct message. */
export const IM_SCOPE = "im:write";
const ALT_TEXT_MAX = 1000;

export interface SharedFile {
  fileId: string;
  filename: string;
  title?: string;
  altText?: string;
  /** Where it was shared; undefined: private to the bot. */
  channelId?: string;
  initialComment?: string;
  bytes: Uint8Array;
}

interface PendingUpload {
  filename: string;
  length: number;
  altText?: string;
  bytes?: Uint8Array;
}

type Answer = { ok: true; [field: string]: unknown } | { ok: false; error: string };

const getUrlSchema = z.object({
  filename: z.string().min(1),
  length: z.coerce.number().int().nonnegative(),
  alt_txt: z.string().optional(),
});

const completeSchema = z.object({
  files: z.array(z.object({ id: z.string(), title: z.string().optional() })).min(1),
  channel_id: z.string().optional(),
  initial_comment: z.string().optional(),
});

export class FakeFiles {
  /** Files completed, in order: what the workspace holds. */
  readonly shared: SharedFile[] = [];
  private readonly pending = new Map<string, PendingUpload>();
  private next = 0;

  getUploadUrl(args: Record<string, unknown>, origin: string): Answer {
    const parsed = getUrlSchema.safeParse(args);
    if (!parsed.success) return { ok: false, error: "invalid_arguments" };
    const { filename, length, alt_txt } = parsed.data;
    if (length === 0) return { ok: false, error: "missing_argument" };
    if ((alt_txt?.length ?? 0) > ALT_TEXT_MAX) return { ok: false, error: "alt_txt_too_large" };
    this.next += 1;
    const fileId = `F0FAKE${String(this.next).padStart(5, "0")}`;
    this.pending.set(fileId, { filename, length, altText: alt_txt });
    return { ok: true, upload_url: `${origin}${UPLOAD_PATH}${fileId}`, file_id: fileId };
  }

  /** Step 2: the bytes; false for a URL Slack never handed out. */
  receive(fileId: string, bytes: Uint8Array): boolean {
    const upload = this.pending.get(fileId);
    if (!upload) return false;
    upload.bytes = bytes;
    return true;
  }

  complete(args: Record<string, unknown>, channelKnown: (id: string) => boolean): Answer {
    const parsed = completeSchema.safeParse(args);
    if (!parsed.success) return { ok: false, error: "invalid_arguments" };
    const { files, channel_id, initial_comment } = parsed.data;
    if (channel_id !== undefined && !channelKnown(channel_id)) {
      return { ok: false, error: "channel_not_found" };
    }
    // A file id never handed out, or whose bytes never arrived, or not the length announced.
    const uploads = files.map((file) => ({ file, upload: this.pending.get(file.id) }));
    if (uploads.some(({ upload }) => upload?.bytes?.length !== upload?.length || !upload)) {
      return { ok: false, error: "file_not_found" };
    }
    for (const { file, upload } of uploads) {
      if (!upload?.bytes) continue;
      this.pending.delete(file.id);
      this.shared.push({
        fileId: file.id,
        filename: upload.filename,
        ...(file.title !== undefined ? { title: file.title } : {}),
        ...(upload.altText !== undefined ? { altText: upload.altText } : {}),
        ...(channel_id !== undefined ? { channelId: channel_id } : {}),
        ...(initial_comment !== undefined ? { initialComment: initial_comment } : {}),
        bytes: upload.bytes,
      });
    }
    return { ok: true, files: files.map((file) => ({ id: file.id, title: file.title })) };
  }
}

/** Where upload URLs point, on the fake's own port. */
export const UPLOAD_PATH = "/upload/";
