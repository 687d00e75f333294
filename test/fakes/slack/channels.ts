// The fake's channels: the messages the bot posted (and any a test adds as a person), kept per
// channel so chat.update can change them and conversations.history can read them back, with
// the rules Slack documents for both:
// - chat.update (https://docs.slack.dev/reference/methods/chat.update): "If you don't include
//   blocks, the message's previous blocks will only be retained if the text argument is not
//   provided"; an empty blocks array removes them; metadata not given is retained, an empty
//   object removes it; only the poster's own messages can be updated (cant_update_message).
// - conversations.history (https://docs.slack.dev/reference/methods/conversations.history):
//   pages as history-page.ts describes, and message metadata only with `include_all_metadata`
//   ("Return all metadata associated with this message").
// A message's ts is when it was posted, as Slack's is ("seconds.micros" since the epoch, unique
// in its channel), so that `oldest` and `latest` find what was posted in a span of time.
import { type HistoryPageOutcome, type HistoryQuery, historyPage, tsOf } from "./history-page.js";
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

export class FakeChannels {
  private readonly byChannel = new Map<string, FakeMessage[]>();
  /** Microseconds since the epoch of the last ts given: unique across channels, increasing. */
  private lastMicros = 0;

  /** `now`: the clock messages are dated by (epoch ms). */
  constructor(private readonly now: () => number = Date.now) {}

  /** A new timestamp, `seconds.micros` like Slack's: now, or just after the last one. */
  nextTs(): string {
    this.lastMicros = Math.max(this.now() * 1000, this.lastMicros + 1);
    return tsOf(this.lastMicros);
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

  /** A page of `channel`'s messages, newest first, with metadata only when `includeMetadata`. */
  history(
    channel: string,
    query: HistoryQuery & { includeMetadata: boolean },
  ): HistoryPageOutcome<FakeMessage> {
    const newestFirst = [...(this.byChannel.get(channel) ?? [])].reverse();
    const page = historyPage(newestFirst, query);
    if (!page.ok) return page;
    const messages = page.messages.map((message) => {
      const shown = copy(message);
      if (!query.includeMetadata) delete shown.metadata;
      return shown;
    });
    return { ...page, messages };
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
