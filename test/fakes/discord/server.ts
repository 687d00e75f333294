// A fake Discord on 127.0.0.1 for running the real discord.js client in tests: REST under
// /api/v10 and the gateway websocket on one port. It records every REST call, dispatches
// interactions as Discord would, refuses what Discord refuses (a body its published schema or
// documented limits refuse, late or double answers, invalid command sets), lets the first
// follow-up after a deferral resolve the loading message as Discord does, holds the messages the
// bot posts to channels (deduplicated by nonce, rate limited per channel with Discord's
// headers), and can fail or drop the connection on demand.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CallLog, type CallMatch, type RecordedCall } from "./calls.js";
import { messagesIn } from "./channel-messages.js";
import { limitRefusals } from "./documented-limits.js";
import { DiscordFaults, type HttpAnswer } from "./faults.js";
import { formErrors, invalidFormBody } from "./form-errors.js";
import { FakeGateway } from "./gateway.js";
import { FakeGuildAccess } from "./guild-access.js";
import {
  autocompleteInteraction,
  buttonInteraction,
  checkedChoice,
  modalSubmitInteraction,
  type OptionValues,
  type SourceMessage,
  selectInteraction,
  slashInteraction,
  unseenMessage,
} from "./interactions.js";
import type { DiscordLocale } from "./locales.js";
import { schemaRefusals } from "./openapi.js";
import { type FakeGuild, type FakeMessage, type FakeUser, snowflake } from "./payloads.js";
import { ChannelRateLimits, DEFAULT_CHANNEL_RATE_LIMIT, type RateLimit } from "./rate-limit.js";
import { type PendingInteraction, type RestState, route } from "./rest.js";
import {
  type FakeAttachment,
  type ReadBody,
  readMultipart,
  resolveAttachments,
  UploadRefused,
} from "./uploads.js";

export type { RecordedCall } from "./calls.js";
export type { FakeMessage, FakeUser } from "./payloads.js";
export type { FakeAttachment } from "./uploads.js";

export interface FakeDiscordOptions {
  token?: string;
  /** Extra text channels besides the one interactions come from. */
  channels?: { id: string; name: string }[];
  roles?: { id: string; name: string }[];
  interactionWindowMs?: number;
  /**
   * Posting and editing messages in one channel, each: default 5 per 5000 ms. Every answer on
   * those routes carries Discord's X-RateLimit-* headers; a request over it gets a 429.
   */
  channelRateLimit?: RateLimit;
  /** How long a nonce sent with enforce_nonce returns its message ("a few minutes"): 180 s. */
  nonceWindowMs?: number;
  /** The server's preferred language, sent as each interaction's `guild_locale`: "en-US". */
  preferredLocale?: DiscordLocale;
}

/** What a test holds after dispatching an interaction: its answers, as they arrive. */
export interface SentInteraction {
  id: string;
  token: string;
  /** The first answer: POST /interactions/:id/:token/callback. */
  callback(): Promise<RecordedCall>;
  /** The next edit of the original response after `afterSeq`. */
  edit(afterSeq?: number): Promise<RecordedCall>;
  /**
   * The next POST to the interaction's webhook after `afterSeq`. Right after a deferred reply
   * Discord applies it to the loading message instead of creating one (rest.ts, followUp).
   */
  followUp(afterSeq?: number): Promise<RecordedCall>;
  /** The first call that answers in the deferred reply's place: an edit or a follow-up. */
  answer(afterSeq?: number): Promise<RecordedCall>;
  deleted(): Promise<RecordedCall>;
  /**
   * The message `@original` is now, as its audience sees it (flag 64: only the invoker); for a
   * button, the message it is on; undefined before the callback or once deleted.
   */
  original(): FakeMessage | undefined;
  /**
   * The messages answering it as Discord holds them now: its reply, then each follow-up that
   * made a new message; deleted ones are gone.
   */
  answers(): FakeMessage[];
  /** Every call made with this interaction's token so far. */
  calls(): RecordedCall[];
}

const API_PREFIX = "/api/v10";

export async function startFakeDiscord(options: FakeDiscordOptions = {}) {
  const token = options.token ?? "fake-bot-token";
  const applicationId = snowflake();
  const bot = { id: applicationId, username: "chatwarden" };
  const channelId = snowflake();
  const guild: FakeGuild = {
    id: snowflake(),
    name: "Fake Game Moderation",
    channels: [{ id: channelId, name: "moderation" }, ...(options.channels ?? [])],
    roles: options.roles ?? [],
    preferredLocale: options.preferredLocale ?? "en-US",
  };
  const log = new CallLog();
  const faults = new DiscordFaults();
  let origin = "";
  const gatewayUrl = () => `${origin.replace("http", "ws")}/gateway`;
  const access = new FakeGuildAccess(guild, bot);
  const state: RestState = {
    access,
    applicationId,
    guildId: guild.id,
    gatewayUrl,
    bot,
    channels: new Map(guild.channels.map((channel) => [channel.id, channel])),
    commands: [],
    interactions: new Map(),
    messages: new Map(),
    nonces: new Map(),
    nonceWindowMs: options.nonceWindowMs ?? 180_000,
    interactionWindowMs: options.interactionWindowMs ?? 3000,
  };
  /** The bytes of every file the bot attached, by attachment id. */
  const uploads = new Map<string, { attachment: FakeAttachment; bytes: Uint8Array }>();
  const rateLimits = new ChannelRateLimits(options.channelRateLimit ?? DEFAULT_CHANNEL_RATE_LIMIT);
  const gateway = new FakeGateway({ token, url: gatewayUrl, bot, applicationId, guild });

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  server.on("upgrade", (request, socket, head) => {
    if (request.url?.startsWith("/gateway")) gateway.upgrade(request, socket, head);
    else socket.destroy();
  });

  const holding: {
    matches: ((method: string, path: string) => boolean) | undefined;
    held: ServerResponse[];
  } = { matches: undefined, held: [] };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", origin);
    const method = request.method ?? "GET";
    const path = decodeURIComponent(url.pathname.slice(API_PREFIX.length));
    let read: ReadBody = { payload: undefined, files: [] };
    let answer: HttpAnswer;
    try {
      read = await parseBody(await readBody(request), request.headers["content-type"]);
      answer = answerFor(request, url, method, path, read);
    } catch (error) {
      // A body the fake cannot read is one Discord would refuse too: the test sees a 400 (a
      // file over the size limit, a 413).
      answer =
        error instanceof UploadRefused
          ? json(error.status, error.answer)
          : json(400, { code: 50035, message: `Invalid Form Body (${String(error)})` });
    }
    const files = read.files.map(({ bytes, ...file }) => ({ ...file, size: bytes.length }));
    log.record({
      method,
      path,
      query: url.searchParams,
      body: read.payload,
      ...(files.length > 0 ? { files } : {}),
      status: answer.status,
    });
    if (holding.matches?.(method, path)) {
      // Done, but the answer is lost on the way back: what a crash mid-request looks like.
      holding.held.push(response);
      return;
    }
    response.writeHead(answer.status, answer.body === "" ? {} : answer.headers);
    response.end(answer.body === "" ? undefined : answer.body);
  }

  function answerFor(
    request: IncomingMessage,
    url: URL,
    method: string,
    path: string,
    read: ReadBody,
  ): HttpAnswer {
    const body = read.payload;
    if (!url.pathname.startsWith(API_PREFIX))
      return json(404, { code: 0, message: "404: Not Found" });
    const fault = faults.take(method, path, body);
    if (fault && !fault.afterRoute) return fault;
    const needsAuth = !path.startsWith("/interactions/") && !path.startsWith("/webhooks/");
    if (needsAuth && request.headers.authorization !== `Bot ${token}`) {
      return json(401, { code: 0, message: "401: Unauthorized" });
    }
    const limited = rateLimits.take(method, path);
    if (limited?.refusal) return limited.refusal;
    // What Discord publishes (openapi.ts) and documents (documented-limits.ts) about the body
    // holds before the route runs: a refused body changes nothing, as there.
    const refused = [...schemaRefusals(method, path, body), ...limitRefusals(path, body)];
    if (refused.length > 0) {
      const answer = invalidFormBody(formErrors(refused));
      return json(answer.status, answer.body);
    }
    const resolved = resolveAttachments(read, existingAttachment, keepUpload, origin);
    if (resolved.refused.length > 0) {
      const answer = invalidFormBody(formErrors(resolved.refused));
      return json(answer.status, answer.body);
    }
    const routed = route(state, method, path, resolved.payload, url.searchParams);
    if (fault) return fault;
    const answer = json(routed.status, routed.body);
    return { ...answer, headers: { ...answer.headers, ...limited?.headers } };
  }

  /** An attachment a message already has, which an edit may keep by its id. */
  const existingAttachment = (id: string) => uploads.get(id)?.attachment;
  const keepUpload = (attachment: FakeAttachment, bytes: Uint8Array) =>
    uploads.set(attachment.id, { attachment, bytes });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Interactions come from the moderation channel unless a button is on a message elsewhere. */
  const where = (user: FakeUser, from = channelId) => ({
    applicationId,
    guildId: guild.id,
    guildLocale: guild.preferredLocale,
    channelId: from,
    channelName: state.channels.get(from)?.name ?? "unknown",
    user,
  });

  function send(
    payload: { id: string; token: string; channel_id: string; [field: string]: unknown },
    extra: Partial<PendingInteraction> = {},
  ): SentInteraction {
    state.interactions.set(payload.token, {
      id: payload.id,
      token: payload.token,
      channelId: payload.channel_id,
      dispatchedAt: Date.now(),
      answerIds: [],
      ...extra,
    });
    gateway.dispatch("INTERACTION_CREATE", payload);
    const mine: CallMatch = (call) => call.path.includes(`/${payload.token}`);
    const isEdit: CallMatch = (call) =>
      mine(call) && call.method === "PATCH" && call.path.endsWith("/messages/@original");
    const isFollowUp: CallMatch = (call) =>
      mine(call) && call.method === "POST" && call.path.startsWith("/webhooks/");
    return {
      id: payload.id,
      token: payload.token,
      callback: () => log.waitFor((call) => mine(call) && call.path.endsWith("/callback")),
      edit: (afterSeq) => log.waitFor(isEdit, { afterSeq }),
      followUp: (afterSeq) => log.waitFor(isFollowUp, { afterSeq }),
      answer: (afterSeq) => log.waitFor((call) => isEdit(call) || isFollowUp(call), { afterSeq }),
      deleted: () => log.waitFor((call) => mine(call) && call.method === "DELETE"),
      calls: () => log.filter(mine),
      original: () => {
        const id = state.interactions.get(payload.token)?.sourceMessageId;
        return id === undefined ? undefined : state.messages.get(id);
      },
      answers: () =>
        (state.interactions.get(payload.token)?.answerIds ?? []).flatMap(
          (id) => state.messages.get(id) ?? [],
        ),
    };
  }

  return {
    /** For DISCORD_API_URL: discord.js appends /v10. */
    apiUrl: `${origin}/api`,
    token,
    applicationId,
    guildId: guild.id,
    /** The channel interactions come from. */
    channelId,
    gateway,
    faults,
    /** The bot's role and the channels' overwrites: what it may see and do (guild-access.ts). */
    access,
    calls: log.calls,
    log,
    /** The commands as registered, with their ids. */
    commands: () => state.commands,
    message: (id: string) => state.messages.get(id),
    /** The messages of a channel as its members see them, oldest first. */
    channelMessages: (id: string) => messagesIn(state, id),
    /**
     * From now on, matching requests take effect but get no answer until the fake closes: the
     * bot dies (a test kills it) while Discord has done what it asked. `undefined` stops it.
     */
    holdAnswers(matches: ((method: string, path: string) => boolean) | undefined): void {
      holding.matches = matches;
    },
    /** The bytes of a file attached to a message, as its members would download them. */
    attachmentBytes: (attachmentId: string) => uploads.get(attachmentId)?.bytes,
    /** Someone deletes a message in Discord (a moderator tidying the report channel). */
    deleteMessage: (id: string) => state.messages.delete(id),
    slash: (user: FakeUser, name: string, values: OptionValues = {}) =>
      send(slashInteraction(state.commands, where(user), name, values)),
    autocomplete: (user: FakeUser, name: string, values: OptionValues, focused: string) =>
      send(autocompleteInteraction(state.commands, where(user), name, values, focused)),
    /** Presses a button on `message`: one the fake holds (by id), or one it never saw. */
    button: (user: FakeUser, customId: string, message: SourceMessage = {}) => {
      const held = message.id === undefined ? undefined : state.messages.get(message.id);
      const shown = held ?? unseenMessage({ channelId }, bot, message);
      // Held from now on, so that an answer editing @original edits this message.
      state.messages.set(shown.id, shown);
      const payload = buttonInteraction(where(user, shown.channel_id), customId, shown);
      return send(payload, { sourceMessageId: shown.id });
    },
    /**
     * Chooses `values` in the select `customId` of a message the fake holds: only what the
     * message offers, as a member could (checkedChoice).
     */
    select: (user: FakeUser, customId: string, values: string[], messageId: string) => {
      const shown = state.messages.get(messageId);
      if (!shown) throw new Error(`the fake holds no message ${messageId}`);
      checkedChoice(shown, customId, values);
      const payload = selectInteraction(where(user, shown.channel_id), customId, values, shown);
      return send(payload, { sourceMessageId: shown.id });
    },
    modalSubmit: (user: FakeUser, customId: string, values: Record<string, string>) =>
      send(modalSubmitInteraction(where(user), customId, values)),
    async close(): Promise<void> {
      for (const response of holding.held) response.destroy();
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeDiscord = Awaited<ReturnType<typeof startFakeDiscord>>;

/** A JSON answer; no body at all (as for 204) when `body` is undefined. */
function json(status: number, body: unknown): HttpAnswer {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: body === undefined ? "" : JSON.stringify(body),
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** discord.js sends JSON, and multipart/form-data when a message carries files (uploads.ts). */
async function parseBody(raw: Buffer, contentType: string | undefined): Promise<ReadBody> {
  if (raw.length === 0) return { payload: undefined, files: [] };
  if (contentType?.startsWith("multipart/form-data")) return readMultipart(raw, contentType);
  const text = raw.toString("utf8");
  return {
    payload: contentType?.startsWith("application/json") ? JSON.parse(text) : text,
    files: [],
  };
}
