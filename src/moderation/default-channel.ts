// A group's default channel (the API's `is_default`; the spec's "FALLBACK status"): one channel a
// group's players are put in. The answers of PUT and DELETE /open_channels do not say what became
// of the flag on the group's other channels, so channels create and channels delete read the
// group before and after, ask before moving the flag, and say what changed.
//
// Channel names in these sentences come from the chat API, not from the moderator: each is made
// one inert line, so a line break in a name cannot start a line of its own in the answer.
import type { ChatApiClient } from "../chat-api/client.js";
import { t } from "../i18n/translate.js";
import { inertLine } from "../view/inert-text.js";

/**
 * The names of the group's channels that carry the default flag, each once (the numbers of an
 * autoscaled name share it), as the chat API lists them now.
 */
export async function defaultChannelNames(api: ChatApiClient, group: string): Promise<string[]> {
  const channels = await api.listChannels(group);
  return [
    ...new Set(channels.filter((entry) => entry.is_default).map((entry) => entry.channel_name)),
  ];
}

/** `서버-1 is kr's default channel`, or `a, b are kr's default channels`. */
export function defaultChannelSentence(names: readonly string[], group: string): string {
  return t("channels.default.is", {
    names: names.map(inertLine).join(", "),
    group,
    count: names.length,
  });
}

/**
 * What became of the group's default, read `before` and `after` creating or deleting `changed`
 * (`after` undefined: it could not be read). Undefined when nothing changed but `changed` itself.
 */
export function defaultChangeText(
  group: string,
  changed: string,
  before: readonly string[],
  after: readonly string[] | undefined,
): string | undefined {
  if (after === undefined) {
    return t("channels.default.unread", { group });
  }
  const others = (names: readonly string[]) => names.filter((name) => name !== changed);
  const lost = others(before).filter((name) => !after.includes(name));
  const gained = others(after).filter((name) => !before.includes(name));
  const sentences = [
    ...lost.map((name) => t("channels.default.noLonger", { name: inertLine(name), group })),
    ...gained.map((name) =>
      t("channels.default.now", { sentence: defaultChannelSentence([name], group) }),
    ),
  ];
  if (before.length > 0 && after.length === 0) {
    sentences.push(t("channels.default.none", { group }));
  }
  // One default per group is what the spec describes; an API that keeps two is said so.
  if (after.length > 1) {
    sentences.push(t("channels.default.now", { sentence: defaultChannelSentence(after, group) }));
  }
  return sentences.length > 0 ? sentences.join(" ") : undefined;
}
