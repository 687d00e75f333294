// Files sent with a message, as Discord takes them ("Uploading Files",
// https://discord.com/developers/docs/reference#uploading-files, discord/discord-api-docs
// docs/reference.mdx):
// - "To add file(s), the standard application/json body must be replaced by a
//   multipart/form-data body. The JSON message body can optionally be provided using the
//   payload_json parameter."
// - "All files[n] parameters must include a valid Content-Disposition subpart header with a
//   filename and unique name parameter. Each file parameter must be uniquely named in the format
//   files[n] ... The suffixed index n is the snowflake placeholder that can be used in the
//   attachments field": a part named otherwise, or without a filename, is refused here.
// - "The file upload size limit applies to each file in a request. The default limit is 10 MiB":
//   a larger file is refused as Discord refuses a body too large, HTTP 413, JSON code 40005
//   "Request entity too large" (JSON Error Codes, https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
// - at most 10 attachments per message: `attachments` has maxItems 10 in the published schema
//   (openapi.ts checks the payload), and more than 10 files[n] parts are refused the same way.
// - "Images can also be referenced in embeds using the attachment://filename URL. The filename
//   for these URLs must be ASCII alphanumeric with underscores, dashes, or dots", and "only .jpg,
//   .jpeg, .png, .webp, and .gif may be used": Discord then shows the attachment in the embed
//   and returns its URL there; a reference it cannot resolve stays a dead attachment:// link,
//   which a test sees as no picture.
// - "When making a PATCH request, only files listed in the attachments parameter will be
//   appended to the message. Any previously-added files that aren't included will be removed"
//   (Editing Message Attachments): an edit with `attachments` replaces the list; without it,
//   the message keeps its files.
import { z } from "zod";
import type { RefusedField } from "./form-errors.js";
import { snowflake } from "./payloads.js";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 10;
const FILE_FIELD = /^files\[(\d+)\]$/;
const EMBEDDABLE_NAME = /^[A-Za-z0-9_.-]+\.(jpg|jpeg|png|webp|gif)$/i;

export interface UploadedFile {
  /** The snowflake placeholder: `n` of `files[n]`. */
  placeholder: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** An attachment as Discord returns it on a message. */
export interface FakeAttachment {
  id: string;
  filename: string;
  description?: string;
  content_type: string;
  size: number;
  url: string;
  proxy_url: string;
}

/** A request body read: the JSON payload and the files beside it (none for a JSON body). */
export interface ReadBody {
  payload: unknown;
  files: UploadedFile[];
}

export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly answer: { code: number; message: string },
  ) {
    super(answer.message);
  }
}

/** Reads a multipart/form-data body as Discord does; throws what Discord would refuse. */
export async function readMultipart(raw: Buffer, contentType: string): Promise<ReadBody> {
  const form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
  const files: UploadedFile[] = [];
  let payload: unknown;
  for (const [name, value] of form.entries()) {
    if (name === "payload_json") {
      payload = JSON.parse(typeof value === "string" ? value : await value.text());
      continue;
    }
    const placeholder = FILE_FIELD.exec(name)?.[1];
    if (placeholder === undefined) continue; // Form fields of a payload without payload_json.
    if (typeof value === "string" || value.name === "") {
      throw new UploadRefused(400, {
        code: 50035,
        message: `Invalid Form Body (${name} has no filename)`,
      });
    }
    if (files.some((file) => file.placeholder === placeholder)) {
      throw new UploadRefused(400, { code: 50035, message: `Invalid Form Body (${name} twice)` });
    }
    if (value.size > MAX_FILE_BYTES) {
      throw new UploadRefused(413, { code: 40005, message: "Request entity too large" });
    }
    files.push({
      placeholder,
      filename: value.name,
      contentType: value.type || "application/octet-stream",
      bytes: new Uint8Array(await value.arrayBuffer()),
    });
  }
  if (files.length > MAX_FILES) {
    throw new UploadRefused(400, {
      code: 50035,
      message: `Invalid Form Body (more than ${MAX_FILES} files)`,
    });
  }
  return { payload, files };
}

const attachmentRequestSchema = z
  .object({ id: z.union([z.string(), z.number()]), description: z.string().nullish() })
  .loose();
const withAttachmentsSchema = z.object({ attachments: z.array(attachmentRequestSchema) }).loose();

/**
 * The payload with its `attachments` made into what the message will hold: a placeholder
 * becomes the file uploaded under it; another id keeps an attachment the message already has.
 * Files not listed are not attached (Discord attaches what `attachments` names when it is
 * given, every file otherwise). Refusals are returned, not thrown, for the 50035 tree.
 */
export function resolveAttachments(
  body: ReadBody,
  existing: (id: string) => FakeAttachment | undefined,
  store: (attachment: FakeAttachment, bytes: Uint8Array) => void,
  origin: string,
): { payload: unknown; refused: RefusedField[] } {
  const listed = withAttachmentsSchema.safeParse(body.payload);
  const requests = listed.success
    ? listed.data.attachments
    : body.files.map((file) => ({ id: file.placeholder, description: undefined }));
  if (!listed.success && body.files.length === 0) return { payload: body.payload, refused: [] };
  const refused: RefusedField[] = [];
  const attachments = requests.flatMap((request, index): FakeAttachment[] => {
    const id = String(request.id);
    const file = body.files.find((candidate) => candidate.placeholder === id);
    if (!file) {
      const kept = existing(id);
      if (kept) return [kept];
      refused.push({
        path: ["attachments", String(index), "id"],
        code: "UNKNOWN_ATTACHMENT",
        message: `Unknown attachment ${id}: no files[${id}] and no such attachment on the message.`,
      });
      return [];
    }
    const attachment: FakeAttachment = {
      id: snowflake(),
      filename: file.filename,
      ...(request.description ? { description: request.description } : {}),
      content_type: file.contentType,
      size: file.bytes.length,
      url: `${origin}/attachments/${snowflake()}/${file.filename}`,
      proxy_url: `${origin}/attachments/proxy/${file.filename}`,
    };
    store(attachment, file.bytes);
    return [attachment];
  });
  const payload = { ...(body.payload as Record<string, unknown>), attachments };
  return { payload: withEmbedImages(payload, attachments), refused };
}

const embedsSchema = z.object({
  embeds: z.array(z.object({ image: z.object({ url: z.string() }).loose().nullish() }).loose()),
});

/** Embeds whose image is `attachment://name` of one of the message's files show that file. */
function withEmbedImages(
  payload: Record<string, unknown>,
  attachments: FakeAttachment[],
): Record<string, unknown> {
  const parsed = embedsSchema.safeParse(payload);
  if (!parsed.success) return payload;
  const embeds = parsed.data.embeds.map((embed) => {
    const name = embed.image?.url.startsWith("attachment://")
      ? embed.image.url.slice("attachment://".length)
      : undefined;
    const file =
      name && EMBEDDABLE_NAME.test(name) ? attachments.find((a) => a.filename === name) : undefined;
    return file ? { ...embed, image: { url: file.url, proxy_url: file.proxy_url } } : embed;
  });
  return { ...payload, embeds };
}
