// The JSON shapes Discord sends, reduced to what discord.js reads: users, members, the guild in
// GUILD_CREATE, messages returned by REST, and interactions of each type.
import { randomBytes } from "node:crypto";
import type { DiscordLocale } from "./locales.js";

export interface FakeUser {
  id: string;
  username: string;
  /** Shown as the member's display name when set (guild nickname). */
  nick?: string;
  roles: string[];
  /** The language the member's Discord client is set to; "en-US" unless a test says. */
  locale?: DiscordLocale;
}

export interface FakeGuild {
  id: string;
  name: string;
  channels: { id: string; name: string }[];
  roles: { id: string; name: string }[];
  /** The server's preferred language (Server Settings); Discord's default is "en-US". */
  preferredLocale: DiscordLocale;
}

const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;
/**
 * Ids made as Discord makes them, from the time: discord.js reads an interaction's creation
 * time (and so its token's expiry) from its id.
 */
export function snowflake(): string {
  increment = (increment + 1n) % 4096n;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | increment).toString();
}

export function interactionToken(): string {
  return `fake-interaction-token-${randomBytes(12).toString("hex")}`;
}

export function userPayload(user: Pick<FakeUser, "id" | "username">, bot = false) {
  return {
    id: user.id,
    username: user.username,
    discriminator: "0",
    global_name: null,
    avatar: null,
    ...(bot ? { bot: true } : {}),
  };
}

export function memberPayload(user: FakeUser) {
  return {
    user: userPayload(user),
    nick: user.nick ?? null,
    roles: user.roles,
    joined_at: "2026-01-01T00:00:00.000000+00:00",
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    permissions: "0",
  };
}

export function guildPayload(guild: FakeGuild) {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    owner_id: "1",
    unavailable: false,
    member_count: 3,
    large: false,
    features: [],
    emojis: [],
    stickers: [],
    members: [],
    threads: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    joined_at: "2026-01-01T00:00:00.000000+00:00",
    // "preferred_locale: the preferred locale of a Community guild … defaults to \"en-US\""
    // (https://discord.com/developers/docs/resources/guild#guild-object-guild-structure).
    preferred_locale: guild.preferredLocale,
    channels: guild.channels.map((channel, position) => ({
      id: channel.id,
      type: 0,
      name: channel.name,
      position,
      permission_overwrites: [],
      guild_id: guild.id,
    })),
    roles: [{ id: guild.id, name: "@everyone" }, ...guild.roles].map((role, position) => ({
      ...role,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position,
      permissions: "0",
      managed: false,
      mentionable: false,
      flags: 0,
    })),
  };
}

export interface MessageBody {
  content?: string;
  embeds?: unknown[];
  components?: unknown[];
  flags?: number;
  /** Resolved by uploads.ts from the request's files and `attachments`. */
  attachments?: unknown[];
}

export interface FakeMessage {
  id: string;
  channel_id: string;
  content: string;
  embeds: unknown[];
  components: unknown[];
  flags: number;
  edited_timestamp: string | null;
  [field: string]: unknown;
}

export function messagePayload(
  id: string,
  channelId: string,
  author: { id: string; username: string },
  body: MessageBody,
  extra: Record<string, unknown> = {},
): FakeMessage {
  return {
    id,
    type: 0,
    channel_id: channelId,
    author: userPayload(author, true),
    content: body.content ?? "",
    embeds: body.embeds ?? [],
    components: body.components ?? [],
    attachments: body.attachments ?? [],
    mentions: [],
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
    flags: body.flags ?? 0,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    ...extra,
  };
}

/** What every interaction carries, whatever its type. */
export function interactionBase(options: {
  type: number;
  applicationId: string;
  guildId: string;
  guildLocale: DiscordLocale;
  channelId: string;
  channelName: string;
  user: FakeUser;
}) {
  return {
    id: snowflake(),
    token: interactionToken(),
    type: options.type,
    application_id: options.applicationId,
    version: 1,
    guild_id: options.guildId,
    channel_id: options.channelId,
    channel: {
      id: options.channelId,
      type: 0,
      guild_id: options.guildId,
      name: options.channelName,
    },
    member: memberPayload(options.user),
    app_permissions: "2248473465835073",
    // Interaction Structure: `locale`, "Selected language of the invoking user", on every type
    // but PING; `guild_locale`, "Guild's preferred locale, if invoked in a guild"
    // (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object).
    // The member's client language, not the server's: two moderators of one server can differ.
    locale: options.user.locale ?? "en-US",
    guild_locale: options.guildLocale,
    entitlements: [],
    authorizing_integration_owners: { "0": options.guildId },
    context: 0,
    attachment_size_limit: 10_485_760,
  };
}
