// The fake's REST routes: only what discord.js calls for this bot. Answers follow Discord's:
// an interaction must be answered once, within its window, before its webhook can be used;
// the first follow-up after a deferral resolves the loading message (see followUp below);
// an invalid command set is refused whole; an unknown route or id is a 404 with a JSON code.
import { z } from "zod";
import {
  type ChannelMessageState,
  createChannelMessage,
  editChannelMessage,
  getChannelMessage,
} from "./channel-messages.js";
import { type CommandShape, checkCommands } from "./command-check.js";
import { messageComponentsSchema } from "./components.js";
import type { FakeGuildAccess } from "./guild-access.js";
import {
  type FakeMessage,
  type MessageBody,
  messagePayload,
  snowflake,
  userPayload,
} from "./payloads.js";

export interface RouteAnswer {
  status: number;
  body?: unknown;
}

export interface PendingInteraction {
  id: string;
  token: string;
  channelId: string;
  dispatchedAt: number;
  /** The callback type it was answered with, once answered. */
  answeredWith?: number;
  /** For component interactions: the message the button is on, which @original then means. */
  sourceMessageId?: string;
  /** The messages its answers created, in order: the reply, then each new follow-up. */
  answerIds: string[];
}

export type RegisteredCommand = CommandShape & { id: string };

export interface RestState extends ChannelMessageState {
  applicationId: string;
  guildId: string;
  gatewayUrl: () => string;
  commands: RegisteredCommand[];
  interactions: Map<string, PendingInteraction>;
  /** Discord's 3 s: a callback later than this is refused as an unknown interaction. */
  interactionWindowMs: number;
  /** The bot's roles and the channels' overwrites (guild-access.ts); absent: none of those routes. */
  access?: FakeGuildAccess;
}

/**
 * Message flags Discord sets itself: EPHEMERAL (only the invoker sees the message) and LOADING
 * ("this message is an Interaction Response and the bot is 'thinking'"), which a deferred reply
 * carries until an edit or the first follow-up resolves it.
 */
const FLAG = { ephemeral: 1 << 6, loading: 1 << 7 } as const;

const CALLBACK = {
  message: 4,
  deferredMessage: 5,
  deferredUpdate: 6,
  update: 7,
  autocomplete: 8,
  modal: 9,
} as const;

const callbackSchema = z.object({
  type: z.number(),
  data: z.record(z.string(), z.unknown()).optional(),
});
const messageBodySchema = z
  .object({
    content: z.string().optional(),
    embeds: z.array(z.unknown()).optional(),
    components: messageComponentsSchema.optional(),
    flags: z.number().optional(),
  })
  .loose();

const notFound = (code: number, message: string): RouteAnswer => ({
  status: 404,
  body: { code, message },
});

type Handler = (
  state: RestState,
  params: string[],
  body: unknown,
  query: URLSearchParams,
) => RouteAnswer;

const ROUTES: [method: string, path: RegExp, handler: Handler][] = [
  ["GET", /^\/gateway\/bot$/, (state) => gatewayBot(state)],
  [
    "GET",
    /^\/applications\/[^/]+\/guilds\/[^/]+\/commands$/,
    (state, _, __, query) => ({
      status: 200,
      body: state.commands.map((c) =>
        discordView(c, state, query.get("with_localizations") === "true"),
      ),
    }),
  ],
  [
    "PUT",
    /^\/applications\/[^/]+\/guilds\/[^/]+\/commands$/,
    (state, _, body) => putCommands(state, body),
  ],
  [
    "POST",
    /^\/interactions\/[^/]+\/([^/]+)\/callback$/,
    (state, [token], body) => callback(state, token ?? "", body),
  ],
  [
    "POST",
    /^\/webhooks\/[^/]+\/([^/]+)$/,
    (state, [token], body) => followUp(state, token ?? "", body),
  ],
  [
    "PATCH",
    /^\/webhooks\/[^/]+\/([^/]+)\/messages\/([^/]+)$/,
    (state, [token, which], body) => editMessage(state, token ?? "", which ?? "", body),
  ],
  [
    "DELETE",
    /^\/webhooks\/[^/]+\/([^/]+)\/messages\/([^/]+)$/,
    (state, [token, which]) => deleteMessage(state, token ?? "", which ?? ""),
  ],
  ["GET", /^\/channels\/([^/]+)$/, (state, [id]) => channel(state, id ?? "")],
  ["GET", /^\/users\/@me$/, (state) => ({ status: 200, body: currentUser(state) })],
  ["GET", /^\/applications\/@me$/, (state) => currentApplication(state)],
  [
    "GET",
    /^\/guilds\/([^/]+)\/members\/([^/]+)$/,
    (state, [guild, user]) => guildMember(state, guild ?? "", user ?? ""),
  ],
  ["GET", /^\/guilds\/([^/]+)\/roles$/, (state, [guild]) => guildRoles(state, guild ?? "")],
  [
    "POST",
    /^\/channels\/([^/]+)\/messages$/,
    (state, [id], body) => createChannelMessage(state, id ?? "", body),
  ],
  [
    "GET",
    /^\/channels\/([^/]+)\/messages\/([^/]+)$/,
    (state, [id, message]) => getChannelMessage(state, id ?? "", message ?? ""),
  ],
  [
    "PATCH",
    /^\/channels\/([^/]+)\/messages\/([^/]+)$/,
    (state, [id, message], body) => editChannelMessage(state, id ?? "", message ?? "", body),
  ],
];

export function route(
  state: RestState,
  method: string,
  path: string,
  body: unknown,
  query: URLSearchParams = new URLSearchParams(),
): RouteAnswer {
  for (const [routeMethod, pattern, handler] of ROUTES) {
    const match = routeMethod === method ? pattern.exec(path) : null;
    if (match) return handler(state, match.slice(1), body, query);
  }
  return notFound(0, `404: Not Found (${method} ${path})`);
}

function gatewayBot(state: RestState): RouteAnswer {
  return {
    status: 200,
    body: {
      url: state.gatewayUrl(),
      shards: 1,
      session_start_limit: {
        total: 1000,
        remaining: 999,
        reset_after: 86_400_000,
        max_concurrency: 1,
      },
    },
  };
}

/** What GET returns: what was sent plus Discord's own fields, so comparisons must normalise. */
/**
 * A registered command as Discord lists it. Its localization dictionaries (`name_localizations`,
 * `description_localizations`, on the command, its options and their choices) only with
 * `?with_localizations=true`; otherwise Discord gives "the name_localized and
 * description_localized fields" instead, in the requester's locale, which a bot has none of
 * (https://discord.com/developers/docs/interactions/application-commands#get-guild-application-commands).
 */
function discordView(command: RegisteredCommand, state: RestState, withLocalizations = false) {
  const shown = withLocalizations ? command : withoutLocalizations(command);
  return {
    ...shown,
    type: command.type ?? 1,
    application_id: state.applicationId,
    guild_id: state.guildId,
    version: snowflake(),
    default_member_permissions: command.default_member_permissions ?? null,
    nsfw: false,
    ...(withLocalizations
      ? {
          name_localizations: command.name_localizations ?? null,
          description_localizations: command.description_localizations ?? null,
        }
      : {}),
  };
}

/** `value` with every localization dictionary left out, at any depth. */
function withoutLocalizations<Value>(value: Value): Value {
  if (Array.isArray(value)) return value.map(withoutLocalizations) as Value;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "name_localizations" && key !== "description_localizations")
      .map(([key, inner]) => [key, withoutLocalizations(inner)]),
  ) as Value;
}

function putCommands(state: RestState, body: unknown): RouteAnswer {
  const { commands, problems } = checkCommands(body);
  if (problems.length > 0) {
    return { status: 400, body: { code: 50035, message: "Invalid Form Body", errors: problems } };
  }
  // Discord keeps a command's id when a command of that name is overwritten.
  const ids = new Map(state.commands.map((command) => [command.name, command.id]));
  state.commands = commands.map((command) => ({
    ...command,
    id: ids.get(command.name) ?? snowflake(),
  }));
  return { status: 200, body: state.commands.map((c) => discordView(c, state)) };
}

function callback(state: RestState, token: string, body: unknown): RouteAnswer {
  const interaction = state.interactions.get(token);
  if (!interaction || Date.now() - interaction.dispatchedAt > state.interactionWindowMs) {
    return notFound(10062, "Unknown interaction");
  }
  if (interaction.answeredWith !== undefined) {
    return {
      status: 400,
      body: { code: 40060, message: "Interaction has already been acknowledged." },
    };
  }
  const parsed = callbackSchema.parse(body);
  // A refused body (a custom_id too long) never gets here: the interaction stays unanswered.
  const data = parsed.type === CALLBACK.modal ? {} : messageBodySchema.parse(parsed.data ?? {});
  interaction.answeredWith = parsed.type;
  if (parsed.type === CALLBACK.message || parsed.type === CALLBACK.deferredMessage) {
    // A deferral shows "… is thinking" to the audience it chose, and only its ephemeral flag
    // counts: that audience is fixed for the life of the message.
    const flags =
      parsed.type === CALLBACK.deferredMessage
        ? ((data.flags ?? 0) & FLAG.ephemeral) | FLAG.loading
        : data.flags;
    const message = messagePayload(snowflake(), interaction.channelId, state.bot, {
      ...data,
      flags,
    });
    state.messages.set(message.id, message);
    interaction.sourceMessageId = message.id;
    interaction.answerIds.push(message.id);
  }
  // UPDATE_MESSAGE: a component's answer that edits the message the component is on.
  const source =
    interaction.sourceMessageId === undefined
      ? undefined
      : state.messages.get(interaction.sourceMessageId);
  if (parsed.type === CALLBACK.update && source) {
    state.messages.set(source.id, edited(source, data));
  }
  return { status: 204 };
}

/**
 * What an edit leaves: the fields sent replace the old ones; the flags cannot change (an
 * existing message's ephemeral state is fixed), except that a loading message is now resolved.
 */
function edited(existing: FakeMessage, edit: MessageBody): FakeMessage {
  return {
    ...existing,
    ...edit,
    flags: existing.flags & ~FLAG.loading,
    edited_timestamp: new Date().toISOString(),
  };
}

function answered(state: RestState, token: string): PendingInteraction | undefined {
  const interaction = state.interactions.get(token);
  const usable = [
    CALLBACK.message,
    CALLBACK.deferredMessage,
    CALLBACK.deferredUpdate,
    CALLBACK.update,
  ];
  return interaction && usable.some((type) => type === interaction.answeredWith)
    ? interaction
    : undefined;
}

/**
 * Create Followup Message. Right after a DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE (type 5) callback,
 * while the deferred reply is still loading, Discord creates no message: the follow-up "will
 * function as Edit Original Interaction Response for backwards compatibility. In this case, no
 * new message will be created, and the loading message will be edited instead. The ephemeral
 * flag will be ignored, and the value you provided in the initial defer response will be
 * preserved" (https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message,
 * worded in discord/discord-api-docs#7091; a Discord engineer in discord/discord-api-docs#2742:
 * "If you send a followup without resolving the loading state, we interpret your followup as you
 * resolving the loading state"). discord.js users met it as a follow-up whose ephemeral flag was
 * ignored after deferReply (discordjs/discord.js#5702), either way round: "followUp directly
 * after a deferReply has the same effect as editReply" (discordjs/discord.js#6465). So a private
 * follow-up to a public deferral, then deleteReply, shows the channel a message and deletes it.
 * Once the loading message is resolved (edited, or answered this way) or deleted, a follow-up is
 * a new message with its own flags. A deferred update (type 6) has no loading message of its own.
 */
function followUp(state: RestState, token: string, body: unknown): RouteAnswer {
  const interaction = answered(state, token);
  if (!interaction) return notFound(10015, "Unknown Webhook");
  const loading = loadingReply(state, interaction);
  if (loading) {
    const resolved = edited(loading, messageBodySchema.parse(body));
    state.messages.set(resolved.id, resolved);
    return { status: 200, body: resolved };
  }
  const message = messagePayload(
    snowflake(),
    interaction.channelId,
    state.bot,
    messageBodySchema.parse(body),
  );
  state.messages.set(message.id, message);
  interaction.answerIds.push(message.id);
  return { status: 200, body: message };
}

/** The deferred reply of a type-5 callback, while it still shows "… is thinking". */
function loadingReply(state: RestState, interaction: PendingInteraction): FakeMessage | undefined {
  if (interaction.answeredWith !== CALLBACK.deferredMessage) return undefined;
  const id = interaction.sourceMessageId;
  const original = id === undefined ? undefined : state.messages.get(id);
  return original && (original.flags & FLAG.loading) !== 0 ? original : undefined;
}

function editMessage(state: RestState, token: string, which: string, body: unknown): RouteAnswer {
  const interaction = answered(state, token);
  if (!interaction) return notFound(10015, "Unknown Webhook");
  const id = which === "@original" ? interaction.sourceMessageId : which;
  const existing = id === undefined ? undefined : state.messages.get(id);
  if (!existing) return notFound(10008, "Unknown Message");
  const updated = edited(existing, messageBodySchema.parse(body));
  state.messages.set(existing.id, updated);
  return { status: 200, body: updated };
}

function deleteMessage(state: RestState, token: string, which: string): RouteAnswer {
  const interaction = answered(state, token);
  if (!interaction) return notFound(10015, "Unknown Webhook");
  const id = which === "@original" ? interaction.sourceMessageId : which;
  if (id === undefined || !state.messages.delete(id)) return notFound(10008, "Unknown Message");
  return { status: 204 };
}

function channel(state: RestState, id: string): RouteAnswer {
  const known = state.channels.get(id);
  if (!known) return notFound(10003, "Unknown Channel");
  return {
    status: 200,
    body: {
      id,
      type: 0,
      name: known.name,
      guild_id: state.guildId,
      position: 0,
      permission_overwrites: state.access?.overwritesOf(id) ?? [],
    },
  };
}

/** Get Current User: the bot, as its token says. */
function currentUser(state: RestState) {
  return { ...userPayload(state.bot, true), verified: true, mfa_enabled: false, flags: 0 };
}

/** Get Current Application: the application whose bot the token is. */
function currentApplication(state: RestState): RouteAnswer {
  return {
    status: 200,
    body: {
      id: state.applicationId,
      name: state.bot.username,
      icon: null,
      description: "",
      bot_public: false,
      bot_require_code_grant: false,
      flags: 0,
      bot: userPayload(state.bot, true),
    },
  };
}

/**
 * Get Guild Member: only the bot itself is known to the fake's REST side. A guild the bot is not
 * in answers 404 Unknown Guild here (Discord may say 403 Missing Access instead; the doctor reads
 * both alike); a user not in it, 404 Unknown Member.
 */
function guildMember(state: RestState, guildId: string, userId: string): RouteAnswer {
  if (guildId !== state.guildId || !state.access?.botInGuild) {
    return notFound(10004, "Unknown Guild");
  }
  if (userId !== state.bot.id) return notFound(10007, "Unknown Member");
  return { status: 200, body: state.access.botMember() };
}

function guildRoles(state: RestState, guildId: string): RouteAnswer {
  if (guildId !== state.guildId || !state.access?.botInGuild) {
    return notFound(10004, "Unknown Guild");
  }
  return { status: 200, body: state.access.roles() };
}
