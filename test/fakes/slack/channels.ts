// The fake's channels: the messages the bot posted (and any a test adds as a person), kept per
// channel so chat.update can change them and conversations.history can read them back, with
// the rules Slack documents for both:
// - chat.update (https://docs.slack.dev/reference/methods/chat.update): "If you don't include
//   blocks, the message's previous blocks will only be retained if the text argument is not
//   provided"; an empty blocks array removes them; metadata not given is retained, an empty
//   object removes it; only the poster's own messages can be updated (cant_update_message).
// - conversations.history (https://docs.slack.dev/reference/methods/conversations.history):
//   newest first, `limit` defaulting to 100 (at most 999), and message metadata only with
//   `include_all_metadata` ("Return all metadata associated with this message").
import { FAKE_BOT } from "./identity.js";

export interface MessageMetadata {
  event_type: string;
  event_payload: Record<string, unknown>;
}

/** A message as conversations.history returns it. */
export interface FakeMessage {
  type: "message";
  ts: string;
  /** Who posted it: the bot user, or a person a test added. */
  user: string;
  /** Present on the bot's own messages. */
  bot_id?: string;
  app_id?: string;
  text: string;
  blocks?: unknown[];
  metadata?: MessageMetadata;
}

export interface MessageContent {
  text?: string;
  blocks?: unknown[];
  metadata?: MessageMetadata | Record<string, never>;
}

export type UpdateOutcome =
  | { ok: true; message: FakeMessage }
  | { ok: false; error: "message_not_found" | "cant_update_message" };

export interface HistoryPage {
  messages: FakeMessage[];
  has_more: boolean;
}

export const DEFAULT_HISTORY_LIMIT = 100;
const MAX_HISTORY_LIMIT = 999;

export class FakeChannels {
  private readonly byChannel = new Map<string, FakeMessage[]>();
  /** Unique across channels and increasing, as Slack's are within a channel. */
  private lastTs = 1_700_000_000;

  /** A new timestamp, `seconds.micros` like Slack's. */
  nextTs(): string {
    this.lastTs += 1;
    return `${this.lastTs}.000100`;
  }

  /** Posts as the bot. */
  post(channel: string, content: MessageContent): FakeMessage {
    return this.store(channel, {
      type: "message",
      ts: this.nextTs(),
      user: FAKE_BOT.userId,
      bot_id: FAKE_BOT.botId,
      app_id: FAKE_BOT.appId,
      text: content.text ?? "",
      ...(content.blocks ? { blocks: content.blocks } : {}),
      ...(isMetadata(content.metadata) ? { metadata: content.metadata } : {}),
    });
  }

  /** A message written by a person (`user`), which the bot can read but not update. */
  addUserMessage(channel: string, text: string, user = "U0PERSON"): FakeMessage {
    return this.store(channel, { type: "message", ts: this.nextTs(), user, text });
  }

  update(channel: string, ts: string, content: MessageContent): UpdateOutcome {
    const messages = this.byChannel.get(channel) ?? [];
    const index = messages.findIndex((message) => message.ts === ts);
    const current = messages[index];
    if (!current) return { ok: false, error: "message_not_found" };
    if (current.bot_id !== FAKE_BOT.botId) return { ok: false, error: "cant_update_message" };

    const updated: FakeMessage = { ...current };
    if (content.text !== undefined) updated.text = content.text;
    if (content.blocks !== undefined) {
      if (content.blocks.length > 0) updated.blocks = content.blocks;
      else delete updated.blocks;
    } else if (content.text !== undefined) {
      delete updated.blocks;
    }
    if (content.metadata !== undefined) {
      if (isMetadata(content.metadata)) updated.metadata = content.metadata;
      else delete updated.metadata;
    }
    messages[index] = updated;
    return { ok: true, message: copy(updated) };
  }

  history(channel: string, options: { limit?: number; includeMetadata: boolean }): HistoryPage {
    const limit = Math.min(Math.max(options.limit ?? DEFAULT_HISTORY_LIMIT, 1), MAX_HISTORY_LIMIT);
    const newestFirst = [...(this.byChannel.get(channel) ?? [])].reverse();
    const page = newestFirst.slice(0, limit).map((message) => {
      const shown = copy(message);
      if (!options.includeMetadata) delete shown.metadata;
      return shown;
    });
    return { messages: page, has_more: newestFirst.length > limit };
  }

  /** A channel's messages in the order they were posted, for tests to read. */
  messages(channel: string): FakeMessage[] {
    return (this.byChannel.get(channel) ?? []).map(copy);
  }

  find(channel: string, ts: string): FakeMessage | undefined {
    const found = this.byChannel.get(channel)?.find((message) => message.ts === ts);
    return found ? copy(found) : undefined;
  }

  private store(channel: string, message: FakeMessage): FakeMessage {
    const messages = this.byChannel.get(channel) ?? [];
    messages.push(message);
    this.byChannel.set(channel, messages);
    return copy(message);
  }
}

function isMetadata(value: MessageContent["metadata"]): value is MessageMetadata {
  return value !== undefined && "event_type" in value;
}

/** Tests get copies, so nothing they do changes what the fake holds. */
function copy(message: FakeMessage): FakeMessage {
  return structuredClone(message);
}
