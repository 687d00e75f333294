// ChatApiClient: one method per chat/v1 endpoint, on one keep-alive undici pool per base URL.
// Every body in and out passes a schema from schemas.ts. Transient failures of reads are
// retried (see retry.ts); a write is retried only when it provably never reached the server.
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import { Pool } from "undici";
import { z } from "zod";
import { CONNECT_CODES, errorCode } from "../runtime/failure-verdict.js";
import { AnswerBodyReader, decodeBody } from "./answer-body.js";
import { AttemptTimeout } from "./attempt-timeout.js";
import {
  ChatApiBodyTooLargeError,
  type ChatApiCall,
  ChatApiError,
  ChatApiNetworkError,
  ChatApiRateLimitError,
  ChatApiTimeoutError,
} from "./errors.js";
import { type ItemsInBody, type ListRead, readItems } from "./list-items.js";
import { readBody } from "./read-body.js";
import {
  backoffDelayMs,
  chatApiVerdict,
  defaultRetryPolicy,
  parseRetryAfterMs,
  type RetryPolicy,
} from "./retry.js";
import {
  type BadWordEntry,
  type BadWordPutRequest,
  type BanRequest,
  type BlockedUser,
  badWordListSchema,
  badWordPutRequestSchema,
  banRequestSchema,
  blockedUserListSchema,
  blockedUserSchema,
  type CreateChannelRequest,
  type CreatedChannel,
  channelGroupListSchema,
  createChannelRequestSchema,
  createdChannelSchema,
  type DeleteChannelRequest,
  type DeletedChannel,
  deleteChannelRequestSchema,
  deletedChannelListSchema,
  echoOf,
  type OpenChannel,
  openChannelListSchema,
  type Report,
  reportListSchema,
  reportSchema,
  type SystemMessageRequest,
  systemMessageRequestSchema,
  type UnbanRequest,
  unbanRequestSchema,
} from "./schemas.js";

export interface ChatApiClientOptions {
  /** The API's address, ending in `/chat/v1`. */
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  /** The largest answer read, counted as it streams in; default 256 MB (CHAT_API_MAX_BODY_MB). */
  maxBodyBytes?: number;
  retry?: Partial<RetryPolicy>;
  logger?: Pick<Logger, "debug" | "warn">;
  /** Told of every HTTP exchange, each retry included (metrics); must not throw. */
  onExchange?: (exchange: ChatApiExchange) => void;
}

/** One HTTP exchange: the endpoint's fixed path (never the query), and how it ended. */
export interface ChatApiExchange {
  method: Method;
  endpoint: string;
  /** The HTTP status, or `network`/`timeout` when no answer came. */
  status: number | "network" | "timeout";
  seconds: number;
}

type Method = "GET" | "PUT" | "DELETE" | "POST";

interface CallSpec<Schema extends z.ZodType> {
  method: Method;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  response: Schema;
  /**
   * Reads a successful answer itself instead of `response` (the report feed's poll), given the
   * SHA-1 of the body, hashed as it streamed in, and the body's bytes as they arrived.
   */
  read?: (body: { digest: string; chunks: readonly Buffer[] }) => z.output<Schema>;
}

/** The answer of one HTTP exchange, before it is judged. */
interface RawAnswer {
  status: number;
  retryAfter: string | string[] | undefined;
  /** The body's bytes as they arrived; decoded to text only when needed. */
  chunks: Buffer[];
  /** SHA-1 of the body, when the call asked for it (spec.read). */
  digest: string | undefined;
}

/** CHAT_API_MAX_BODY_MB counts in these. */
export const BYTES_PER_MB = 1_048_576;
const DEFAULT_MAX_BODY_BYTES = 256 * BYTES_PER_MB;
// Built once: the client compiles a schema once it has checked enough (compiled-schemas.ts), and a
// schema made per call would start counting again at every call.
const banEchoSchema = echoOf(banRequestSchema);
const unbanEchoSchema = echoOf(unbanRequestSchema);
const badWordEchoSchema = echoOf(badWordPutRequestSchema);
const systemMessageEchoSchema = echoOf(systemMessageRequestSchema);
const unknownListSchema = z.array(z.unknown());

export class ChatApiClient {
  readonly origin: string;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly retryPolicy: RetryPolicy;
  private readonly basePath: string;
  private readonly pool: Pool;
  private readonly logger: Pick<Logger, "debug" | "warn"> | undefined;
  private readonly onExchange: ((exchange: ChatApiExchange) => void) | undefined;
  // Kept off the instance's enumerable fields so that no dump of the client shows the token.
  readonly #headers: Record<string, string>;
  readonly #answers: AnswerBodyReader;

  constructor(options: ChatApiClientOptions) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.retryPolicy = { ...defaultRetryPolicy(this.timeoutMs), ...options.retry };
    this.logger = options.logger;
    this.onExchange = options.onExchange;
    this.#answers = new AnswerBodyReader(options.token);
    this.#headers = {
      "content-type": "application/json; charset=utf8",
      authorization: `Bearer ${options.token}`,
    };
    this.pool = new Pool(this.origin, { connections: 16, keepAliveTimeout: 30_000 });
  }

  // ---- the endpoints -------------------------------------------------------------------------

  listChannelGroups(): Promise<string[]> {
    return this.call({
      method: "GET",
      path: "/open_channel_groups",
      response: channelGroupListSchema,
    });
  }

  listChannels(channelGroup: string): Promise<OpenChannel[]> {
    return this.call({
      method: "GET",
      path: "/open_channels",
      query: { channel_group: channelGroup },
      response: openChannelListSchema,
    });
  }

  createChannel(request: CreateChannelRequest): Promise<CreatedChannel> {
    return this.call({
      method: "PUT",
      path: "/open_channels",
      body: createChannelRequestSchema.parse(request),
      response: createdChannelSchema,
    });
  }

  deleteChannel(request: DeleteChannelRequest): Promise<DeletedChannel[]> {
    return this.call({
      method: "DELETE",
      path: "/open_channels",
      body: deleteChannelRequestSchema.parse(request),
      response: deletedChannelListSchema,
    });
  }

  listBans(): Promise<BlockedUser[]> {
    return this.call({ method: "GET", path: "/block_user_list", response: blockedUserListSchema });
  }

  banUser(request: BanRequest): Promise<BanRequest> {
    return this.call({
      method: "PUT",
      path: "/block_user_chat",
      body: banRequestSchema.parse(request),
      response: banEchoSchema,
    });
  }

  unbanUser(request: UnbanRequest): Promise<UnbanRequest> {
    return this.call({
      method: "DELETE",
      path: "/block_user_chat",
      body: unbanRequestSchema.parse(request),
      response: unbanEchoSchema,
    });
  }

  listBadWords(): Promise<BadWordEntry[]> {
    return this.call({ method: "GET", path: "/bad_word_list", response: badWordListSchema });
  }

  putBadWords(request: BadWordPutRequest): Promise<BadWordPutRequest> {
    return this.call({
      method: "PUT",
      path: "/bad_word_list",
      body: badWordPutRequestSchema.parse(request),
      response: badWordEchoSchema,
    });
  }

  /** The bans, item by item: what is readable, and a sentence for each item that is not. */
  async readBans(): Promise<ListRead<BlockedUser>> {
    const items = await this.call({
      method: "GET",
      path: "/block_user_list",
      response: unknownListSchema,
    });
    return readItems(items, blockedUserSchema, "ban of", "gamer_id");
  }

  /** The reports, item by item: what is readable, and a sentence for each item that is not. */
  async readReports(): Promise<ListRead<Report>> {
    const items = await this.call({
      method: "GET",
      path: "/report_list",
      response: unknownListSchema,
    });
    return readItems(items, reportSchema, "report", "report_id");
  }

  listReports(): Promise<Report[]> {
    return this.call({ method: "GET", path: "/report_list", response: reportListSchema });
  }

  /**
   * The report list for the feed's poll: item by item, so one unreadable report does not hide
   * the others, and each parsed only when the poll reaches it (the body is kept as its bytes);
   * not at all when the body is byte for byte the one whose digest is `unchangedDigest` (an
   * unchanged list costs a hash, not a parse).
   */
  listReportItems(unchangedDigest: string | undefined): Promise<ReportListRead> {
    const call: ChatApiCall = { method: "GET", path: "/report_list", isWrite: false };
    return this.call({
      method: "GET",
      path: "/report_list",
      response: reportListReadSchema,
      read: ({ digest, chunks }) => {
        if (digest === unchangedDigest) return { digest, items: undefined };
        const items = this.#answers.itemsInBody(call, chunks, reportSchema, "report", "report_id");
        return { digest, items };
      },
    });
  }

  /** Vendor-documented, outside the spec: posts a system message into a channel. */
  postSystemMessage(request: SystemMessageRequest): Promise<SystemMessageRequest> {
    return this.call({
      method: "POST",
      path: "/system_message",
      body: systemMessageRequestSchema.parse(request),
      response: systemMessageEchoSchema,
    });
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  // ---- the exchange --------------------------------------------------------------------------

  private async call<Schema extends z.ZodType>(spec: CallSpec<Schema>): Promise<z.output<Schema>> {
    const call: ChatApiCall = {
      method: spec.method,
      path: spec.path,
      isWrite: spec.method !== "GET",
    };
    const policy = this.retryPolicy;
    const deadline = Date.now() + policy.totalDeadlineMs;
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);

    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - Date.now();
      const attemptTimeout = Math.min(this.timeoutMs, remaining);
      let failure: ChatApiError;
      try {
        const answer = await this.exchange(call, spec, body, attemptTimeout);
        if (answer.status === 429) {
          failure = new ChatApiRateLimitError(call, parseRetryAfterMs(answer.retryAfter));
        } else {
          return this.judge(call, answer, spec);
        }
      } catch (error) {
        if (!(error instanceof ChatApiError)) throw error;
        failure = error;
      }

      const verdict = chatApiVerdict(failure, call.isWrite);
      if (!verdict.retry || attempt >= policy.maxAttempts) throw failure;
      const delay = verdict.afterMs ?? backoffDelayMs(policy, attempt);
      // A wait that would leave no time to try again ends the call now, with the real reason.
      if (Date.now() + delay >= deadline) throw failure;
      // Debug: a retry that works is no news, and one that fails ends in the caller's error.
      this.logger?.debug(
        {
          method: call.method,
          path: call.path,
          attempt,
          delayMs: Math.round(delay),
          reason: failure.kind,
        },
        "chat API call failed, retrying",
      );
      await sleep(delay);
    }
  }

  /** One HTTP request: an answer with any status, or a timeout/network error. */
  private async exchange(
    call: ChatApiCall,
    spec: CallSpec<z.ZodType>,
    body: string | undefined,
    timeoutMs: number,
  ): Promise<RawAnswer> {
    const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : "";
    const timeout = new AttemptTimeout(timeoutMs);
    const started = performance.now();
    let status: ChatApiExchange["status"] = "network";
    try {
      const response = await this.pool.request({
        method: spec.method,
        path: this.basePath + spec.path + query,
        headers: this.#headers,
        body,
        signal: timeout,
      });
      status = response.statusCode;
      // A declared length past the cap fails before a byte is read; an undeclared or false one
      // is caught while counting.
      if (Number(response.headers["content-length"]) > this.maxBodyBytes) {
        response.body.destroy();
        throw new ChatApiBodyTooLargeError(call, this.maxBodyBytes);
      }
      // The poll hashes while the body streams in: an unchanged list is then never decoded.
      const hash = spec.read ? createHash("sha1") : undefined;
      const chunks = await readBody(
        response.body,
        this.maxBodyBytes,
        () => new ChatApiBodyTooLargeError(call, this.maxBodyBytes),
        hash ? (chunk) => hash.update(chunk) : undefined,
      );
      this.logger?.debug(
        {
          method: call.method,
          path: call.path,
          status: response.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "chat API call",
      );
      return {
        status: response.statusCode,
        retryAfter: response.headers["retry-after"],
        chunks,
        digest: hash?.digest("base64"),
      };
    } catch (error) {
      if (error instanceof ChatApiError) throw error;
      if (timeout.aborted) {
        status = "timeout";
        throw new ChatApiTimeoutError(call, this.timeoutMs);
      }
      status = "network";
      const code = errorCode(error) ?? "";
      throw new ChatApiNetworkError(
        call,
        this.origin,
        describeNetworkFailure(code),
        !CONNECT_CODES.has(code),
      );
    } finally {
      timeout.clear();
      const seconds = (performance.now() - started) / 1000;
      this.onExchange?.({ method: spec.method, endpoint: spec.path, status, seconds });
    }
  }

  /** Turns an answer into a value or the error that describes it. */
  private judge<Schema extends z.ZodType>(
    call: ChatApiCall,
    answer: RawAnswer,
    spec: CallSpec<Schema>,
  ): z.output<Schema> {
    const succeeded = answer.status >= 200 && answer.status < 300;
    if (succeeded && spec.read && answer.digest !== undefined) {
      return spec.read({ digest: answer.digest, chunks: answer.chunks });
    }
    return this.#answers.read(call, answer.status, decodeBody(answer.chunks), spec.response);
  }
}

export interface ReportListRead {
  /** Identifies the body: the next poll passes it back to skip an unchanged list. */
  digest: string;
  /**
   * Undefined when the body was unchanged. Its reports are read as they are visited: one that
   * is not JSON fails the visit with ChatApiNotJsonError, as a body that is not JSON fails a call.
   */
  items: ItemsInBody<Report> | undefined;
}

// The poll's answer is read by `read`, never by this schema; it only types the call.
const reportListReadSchema = z.custom<ReportListRead>();

const NETWORK_FAILURE_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  UND_ERR_SOCKET: "connection closed before an answer",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
};

function describeNetworkFailure(code: string): string {
  const words = NETWORK_FAILURE_WORDS[code];
  if (words) return `${words}, ${code}`;
  return code === "" ? "connection failed" : code;
}
