// How the emulator reads requests and writes answers, and its error codes. Every error it
// writes has the one documented shape {message, code, error: true} (spec §7), so a client's
// error handling is exercised on the shape it will meet in production.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import type { ApiErrorBody } from "../src/chat-api/schemas.js";

/**
 * The spec documents one code, 400701 (HTTP status × 1000 + 701). The emulator's own codes follow
 * the same pattern with a 9xx suffix, so they read naturally and never collide with the vendor's.
 */
export const EMULATOR_ERROR_CODES = {
  invalidRequest: 400900,
  bodyNotJson: 400901,
  unknownPath: 404900,
  channelNotFound: 404901,
  banNotFound: 404902,
  reportNotFound: 404903,
  methodNotAllowed: 405900,
  channelExists: 409901,
  alreadyBanned: 409902,
  reportIdTaken: 409903,
  channelFull: 409904,
  bodyTooLarge: 413900,
  unsupportedMediaType: 415900,
  internal: 500900,
} as const;

/** Thrown by handlers to answer with an error; the server turns it into the documented shape. */
export class EmulatorRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "EmulatorRequestError";
  }

  get body(): ApiErrorBody {
    return { message: this.message, code: this.code, error: true };
  }
}

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function ok(body: unknown): Answer {
  return { status: 200, body };
}

/** A request as a handler sees it: the path below the mount point and a lazily parsed body. */
export interface EmulatorCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The body as JSON (undefined when empty); throws an EmulatorRequestError when it is not. */
  json(): unknown;
}

/** Parses `value` or throws a 400 whose message names the first offending field. */
export function parseWith<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  where = "body",
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join(".") : where;
  throw new EmulatorRequestError(
    400,
    EMULATOR_ERROR_CODES.invalidRequest,
    `${field}: ${issue?.message ?? "invalid"}`,
  );
}

/**
 * The body's JSON. With `requireJsonMediaType` a non-empty body must say `application/json`
 * (any parameters, so `charset=utf8` and `charset=utf-8` both pass), as a real API would demand.
 */
export function parseJsonBody(
  text: string,
  contentType: string | undefined,
  requireJsonMediaType: boolean,
): unknown {
  if (text.length === 0) return undefined;
  const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (requireJsonMediaType && mediaType !== "application/json") {
    throw new EmulatorRequestError(
      415,
      EMULATOR_ERROR_CODES.unsupportedMediaType,
      `Content-Type must be application/json, got ${contentType === undefined ? "none" : `"${contentType}"`}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new EmulatorRequestError(400, EMULATOR_ERROR_CODES.bodyNotJson, "body: not valid JSON");
  }
}

/** Best-effort JSON for the request log: the parsed value, else the raw text, else undefined. */
export function parseJsonLeniently(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface ReadBody {
  text: string;
  tooLarge: boolean;
}

/** Reads the whole body; past `limitBytes` it keeps draining but drops the bytes. */
export async function readBody(request: IncomingMessage, limitBytes: number): Promise<ReadBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= limitBytes) chunks.push(buffer);
  }
  return size > limitBytes
    ? { text: "", tooLarge: true }
    : { text: Buffer.concat(chunks).toString("utf8"), tooLarge: false };
}

export function writeJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  writeText(response, status, JSON.stringify(body), "application/json; charset=utf-8", headers);
}

export function writeText(
  response: ServerResponse,
  status: number,
  text: string,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  // The client may have given up (a latency fault outlived its timeout); nobody is listening.
  if (response.destroyed || response.writableEnded) return;
  response.writeHead(status, {
    ...headers,
    "content-type": contentType,
    "content-length": String(Buffer.byteLength(text)),
  });
  response.end(text);
}

export function writeAnswer(response: ServerResponse, answer: Answer): void {
  writeJson(response, answer.status, answer.body, answer.headers);
}

export function writeError(response: ServerResponse, error: EmulatorRequestError): void {
  writeJson(response, error.status, error.body, error.headers);
}
