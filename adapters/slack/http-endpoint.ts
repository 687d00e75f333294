// HTTP mode: Slack's requests arrive at /slack/events on the bot's one HTTP server (one port to
// open, one server to close), where bolt's HTTPReceiver handles them without ever being started.
// Before bolt sees a request, this gate makes sure it is Slack's, new, and acted on once:
//
// 1. Size. The body is capped at 1 MB before anyone knows who sent it: a Content-Length over the
//    cap is refused with 413 unread, and a streamed body is counted and refused the moment it
//    passes the cap, so unsigned posts cannot make the bot hold megabytes each (bolt alone reads
//    4 MB before it checks the signature).
// 2. Signature and time. The signature must match, and the timestamp must lie within five
//    minutes of now in either direction (bolt refuses only old ones); otherwise 401.
// 3. Once. Each accepted signature is remembered in the store until its timestamp would be
//    refused anyway, so every process sharing the store answers a copy 200 and does nothing.
//    Slack's own retries are answered the same way (see SLACK_RETRY_HEADER). When the store
//    cannot remember (the database is down, DATA_DIR is full), the request is not acted on,
//    since a copy could not be told from it, and the moderator is told so in words
//    (unrecorded.ts) rather than left with Slack's "dispatch_failed".

import type { IncomingMessage, ServerResponse } from "node:http";
import { parse as parseQueryString } from "node:querystring";
import { HTTPReceiver, type Logger as SlackLogger } from "@slack/bolt";
import type {
  BotHttpServer,
  InFlight,
  Logger,
  Presentation,
  ReplayGuard,
} from "../../src/index.js";
import { SLACK_EVENTS_PATH } from "./events-path.js";
import { signedBySlack } from "./request-signature.js";
import { answerUnrecorded } from "./unrecorded.js";

export { SLACK_EVENTS_PATH };

/**
 * What Slack posts echoes our own surfaces: a click carries the message clicked (at most 50
 * blocks, text cut at 40,000 characters), a form submission the modal (at most 100 blocks; ours
 * have a handful of inputs of up to 3,000 characters). That stays in the low hundreds of KB
 * even form-encoded, so 1 MB is ample and a quarter of bolt's default.
 * https://docs.slack.dev/reference/block-kit/blocks ("up to 50 blocks in each message, and 100
 * blocks in modals"), https://api.slack.com/changelog/2018-04-truncating-really-long-messages
 */
export const MAX_SLACK_BODY_BYTES = 1024 * 1024;

/**
 * Slack's advice: refuse a request whose timestamp is more than five minutes from local time, as
 * it could be a replay. https://api.slack.com/authentication/verifying-requests-from-slack
 */
const TIMESTAMP_WINDOW_MS = 5 * 60_000;
/** Processes sharing the store may disagree about the time by this much. */
const CLOCK_SKEW_MARGIN_MS = 60_000;

/**
 * Slack retries a delivery it thinks failed (no 2xx within 3 s, a connection error), marking the
 * retry with X-Slack-Retry-Num (1, 2, 3) and X-Slack-Retry-Reason (e.g. http_timeout); see
 * "Retries" in https://api.slack.com/apis/connections/events-api. Every listener here acks at
 * once and works afterwards, so a retry means the first delivery was received and is being acted
 * on (its ack was merely late, or lost on the way back): a retry is answered 200 and dropped,
 * like a replayed copy, so that nothing happens twice.
 */
const SLACK_RETRY_HEADER = "x-slack-retry-num";

export function createHttpReceiver(signingSecret: string, logger: SlackLogger): HTTPReceiver {
  return new HTTPReceiver({
    signingSecret,
    endpoints: SLACK_EVENTS_PATH,
    logger,
    // Ack first, work after: the answer goes through the response_url.
    processBeforeResponse: false,
    // The gate below already holds bodies to this; bolt checks again.
    bodyLimit: MAX_SLACK_BODY_BYTES,
    // The gate checks the signature and the timestamp (both ways, where bolt refuses only old
    // ones) before bolt sees a request, and mountHttpReceiver is the only way one reaches it: a
    // second check cost as much CPU again.
    signatureVerification: false,
  });
}

export interface SlackEndpointOptions {
  receiver: HTTPReceiver;
  signingSecret: string;
  /** Remembers accepted signatures, in the store shared by every process. */
  replayGuard: ReplayGuard;
  logger: Logger;
  /** The adapter's work under way: an answer posted after the ack is part of it. */
  work: InFlight;
  /** After it turns true, Slack's requests get a 503. */
  isStopped: () => boolean;
  /**
   * How to present an answer given before bolt (the store-down one) to this user: their
   * language if already known, else the team's; never a call to Slack.
   */
  presentationOf: (userId: string | undefined) => Presentation;
  now?: () => number;
}

/** Mounts the gate and the receiver behind it at /slack/events. */
export function mountHttpReceiver(http: BotHttpServer, options: SlackEndpointOptions): void {
  const { receiver, logger } = options;
  http.mount(SLACK_EVENTS_PATH, (request: IncomingMessage, response: ServerResponse) => {
    if (options.isStopped()) return plain(response, 503, "the Slack adapter is stopping\n");
    if (request.method !== "POST") {
      response.setHeader("allow", "POST");
      return plain(response, 405, "Slack posts its events here\n");
    }
    const path = (request.url ?? "/").split("?")[0];
    if (path !== SLACK_EVENTS_PATH) return plain(response, 404, "not found\n");
    if (Number(request.headers["content-length"]) > MAX_SLACK_BODY_BYTES) {
      return refuseTooLarge(response);
    }
    void gate(request, response, options)
      .then((passed) => {
        if (passed) receiver.requestListener(request, response);
      })
      .catch((error: unknown) => {
        // Bolt failed (the store's failures are answered in the gate).
        logger.error({ err: error }, "a Slack request could not be checked; refused");
        if (!response.headersSent) plain(response, 500, "could not check the request\n");
      });
  });
}

/**
 * Reads and checks the request; answers it and returns false when bolt must not see it. On true,
 * the body is attached where bolt looks for an already-read one.
 */
async function gate(
  request: IncomingMessage,
  response: ServerResponse,
  options: SlackEndpointOptions,
): Promise<boolean> {
  const { logger } = options;
  const body = await readCapped(request, MAX_SLACK_BODY_BYTES);
  if (body === "too large") {
    refuseTooLarge(response);
    return false;
  }
  if (body === "aborted") return false;
  const text = body.toString();
  Object.assign(request, { rawBody: body });
  // Slack's ssl_check is not an event and need not be signed; bolt answers it and drops the rest.
  if (isSslCheck(request, text)) return true;

  const now = (options.now ?? Date.now)();
  const timestampSeconds = Number(request.headers["x-slack-request-timestamp"]);
  const timestampMs = timestampSeconds * 1000;
  if (!Number.isInteger(timestampSeconds) || Math.abs(now - timestampMs) > TIMESTAMP_WINDOW_MS) {
    logger.warn(
      { skewSeconds: Number.isInteger(timestampSeconds) ? (timestampMs - now) / 1000 : undefined },
      "a request to /slack/events is not from the last or next 5 minutes; refused (check the clock)",
    );
    answerEmpty(response, 401);
    return false;
  }
  const signature = request.headers["x-slack-signature"];
  const signed =
    typeof signature === "string" &&
    signedBySlack(options.signingSecret, timestampSeconds, text, signature);
  if (!signed) {
    logger.warn("a request to /slack/events was not signed with SLACK_SIGNING_SECRET; refused");
    answerEmpty(response, 401);
    return false;
  }
  if (request.headers[SLACK_RETRY_HEADER] !== undefined) {
    logger.info(
      {
        retry: request.headers[SLACK_RETRY_HEADER],
        reason: request.headers["x-slack-retry-reason"],
      },
      "Slack retried a request; answered, not acted on again",
    );
    answerEmpty(response, 200);
    return false;
  }
  const expiresAt = timestampMs + TIMESTAMP_WINDOW_MS + CLOCK_SKEW_MARGIN_MS;
  let first: boolean;
  try {
    first = await options.replayGuard.firstSighting(`slack-signature:${signature}`, expiresAt);
  } catch (error) {
    // Acting without knowing whether this request was already taken could act twice.
    const problem = options.replayGuard.describeFailure(error);
    logger.error({ err: error }, `a Slack request could not be recorded; not acted on: ${problem}`);
    answerEmpty(response, 200);
    void options.work.track(
      answerUnrecorded({
        body: text,
        shownProblem: () => options.replayGuard.shownFailure(error),
        presentationOf: options.presentationOf,
        logger,
      }),
    );
    return false;
  }
  if (!first) {
    logger.warn("a copy of a Slack request already taken arrived; answered, not acted on");
    answerEmpty(response, 200);
    return false;
  }
  return true;
}

/** The body, or why there is none: past `limit` bytes reading stops at once. */
function readCapped(
  request: IncomingMessage,
  limit: number,
): Promise<Buffer | "too large" | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | "too large" | "aborted") => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        request.pause();
        finish("too large");
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onClose = () => finish("aborted");
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("close", onClose);
  });
}

function isSslCheck(request: IncomingMessage, text: string): boolean {
  return (
    request.headers["content-type"] === "application/x-www-form-urlencoded" &&
    parseQueryString(text).ssl_check === "1"
  );
}

/** 413, and the connection closes once it is sent: the rest of the body is never read. */
function refuseTooLarge(response: ServerResponse): void {
  response.writeHead(413, { "content-type": "text/plain", connection: "close" });
  response.end(`Slack never sends a body over ${MAX_SLACK_BODY_BYTES / (1024 * 1024)} MB\n`);
}

/** As bolt answers: no body, which is what Slack expects of an ack and tells a forger nothing. */
function answerEmpty(response: ServerResponse, status: 200 | 401): void {
  response.writeHead(status);
  response.end();
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { "content-type": "text/plain" });
  response.end(text);
}
