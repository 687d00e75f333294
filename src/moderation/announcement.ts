// Announcements: a system message through POST /system_message, which the vendor documents
// although the spec's table does not (chat-v1-samples.md, "One more endpoint"). A channel name
// stands for every channel number of that name (an autoscaled channel grows numbers as players
// come), so the message goes to each number: every player in the channel reads it.
//
// A deployment may not offer the endpoint. Its 404 then reads like the 404 the vendor may give
// for a channel it does not know, and the spec documents neither: so after a 404 the channels are
// read again, and a number still listed means the endpoint is missing, one no longer listed that
// the channel went away meanwhile.
//
// Group and channel names come from the chat API: each is made one inert line in a sentence.
import type { ChatApiClient } from "../chat-api/client.js";
import { echoDifference } from "../chat-api/echo.js";
import { ChatApiError, ChatApiHttpError } from "../chat-api/errors.js";
import type { SystemMessageRequest } from "../chat-api/schemas.js";
import { listInWords } from "../i18n/list-in-words.js";
import { t } from "../i18n/translate.js";
import { inertLine } from "../view/inert-text.js";
import type { View } from "../view/view.js";

/**
 * The longest announcement. The vendor documents no bound; this one keeps the whole text in the
 * question before it is sent on every platform (Discord's embed description, Slack's section of
 * 3,000 characters once `&`, `<` and `>` are written as entities), and is more than a game's
 * chat line usually holds.
 */
export const MAX_ANNOUNCEMENT_LENGTH = 500;

/** Only open channels exist in this API (spec §1: channel type 1). */
const OPEN_CHANNEL = 1;

const SHOWN_NAMES = 10;

export interface Announcement {
  group: string;
  channel: string;
  message: string;
}

/**
 * A view saying why there is nothing to announce to (an unknown group, or a channel the group
 * does not have), or undefined. When the chat API cannot be read, undefined too: the send needs
 * the API as well, and its failure will speak then.
 */
export async function unknownChannel(
  api: ChatApiClient,
  announcement: Announcement,
): Promise<View | undefined> {
  return unknownChannelView(announcement, await channelNames(api, announcement));
}

/** The groups, and the group's channels, as far as the chat API would tell. */
interface ChannelNames {
  groups: readonly string[] | undefined;
  channels: readonly string[] | undefined;
}

async function channelNames(api: ChatApiClient, { group }: Announcement): Promise<ChannelNames> {
  const groups = await api.listChannelGroups().catch(() => undefined);
  if (groups !== undefined && !groups.includes(group)) return { groups, channels: undefined };
  const channels = await api.listChannels(group).catch(() => undefined);
  return { groups, channels: channels?.map((entry) => entry.channel_name) };
}

function unknownChannelView(
  { group, channel }: Announcement,
  { groups, channels }: ChannelNames,
): View | undefined {
  if (groups !== undefined && !groups.includes(group)) {
    return refusal(
      t("announce.noGroup", { group }),
      groups.length === 0 ? t("announce.noGroups") : t("announce.groups", { names: names(groups) }),
    );
  }
  if (channels === undefined || channels.includes(channel)) return undefined;
  const present = [...new Set(channels)];
  return refusal(
    t("announce.noChannel", { channel, group }),
    present.length === 0
      ? t("announce.noChannels", { group: inertLine(group) })
      : t("announce.channels", { group: inertLine(group), names: names(present) }),
  );
}

/** The question before sending: the exact text, and the numbers it goes to when known. */
export function announcementQuestion(
  { group, channel, message }: Announcement,
  numbers?: readonly number[],
): string {
  return numbers === undefined || numbers.length === 0
    ? t("announce.question", { channel, group, message })
    : t("announce.questionNumbers", {
        channel,
        group,
        message,
        count: numbers.length,
        numbers: listInWords(numbers.map(String)),
      });
}

/** The channel's numbers as the chat API lists them now, in order. */
export async function channelNumbers(
  api: ChatApiClient,
  { group, channel }: Pick<Announcement, "group" | "channel">,
): Promise<number[]> {
  const channels = await api.listChannels(group);
  return channels
    .filter((entry) => entry.channel_name === channel)
    .map((entry) => entry.channel_id)
    .sort((a, b) => a - b);
}

interface Sent {
  channel_id: number;
  request: SystemMessageRequest;
  answer: SystemMessageRequest;
}

/** Why one number did not get the message: the chat API's error, or what the 404 meant. */
type Failure =
  | { kind: "refused"; error: ChatApiError }
  | { kind: "no-endpoint"; error: ChatApiError }
  | { kind: "no-longer-listed" };

interface Failed {
  channel_id: number;
  failure: Failure;
}

/**
 * Sends the message to every number of the channel, one after another. A failure of one number
 * does not keep the others from it; the answer says which got it and which did not. Throws the
 * chat API's error when the channels cannot be read, or when the only number fails. The answer
 * is a writer (command.ts HandlerAnswer): the case keeps its words in the team's language.
 */
export async function announce(
  api: ChatApiClient,
  announcement: Announcement,
): Promise<() => View> {
  const { group, channel, message } = announcement;
  const numbers = await channelNumbers(api, announcement);
  if (numbers.length === 0) {
    const found = await channelNames(api, announcement);
    return () =>
      unknownChannelView(announcement, found) ??
      refusal(t("announce.noChannel", { channel, group }), t("announce.noneNow"));
  }
  const sent: Sent[] = [];
  const failed: Failed[] = [];
  for (const channelId of numbers) {
    const request: SystemMessageRequest = {
      channel_type: OPEN_CHANNEL,
      channel_group: group,
      channel_name: channel,
      channel_id: channelId,
      message,
    };
    try {
      sent.push({ channel_id: channelId, request, answer: await api.postSystemMessage(request) });
    } catch (error) {
      if (!(error instanceof ChatApiError)) throw error;
      if (!isNotFound(error)) {
        if (numbers.length === 1) throw error;
        failed.push({
          channel_id: channelId,
          failure: { kind: "refused", error },
        });
        continue;
      }
      const listed = await channelNumbers(api, announcement).catch(() => undefined);
      if (listed === undefined || listed.includes(channelId)) {
        // Still there (or unknown): it is the endpoint that is missing, for every number alike.
        if (sent.length === 0) return () => noSystemMessages(error);
        failed.push({ channel_id: channelId, failure: { kind: "no-endpoint", error } });
        break;
      }
      failed.push({ channel_id: channelId, failure: { kind: "no-longer-listed" } });
    }
  }
  return () => outcomeView(announcement, sent, failed);
}

function outcomeView(
  { group, channel, message }: Announcement,
  sent: readonly Sent[],
  failed: readonly Failed[],
): View {
  const warnings = sent.flatMap(({ channel_id, request, answer }) => {
    const difference = echoDifference(request, answer);
    return difference
      ? [t("announce.echoWarning", { number: String(channel_id), difference })]
      : [];
  });
  const failures = failed.map(({ channel_id, failure }) => ({
    channel_id,
    error: failureText(failure, group),
  }));
  const missed = failures.map(({ channel_id, error }) =>
    t("announce.missed", { number: String(channel_id), error: sentence(error) }),
  );
  const data = {
    group,
    channel,
    message,
    channel_ids: sent.map((entry) => entry.channel_id),
    answers: sent.map((entry) => entry.answer),
    ...(failures.length > 0 ? { failed: failures } : {}),
    ...(warnings.length > 0 ? { warning: warnings.join(" ") } : {}),
  };
  if (sent.length === 0) {
    return { ...refusal(t("announce.failed"), missed.join(" ")), data };
  }
  const whole = failed.length === 0;
  return {
    outcome: whole && warnings.length === 0 ? "success" : "warning",
    title: whole
      ? t("announce.title", { channel, group })
      : t("announce.titlePartly", { channel, group }),
    description: whole ? undefined : missed.join(" "),
    fields: [
      { label: t("announce.field.message"), value: message },
      {
        label: t("announce.field.numbers", { count: sent.length }),
        value: sent.map((entry) => entry.channel_id).join(", "),
        inline: true,
      },
    ],
    notices: warnings.length > 0 ? [...warnings, t("announce.checkChannel")] : [],
    visibility: "public",
    data,
  };
}

function failureText(failure: Failure, group: string): string {
  switch (failure.kind) {
    case "refused":
      return failure.error.shown();
    case "no-endpoint":
      return noEndpoint(failure.error);
    case "no-longer-listed":
      return t("announce.noLongerListed", { group: inertLine(group) });
  }
}

function isNotFound(error: ChatApiError): boolean {
  return error instanceof ChatApiHttpError && error.status === 404;
}

function noEndpoint(error: ChatApiError): string {
  return t("announce.noEndpoint", { method: error.method, path: error.path });
}

function noSystemMessages(error: ChatApiError): View {
  return refusal(
    t("announce.failed"),
    t("announce.nothingAnnounced", { error: noEndpoint(error) }),
  );
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Names from the chat API in order, each one inert line, the first ten of them. */
function names(list: readonly string[]): string {
  const sorted = [...list].sort((a, b) => a.localeCompare(b));
  const shown = sorted.slice(0, SHOWN_NAMES).map(inertLine);
  const more = list.length - shown.length;
  return more > 0
    ? t("announce.namesMore", { names: shown.join(", "), more: String(more) })
    : listInWords(shown);
}

function refusal(title: string, description: string): View {
  return { outcome: "error", title, description, visibility: "private" };
}
