// The emulator's HTTP wiring on plain node:http. A request to /chat/v1 is read, logged, offered
// to the fault queue (faults stand for the network and proxies in front of the API, so they act
// before the token is checked), then authenticated and routed. /__control exists only when
// `controls` is set; everything else is a 404 in the documented error shape.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { CREDENTIALS_ERROR_BODY } from "../src/chat-api/schemas.js";
import { DEFAULT_BEHAVIOUR, type EmulatorBehaviour, patchBehaviour } from "./behaviour.js";
import { chatRouter } from "./chat-routes.js";
import { CONTROL_PREFIX, controlRouter } from "./control.js";
import { FaultQueue, type FaultSpec, MALFORMED_JSON_BODY } from "./faults.js";
import { type ReportGenerator, startReportGenerator } from "./generator.js";
import {
  EMULATOR_ERROR_CODES,
  EmulatorRequestError,
  parseJsonBody,
  parseJsonLeniently,
  readBody,
  writeAnswer,
  writeError,
  writeJson,
  writeText,
} from "./http.js";
import { appendToLog, type RecordedRequest, redactHeaders } from "./request-log.js";
import type { Router } from "./router.js";
import { applySeed } from "./seed.js";
import { EmulatorState } from "./state.js";

export type { EmulatorBehaviour } from "./behaviour.js";
export type { FaultSpec } from "./faults.js";
export type { RecordedRequest } from "./request-log.js";

export interface EmulatorOptions {
  /** Default "127.0.0.1". */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** The master token; requests must carry "Authorization: Bearer <token>". */
  token: string;
  /** Default "empty". */
  seed?: "demo" | "empty";
  /** Zone of the YYYY-MM-DD HH:MM:SS timestamps it writes; default "UTC". */
  timeZone?: string;
  behaviour?: Partial<EmulatorBehaviour>;
  /** Mount the /__control surface; default false (never on unless asked). */
  controls?: boolean;
  /** When set, a new report arrives every this many milliseconds. */
  reportEveryMs?: number;
  /** Clock, for tests (ban expiry). */
  now?: () => Date;
}

export interface RunningEmulator {
  /** e.g. "http://127.0.0.1:41234/chat/v1" */
  baseUrl: string;
  origin: string;
  state: EmulatorState;
  faults: FaultQueue;
  /** Every request received on /chat/v1, in order, with the token redacted. */
  requests: RecordedRequest[];
  setBehaviour(patch: Partial<EmulatorBehaviour>): void;
  /** Stops the generator and closes the server and every socket, keep-alive ones included. */
  close(): Promise<void>;
}

export const CHAT_PREFIX = "/chat/v1";
/** The spec sets no request size limit; 1 MiB is far above any real word list. */
const BODY_LIMIT_BYTES = 1_048_576;

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  if (options.token.length === 0) throw new Error("the emulator needs a non-empty token");
  const state = new EmulatorState({ now: options.now, timeZone: options.timeZone ?? "UTC" });
  applySeed(state, options.seed ?? "empty");
  let behaviour = patchBehaviour(DEFAULT_BEHAVIOUR, options.behaviour ?? {});
  const setBehaviour = (patch: Partial<EmulatorBehaviour>) => {
    behaviour = patchBehaviour(behaviour, patch);
  };
  const faults = new FaultQueue();
  const requests: RecordedRequest[] = [];
  // Aborted by close(), so a latency fault in progress does not keep the process alive.
  const lifetime = new AbortController();

  const listener = requestListener({
    chat: chatRouter(state, () => behaviour),
    control: options.controls
      ? controlRouter({ state, faults, requests, behaviour: () => behaviour, setBehaviour })
      : undefined,
    state,
    faults,
    requests,
    tokenDigest: digestOf(options.token),
    closing: lifetime.signal,
  });
  const server = createServer((request, response) => {
    listener(request, response).catch((error: unknown) => {
      const known =
        error instanceof EmulatorRequestError
          ? error
          : new EmulatorRequestError(
              500,
              EMULATOR_ERROR_CODES.internal,
              `emulator failure: ${String(error)}`,
            );
      writeError(response, known);
    });
  });

  const generator: ReportGenerator | undefined =
    options.reportEveryMs === undefined
      ? undefined
      : startReportGenerator(state, options.reportEveryMs);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    generator?.stop();
    throw error;
  }
  const address = server.address();
  if (address === null || typeof address === "string")
    throw new Error("the emulator is not listening on TCP");
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      generator?.stop();
      lifetime.abort();
      server.close(() => resolve());
      // Without this, idle keep-alive sockets would hold close() open for seconds.
      server.closeAllConnections();
    });
    return closing;
  };

  return {
    baseUrl: `${origin}${CHAT_PREFIX}`,
    origin,
    state,
    faults,
    requests,
    setBehaviour,
    close,
  };
}

interface ListenerContext {
  chat: Router;
  control: Router | undefined;
  state: EmulatorState;
  faults: FaultQueue;
  requests: RecordedRequest[];
  tokenDigest: Buffer;
  closing: AbortSignal;
}

function requestListener(context: ListenerContext) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://emulator.invalid");
    if (isUnder(url.pathname, CHAT_PREFIX)) return handleChat(context, request, response, url);
    if (context.control && isUnder(url.pathname, CONTROL_PREFIX)) {
      return handleControl(context.control, request, response, url);
    }
    request.resume();
    throw new EmulatorRequestError(
      404,
      EMULATOR_ERROR_CODES.unknownPath,
      `no such path: ${url.pathname}`,
    );
  };
}

async function handleChat(
  context: ListenerContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const method = request.method ?? "GET";
  const path = url.pathname.slice(CHAT_PREFIX.length) || "/";
  const body = await readBody(request, BODY_LIMIT_BYTES);
  appendToLog(context.requests, {
    method,
    path,
    query: Object.fromEntries(url.searchParams),
    headers: redactHeaders(request.headers),
    body: parseJsonLeniently(body.text),
    receivedAt: context.state.now().toISOString(),
  });

  const fault = context.faults.take(method, path);
  if (fault && (await answerWithFault(fault, response, context.closing))) return;

  if (!bearerMatches(request.headers.authorization, context.tokenDigest)) {
    writeJson(response, 400, CREDENTIALS_ERROR_BODY);
    return;
  }
  if (body.tooLarge) throw bodyTooLarge();
  const contentType = request.headers["content-type"];
  const answer = context.chat.dispatch({
    method,
    path,
    query: url.searchParams,
    json: () => parseJsonBody(body.text, contentType, true),
  });
  writeAnswer(response, answer);
}

async function handleControl(
  router: Router,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const body = await readBody(request, BODY_LIMIT_BYTES);
  if (body.tooLarge) throw bodyTooLarge();
  const contentType = request.headers["content-type"];
  const answer = router.dispatch({
    method: request.method ?? "GET",
    path: url.pathname.slice(CONTROL_PREFIX.length) || "/",
    query: url.searchParams,
    // Lenient about Content-Type: these calls come from hand-written test code and curl.
    json: () => parseJsonBody(body.text, contentType, false),
  });
  writeAnswer(response, answer);
}

/** True when the fault answered (or hung up); false when the real handler should answer. */
async function answerWithFault(
  fault: FaultSpec,
  response: ServerResponse,
  closing: AbortSignal,
): Promise<boolean> {
  if (fault.latencyMs) {
    try {
      await sleep(fault.latencyMs, undefined, { signal: closing });
    } catch {
      // The emulator is closing and its sockets are gone: there is nobody left to answer.
      return true;
    }
  }
  if (fault.drop) {
    response.socket?.destroy();
    return true;
  }
  if (fault.respond) {
    const { status, body, contentType, headers } = fault.respond;
    writeText(response, status, body, contentType ?? "application/json; charset=utf-8", headers);
    return true;
  }
  if (fault.malformedJson) {
    writeText(response, 200, MALFORMED_JSON_BODY, "application/json; charset=utf-8");
    return true;
  }
  if (fault.streamBytes !== undefined) {
    await streamZeros(response, fault.streamBytes, closing);
    return true;
  }
  return false;
}

/** One buffer, written again and again: a huge answer costs the emulator no memory. */
const ZEROS = Buffer.from("0,".repeat(32_768));

/**
 * `[0,0,…,0]`, `bytes` long give or take one, chunked (no Content-Length, as a server that
 * generates its answer would send it), at the pace the client reads; it stops as soon as the
 * client hangs up or the emulator closes.
 */
async function streamZeros(
  response: ServerResponse,
  bytes: number,
  closing: AbortSignal,
): Promise<void> {
  response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
  response.write("[");
  // Even counts of "0," keep the array well formed; the closing "0]" ends it.
  let left = Math.max(0, bytes - 3);
  left -= left % 2;
  while (left > 0) {
    if (response.destroyed || closing.aborted) return;
    const piece = left >= ZEROS.length ? ZEROS : ZEROS.subarray(0, left);
    left -= piece.length;
    if (!response.write(piece)) await drainedOrClosed(response);
  }
  response.end("0]");
}

function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}

function bodyTooLarge(): EmulatorRequestError {
  return new EmulatorRequestError(
    413,
    EMULATOR_ERROR_CODES.bodyTooLarge,
    `body: larger than ${BODY_LIMIT_BYTES} bytes`,
  );
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Equal-length digests, so the comparison takes the same time whatever the token sent. */
function digestOf(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

function bearerMatches(header: string | undefined, expectedDigest: Buffer): boolean {
  const match = /^Bearer\s+(\S.*)$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  return timingSafeEqual(digestOf(match[1]), expectedDigest);
}
