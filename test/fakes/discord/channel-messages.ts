// Messages the bot posts into a channel itself (the report feed, the audit trail), not as an
// answer to an interaction: create, read and edit, as Discord's "Create Message", "Get Channel
// Message" and "Edit Message" answer them.
//
// Create Message honours `nonce` with `enforce_nonce` as Discord documents it: "If true and nonce
// is present, it will be checked for uniqueness in the past few minutes. If another message was
// created by the same author with the same nonce, that message will be returned and no new
// message will be created." (discord-api-types' RESTPostAPIChannelMessageJSONBody, from
// https://discord.com/developers/docs/resources/message#create-message; introduced in
// discord/discord-api-docs#6647). The nonce is at most 25 characters. Discord does not say how
// long "a few minutes" is, so the window is the fake's option. The check is opt-in: without
// `enforce_nonce` a repeated nonce creates another message. And, as Discord's engineer explained
// in that pull request, a nonce whose message was deleted since is answered 404 Unknown Message
// rather than creating the message again: the flow is meant for a safe retry.
import { z } from "zod";
import { messageComponentsSchema } from "./components.js";
import { formErrors, invalidFormBody } from "./form-errors.js";
import { FAKE_PERMISSION } from "./guild-access.js";
import { mentionsOf } from "./mentions.js";
import { type FakeMessage, messagePayload, snowflake } from "./payloads.js";
import type { RouteAnswer } from "./rest.js";

/** What the channel routes need of the fake's state. */
export interface ChannelMessageState {
  bot: { id: string; username: string };
  channels: Map<string, { id: string; name: string }>;
  messages: Map<string, FakeMessage>;
  /** `${authorId}:${nonce}` → the message it created, and when. */
  nonces: Map<string, { messageId: string; createdAt: number }>;
  nonceWindowMs: number;
  /** The bot's permissions in a channel (guild-access.ts); absent: it may do anything. */
  access?: { botPermissionsIn(channelId: string): bigint };
}

/**
 * Discord's nonce: "up to 25 characters", or an integer. Lengths and counts are checked before
 * the route runs (openapi.ts, documented-limits.ts); this reads what the route needs.
 */
const nonceSchema = z.union([z.string(), z.number().int()]);

const createSchema = z
  .object({
    content: z.string().optional(),
    embeds: z.array(z.unknown()).optional(),
    components: messageComponentsSchema.optional(),
    flags: z.number().optional(),
    nonce: nonceSchema.optional(),
    enforce_nonce: z.boolean().optional(),
  })
  .loose();

/** An edit replaces exactly the fields it sends; `[]` removes every embed or button. */
const editSchema = z
  .object({
    content: z.string().nullable().optional(),
    embeds: z.array(z.unknown()).nullable().optional(),
    components: messageComponentsSchema.nullable().optional(),
  })
  .loose();

const notFound = (code: number, message: string): RouteAnswer => ({
  status: 404,
  body: { code, message },
});

/**
 * A body the route cannot read (the schema let it through): refused as Discord would, the code
 * named after the check, as openapi.ts names those Discord does not document.
 */
function invalidBody(error: z.ZodError): RouteAnswer {
  const refused = error.issues.map((issue) => ({
    path: issue.path.map(String),
    code: `SCHEMA_${issue.code.toUpperCase()}`,
    message: issue.message,
  }));
  return invalidFormBody(formErrors(refused));
}

export function createChannelMessage(
  state: ChannelMessageState,
  channelId: string,
  body: unknown,
  now = Date.now(),
): RouteAnswer {
  if (!state.channels.has(channelId)) return notFound(10003, "Unknown Channel");
  const refused = refusal(state, channelId, FAKE_PERMISSION.sendMessages);
  if (refused) return refused;
  const parsed = createSchema.safeParse(body ?? {});
  if (!parsed.success) return invalidBody(parsed.error);
  const { nonce, enforce_nonce: enforceNonce, allowed_mentions: allowed, ...sent } = parsed.data;
  const mentions = mentionsOf(sent.content, allowed);
  if (!mentions.ok) return invalidFormBody(formErrors([mentions.refused]));
  const key = nonce === undefined ? undefined : `${state.bot.id}:${nonce}`;
  const earlier = key === undefined ? undefined : state.nonces.get(key);
  if (enforceNonce && earlier && now - earlier.createdAt < state.nonceWindowMs) {
    const existing = state.messages.get(earlier.messageId);
    return existing ? { status: 200, body: existing } : notFound(10008, "Unknown Message");
  }
  const message = messagePayload(snowflake(), channelId, state.bot, sent, {
    ...mentions.mentioned,
  });
  state.messages.set(message.id, message);
  if (key !== undefined) state.nonces.set(key, { messageId: message.id, createdAt: now });
  // The nonce is echoed in this answer only: Discord does not store it with the message
  // (Rapptz/discord.py#2451), so a message read back later has none.
  return { status: 200, body: nonce === undefined ? message : { ...message, nonce } };
}

/**
 * Discord's answer when the bot may not do this in the channel: a channel it cannot view is
 * 403 Missing Access (50001: what bots meet posting where they were not let in, e.g.
 * Dragory/modmailbot#517, discord/discord-api-docs#7399); one it can view but lacks `needs` in
 * is 403 Missing Permissions (50013). Create Message needs Send Messages ("If operating on a
 * guild channel, this endpoint requires the SEND_MESSAGES permission", Create Message in
 * https://discord.com/developers/docs/resources/message); editing its own message, only the view.
 */
function refusal(
  state: ChannelMessageState,
  channelId: string,
  needs = 0n,
): RouteAnswer | undefined {
  if (!state.access) return undefined;
  const may = state.access.botPermissionsIn(channelId);
  if (!(may & FAKE_PERMISSION.viewChannel)) {
    return { status: 403, body: { code: 50001, message: "Missing Access" } };
  }
  if ((may & needs) !== needs) {
    return { status: 403, body: { code: 50013, message: "Missing Permissions" } };
  }
  return undefined;
}

function channelMessage(state: ChannelMessageState, channelId: string, messageId: string) {
  if (!state.channels.has(channelId)) return { answer: notFound(10003, "Unknown Channel") };
  const message = state.messages.get(messageId);
  if (!message || message.channel_id !== channelId) {
    return { answer: notFound(10008, "Unknown Message") };
  }
  return { message };
}

export function getChannelMessage(
  state: ChannelMessageState,
  channelId: string,
  messageId: string,
): RouteAnswer {
  const found = channelMessage(state, channelId, messageId);
  return found.message ? { status: 200, body: found.message } : found.answer;
}

export function editChannelMessage(
  state: ChannelMessageState,
  channelId: string,
  messageId: string,
  body: unknown,
): RouteAnswer {
  const found = channelMessage(state, channelId, messageId);
  if (!found.message) return found.answer;
  const refused = refusal(state, channelId);
  if (refused) return refused;
  const parsed = editSchema.safeParse(body ?? {});
  if (!parsed.success) return invalidBody(parsed.error);
  const { content, embeds, components } = parsed.data;
  const updated: FakeMessage = {
    ...found.message,
    ...(content === undefined ? {} : { content: content ?? "" }),
    ...(embeds === undefined ? {} : { embeds: embeds ?? [] }),
    ...(components === undefined ? {} : { components: components ?? [] }),
    edited_timestamp: new Date().toISOString(),
  };
  state.messages.set(updated.id, updated);
  return { status: 200, body: updated };
}

/** A channel's messages as its members see them, oldest first: ephemeral answers are not there. */
export function messagesIn(state: ChannelMessageState, channelId: string): FakeMessage[] {
  return [...state.messages.values()].filter(
    (message) => message.channel_id === channelId && (message.flags & 64) === 0,
  );
}
