// The fake Web API at SLACK_API_URL: the methods the adapter calls, answered as Slack answers
// them (HTTP 200 with `ok`), every call recorded with its arguments and the status it got.
// Messages live in FakeChannels (chat.postMessage, chat.update, conversations.history), and
// chat.postMessage is rate-limited per channel as Slack limits it, conversations.history per
// workspace (rate-limit.ts): a call over the limit gets HTTP 429 with Retry-After in whole
// seconds. Blocks that break Block Kit's documented limits are refused (blocks.ts):
// `invalid_blocks` for a message, `invalid_arguments` naming each field for a modal. Faults are queued per method: a 429, an `ok: false` error, an HTTP error (which may
// come after the call took effect); `down` answers every call with a 503, as an outage or a
// broken proxy would.
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { REQUIRED_BOT_SCOPES } from "../../../adapters/slack/required-scopes.js";
import { blocksSchema, viewProblems } from "./blocks.js";
import { FakeChannels, type MessageContent } from "./channels.js";
import { FakeFiles, FILES_SCOPE, IM_SCOPE } from "./files.js";
import { FAKE_BOT, FAKE_TEAM } from "./identity.js";
import {
  DEFAULT_HISTORY_RATE_LIMIT,
  DEFAULT_POST_RATE_LIMIT,
  type RateLimit,
  retryAfterSeconds,
  TokenBuckets,
} from "./rate-limit.js";
import { Recorder } from "./recorder.js";
import { FakeMembers, USERS_SCOPE } from "./users.js";

export { FAKE_BOT, FAKE_TEAM } from "./identity.js";

export interface WebApiCall {
  method: string;
  args: Record<string, unknown>;
  /** The Authorization header, which carries the token. */
  authorization: string | undefined;
  at: number;
  /** The HTTP status the call was answered with. */
  status: number;
  /** Slack's `error` when it answered `ok: false` (a refusal such as `invalid_blocks`). */
  error?: string;
  /** With a 429: the Retry-After it carried, in seconds. */
  retryAfter?: number;
}

export interface CannedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /**
   * The call takes effect first and this answer replaces Slack's: a proxy or load balancer in
   * between answered 502 or 504 after Slack had posted, because Slack's answer came back broken
   * or too late for it ("502 Bad Gateway … received an invalid response from an inbound server",
   * "504 Gateway Timeout … did not receive a timely response from an upstream server": RFC 9110
   * §15.6.3 and §15.6.5, https://www.rfc-editor.org/rfc/rfc9110#section-15.6).
   */
  tookEffect?: boolean;
}

/** Which calls a queued answer is for, by their arguments. */
export type ArgsMatch = (args: Record<string, unknown>) => boolean;

export interface FakeWebApiOptions {
  /** chat.postMessage's limit per channel; `false` for none. Default: a burst of 3, then 1/s. */
  postRateLimit?: RateLimit | false;
  /** conversations.history's limit (Tier 3); `false` for none. Default: 50 at once, 50 a minute. */
  historyRateLimit?: RateLimit | false;
  /** Slack's clock, which dates messages (epoch ms); this host's by default. */
  clock?: () => number;
  /**
   * What the rate limits count time by (ms); this host's by default. A test that paces the bot
   * on a VirtualClock (test/helpers/virtual-clock.ts) gives the limits the same clock.
   */
  rateClock?: () => number;
}

export class FakeWebApi {
  readonly calls = new Recorder<WebApiCall>();
  readonly channels: FakeChannels;
  /** Files uploaded through files.getUploadURLExternal and completed (files.ts). */
  readonly files = new FakeFiles();
  /** The workspace's members, whom users.info describes (users.ts); a test sets their locales. */
  readonly members = new FakeMembers();
  /** This fake's origin, where upload URLs point; set by server.ts once it listens. */
  origin = "";
  /** Every call fails with HTTP 503 while set. */
  down = false;
  /**
   * The app was uninstalled or its token revoked: every method answers `token_revoked`
   * ("Authentication token is for a deleted user or workspace or the app has been removed",
   * among every method's documented errors: Slack's method reference, as mirrored in
   * slack-ruby/slack-api-ref, methods/conversations).
   */
  tokenRevoked = false;
  /**
   * The scopes the installed token holds, sent with every answer in `x-oauth-scopes`,
   * comma-separated, as Slack does (Slack's OAuth v2 guide, api.slack.com/authentication/oauth-v2;
   * @slack/web-api 8.2's WebClient splits that header on commas into response_metadata.scopes).
   * Default: what slack-manifest.yml asks for;
   * undefined: no header at all, as behind a proxy that drops it.
   */
  grantedScopes: string[] | undefined = [...REQUIRED_BOT_SCOPES];
  /**
   * Channels the bot was never invited to. With a bot token, reading or posting in a public one
   * answers `not_in_channel` (conversations.history: slackapi/deno-slack-sdk#128, where Slack's
   * maintainer calls it "a limitation / requirement of the channels:history scope", fixed by
   * inviting the bot); a private one is invisible to a non-member: `channel_not_found`.
   */
  readonly channelsWithoutBot = new Map<string, "public" | "private">();
  private readonly queued = new Map<string, { answer: CannedAnswer; when?: ArgsMatch }[]>();
  private readonly postLimit: TokenBuckets | undefined;
  private readonly historyLimit: TokenBuckets | undefined;

  constructor(
    private readonly socketUrl: () => string,
    options: FakeWebApiOptions = {},
  ) {
    this.channels = new FakeChannels(options.clock);
    this.postLimit = buckets(options.postRateLimit ?? DEFAULT_POST_RATE_LIMIT, options.rateClock);
    this.historyLimit = buckets(
      options.historyRateLimit ?? DEFAULT_HISTORY_RATE_LIMIT,
      options.rateClock,
    );
  }

  /**
   * The next call of `method` (whose arguments satisfy `when`, if given: a fault meant for one
   * message is not taken by another the bot happens to send first) gets `answer` instead of the
   * normal one.
   */
  answerNext(method: string, answer: CannedAnswer, when?: ArgsMatch): void {
    const queue = this.queued.get(method) ?? [];
    queue.push({ answer, when });
    this.queued.set(method, queue);
  }

  rateLimitNext(method: string, retryAfterSeconds: number, when?: ArgsMatch): void {
    this.answerNext(method, tooManyRequests(retryAfterSeconds), when);
  }

  failNext(method: string, error: string, when?: ArgsMatch): void {
    this.answerNext(method, { status: 200, body: { ok: false, error } }, when);
  }

  callsTo(method: string): WebApiCall[] {
    return this.calls.items.filter((call) => call.method === method);
  }

  /** Every call answered with a 429 (of `method`, when given): queued ones and over the limit. */
  rateLimited(method?: string): WebApiCall[] {
    return this.calls.items.filter(
      (call) => call.status === 429 && (method === undefined || call.method === method),
    );
  }

  /** A channel's messages in the order they were posted, as they are now. */
  messages(channel: string) {
    return this.channels.messages(channel);
  }

  /** The `nth` (1: the first) call of `method` that `match` accepts, past or future. */
  waitForCall(
    method: string,
    match: (call: WebApiCall) => boolean = () => true,
    nth = 1,
  ): Promise<WebApiCall> {
    const matching = (call: WebApiCall) => call.method === method && match(call);
    return this.calls.waitFor(
      (call) => matching(call) && this.calls.items.filter(matching).indexOf(call) === nth - 1,
      `call ${nth} of ${method}`,
    );
  }

  /**
   * Calls of these methods take effect but get no answer until the fake closes: the bot dies
   * (a test kills it) while Slack has done what it asked.
   */
  readonly holdAnswersOf = new Set<string>();
  private readonly held: ServerResponse[] = [];

  /** Ends every held request (the fake is closing). */
  releaseHeld(): void {
    for (const response of this.held.splice(0)) response.destroy();
  }

  handle(method: string, request: IncomingMessage, response: ServerResponse, raw: string): void {
    const args = parseArguments(raw, request.headers["content-type"]);
    const answer = this.answer(method, args);
    const retryAfter = answer.headers?.["retry-after"];
    this.calls.add({
      method,
      args,
      authorization: request.headers.authorization,
      at: performance.now(),
      status: answer.status,
      ...errorOf(answer),
      ...(answer.status === 429 && retryAfter ? { retryAfter: Number(retryAfter) } : {}),
    });
    if (this.holdAnswersOf.has(method)) {
      // Done, but the answer is lost on the way back: what a crash mid-request looks like.
      this.held.push(response);
      return;
    }
    const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      "content-type": typeof answer.body === "string" ? "text/html" : "application/json",
      ...this.scopeHeader(),
      ...answer.headers,
    });
    response.end(body);
  }

  /** Slack's own answers carry the token's scopes; a revoked token or an outage page does not. */
  private scopeHeader(): Record<string, string> {
    if (this.down || this.tokenRevoked || this.grantedScopes === undefined) return {};
    return { "x-oauth-scopes": this.grantedScopes.join(",") };
  }

  private answer(method: string, args: Record<string, unknown>): CannedAnswer {
    if (this.down) return { status: 503, body: "<html><body>Service Unavailable</body></html>" };
    const queue = this.queued.get(method) ?? [];
    const next = queue.findIndex(({ when }) => when === undefined || when(args));
    const [queued] = next >= 0 ? queue.splice(next, 1) : [];
    if (queued?.answer.tookEffect) this.normalAnswer(method, args);
    if (queued) return queued.answer;
    if (this.tokenRevoked) return failure("token_revoked");
    const outside = this.channelsWithoutBot.get(String(args.channel ?? ""));
    if (outside && CHANNEL_MEMBER_METHODS.has(method)) {
      return failure(outside === "public" ? "not_in_channel" : "channel_not_found");
    }
    const waitMs = this.rateLimitWait(method, args);
    if (waitMs !== undefined) return tooManyRequests(retryAfterSeconds(waitMs));
    return this.normalAnswer(method, args);
  }

  /** How long until a call over its method's limit would pass; undefined when it passes now. */
  private rateLimitWait(method: string, args: Record<string, unknown>): number | undefined {
    // Posting is limited per channel; Tier 3 "per API method per workspace/team per app", and
    // the fake is one workspace with one app.
    if (method === "chat.postMessage") return this.postLimit?.take(String(args.channel ?? ""));
    if (method === "conversations.history") return this.historyLimit?.take(method);
    return undefined;
  }

  private normalAnswer(method: string, args: Record<string, unknown>): CannedAnswer {
    switch (method) {
      case "auth.test":
        return ok({
          url: "https://fake.slack.test/",
          team: FAKE_TEAM.name,
          team_id: FAKE_TEAM.id,
          user: FAKE_BOT.name,
          user_id: FAKE_BOT.userId,
          bot_id: FAKE_BOT.botId,
        });
      case "chat.postMessage":
        return this.postMessage(args);
      case "chat.update":
        return this.update(args);
      case "conversations.history":
        return this.history(args);
      case "chat.postEphemeral":
        return this.postEphemeral(args);
      case "views.open":
        return openView(args);
      case "apps.connections.open":
        return ok({ url: this.socketUrl() });
      case "files.upload":
        // Retired for every app on November 12, 2025 (files.ts).
        return failure("method_deprecated");
      case "files.getUploadURLExternal":
        return this.scoped(FILES_SCOPE, () => this.files.getUploadUrl(args, this.origin));
      case "files.completeUploadExternal":
        return this.scoped(FILES_SCOPE, () =>
          this.files.complete(args, (id) => !this.channelsWithoutBot.has(id)),
        );
      case "conversations.open":
        return this.scoped(IM_SCOPE, () => openDirectMessages(args));
      case "chat.getPermalink":
        return this.permalink(args);
      case "users.info":
        return this.scoped(USERS_SCOPE, () => this.members.info(args));
      default:
        return failure("unknown_method");
    }
  }

  /**
   * A method that needs `scope` (the files methods files:write, conversations.open im:write,
   * users.info users:read):
   * without it Slack answers `missing_scope`, naming what was needed and what was granted.
   */
  private scoped(scope: string, answer: () => Record<string, unknown>): CannedAnswer {
    if (this.grantedScopes !== undefined && !this.grantedScopes.includes(scope)) {
      return {
        status: 200,
        body: {
          ok: false,
          error: "missing_scope",
          needed: scope,
          provided: this.grantedScopes.join(","),
        },
      };
    }
    return { status: 200, body: answer() };
  }

  private postMessage(args: Record<string, unknown>): CannedAnswer {
    const parsed = messageArgumentsSchema.safeParse(args);
    if (!parsed.success) return failure(argumentError(parsed.error));
    const { channel } = parsed.data;
    const content = contentOf(parsed.data);
    if (!channel) return failure("channel_not_found");
    if (!content.text && !content.blocks?.length) return failure("no_text");
    const message = this.channels.post(channel, content);
    // Slack echoes the message; the metadata is read back through conversations.history.
    const { metadata: _metadata, ...echoed } = message;
    return ok({ channel, ts: message.ts, message: echoed });
  }

  /** Shown to one user and not kept: only its blocks are checked. */
  private postEphemeral(args: Record<string, unknown>): CannedAnswer {
    const parsed = messageArgumentsSchema.safeParse(args);
    if (!parsed.success) return failure(argumentError(parsed.error));
    return ok({ message_ts: this.channels.nextTs() });
  }

  private update(args: Record<string, unknown>): CannedAnswer {
    const parsed = messageArgumentsSchema.extend({ ts: z.string() }).safeParse(args);
    if (!parsed.success) return failure(argumentError(parsed.error));
    const { channel, ts } = parsed.data;
    if (!channel) return failure("channel_not_found");
    const outcome = this.channels.update(channel, ts, contentOf(parsed.data));
    if (!outcome.ok) return failure(outcome.error);
    return ok({ channel, ts, text: outcome.message.text, message: outcome.message });
  }

  /**
   * chat.getPermalink (https://api.slack.com/methods/chat.getPermalink): `channel` and
   * `message_ts` are required; it answers `{ok, channel, permalink}` for a message that exists,
   * `message_not_found` for a ts with no message (`channel_not_found` for an unknown channel).
   * No scope is required of it: its published description lists none (`"scopes": {}` in
   * https://hex.pm/packages/slack_kit/1.0.0-alpha.0/files/priv/docs/methods/chat.getPermalink.json),
   * so the fake asks for none. The permalink has Slack's form, on the fake's workspace URL:
   * `<workspace url>archives/<channel>/p<ts without its dot>`.
   */
  private permalink(args: Record<string, unknown>): CannedAnswer {
    const parsed = z.object({ channel: z.string(), message_ts: z.string() }).safeParse(args);
    if (!parsed.success) return failure(argumentError(parsed.error));
    const { channel, message_ts } = parsed.data;
    // Every channel exists in this fake (as for chat.postMessage): a ts it never gave is
    // message_not_found.
    if (!this.channels.find(channel, message_ts)) return failure("message_not_found");
    return ok({
      channel,
      permalink: `https://fake.slack.test/archives/${channel}/p${message_ts.replace(".", "")}`,
    });
  }

  private history(args: Record<string, unknown>): CannedAnswer {
    const parsed = historyArgumentsSchema.safeParse(args);
    if (!parsed.success) return failure(argumentError(parsed.error));
    const { channel, include_all_metadata, ...query } = parsed.data;
    if (!channel) return failure("channel_not_found");
    const page = this.channels.history(channel, {
      ...query,
      includeMetadata: include_all_metadata,
    });
    if (!page.ok) return failure(page.error);
    const { messages, has_more, next_cursor } = page;
    return ok({ messages, has_more, response_metadata: { next_cursor } });
  }
}

/** views.open: a modal breaking Block Kit's limits is refused, each problem named (blocks.ts). */
function openView(args: Record<string, unknown>): CannedAnswer {
  const problems = viewProblems(args.view);
  if (problems.length > 0) {
    return {
      status: 200,
      body: { ok: false, error: "invalid_arguments", response_metadata: { messages: problems } },
    };
  }
  return ok({ view: { id: "V0FAKE" } });
}

/**
 * conversations.open with one user "creates a 1:1 DM" or resumes it, and answers its channel
 * (https://docs.slack.dev/reference/methods/conversations.open/): the same id for the same user.
 * Opening one with nobody is refused; the bot never asks for a group DM.
 */
function openDirectMessages(args: Record<string, unknown>): Record<string, unknown> {
  const users = typeof args.users === "string" ? args.users.split(",").filter(Boolean) : [];
  const [user] = users;
  if (users.length !== 1 || !user) return { ok: false, error: "invalid_arguments" };
  return { ok: true, channel: { id: `D${user}` } };
}

/** Methods a bot token may use only in channels the bot is in. */
const CHANNEL_MEMBER_METHODS = new Set([
  "conversations.history",
  "chat.postMessage",
  "chat.update",
]);

/** Form fields arrive as strings: `true`, `1`; JSON bodies as booleans. */
const flag = z
  .union([z.boolean(), z.string().transform((text) => text === "true" || text === "1")])
  .default(false);

const metadataSchema = z.union([
  z.object({ event_type: z.string().min(1), event_payload: z.record(z.string(), z.unknown()) }),
  // An empty object: "to remove previous metadata" (chat.update).
  z.strictObject({}),
]);

const messageArgumentsSchema = z
  .object({
    channel: z.string().optional(),
    text: z.string().optional(),
    blocks: blocksSchema.optional(),
    metadata: metadataSchema.optional(),
  })
  .loose();

/** What a message call asks for, without the fields it left out (which chat.update keeps). */
function contentOf(args: z.infer<typeof messageArgumentsSchema>): MessageContent {
  return {
    ...(args.text !== undefined ? { text: args.text } : {}),
    ...(args.blocks !== undefined ? { blocks: args.blocks } : {}),
    ...(args.metadata !== undefined ? { metadata: args.metadata } : {}),
  };
}

const historyArgumentsSchema = z
  .object({
    channel: z.string().optional(),
    limit: z.coerce.number().int().optional(),
    include_all_metadata: flag,
    // Timestamps arrive as strings from a form, as numbers from JSON; history-page.ts reads them.
    oldest: z.coerce.string().optional(),
    latest: z.coerce.string().optional(),
    inclusive: flag,
    cursor: z.string().optional(),
  })
  .loose();

/** Slack's error for arguments it cannot read, named after the first bad one. */
function argumentError(error: z.ZodError): string {
  const [issue] = error.issues;
  const [field, block] = issue?.path ?? [];
  if (field === "metadata") return "invalid_metadata_format";
  // A list that is not one is unreadable; a list too long, or a block breaking a limit, invalid.
  if (field === "blocks") {
    return block === undefined && issue?.code === "invalid_type"
      ? "invalid_blocks_format"
      : "invalid_blocks";
  }
  return "invalid_arguments";
}

function buckets(limit: RateLimit | false, clock?: () => number): TokenBuckets | undefined {
  return limit === false ? undefined : new TokenBuckets(limit, clock);
}

function errorOf(answer: CannedAnswer): { error?: string } {
  const parsed = z.object({ ok: z.literal(false), error: z.string() }).safeParse(answer.body);
  return parsed.success ? { error: parsed.data.error } : {};
}

function ok(body: Record<string, unknown>): CannedAnswer {
  return { status: 200, body: { ok: true, ...body } };
}

function failure(error: string): CannedAnswer {
  return { status: 200, body: { ok: false, error } };
}

function tooManyRequests(retryAfterSeconds: number): CannedAnswer {
  return {
    status: 429,
    body: { ok: false, error: "ratelimited" },
    headers: { "retry-after": String(retryAfterSeconds) },
  };
}

/** The Web API client sends form fields, with objects (blocks, views) as JSON strings. */
function parseArguments(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (contentType?.includes("application/json")) return JSON.parse(raw || "{}");
  const args: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    args[name] = /^[[{]/.test(value) ? tryJson(value) : value;
  }
  return args;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
