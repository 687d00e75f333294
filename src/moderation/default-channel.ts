// A group's default channel (the API's `is_default`; the spec's "FALLBACK status"): one channel a
// group's players are put in. The answers of PUT and DELETE /open_channels do not say what became
// of the flag on the group's other channels, so channels create and channels delete read the
// group before and after, ask before moving the flag, and say what changed.
//
// Channel names in these sentences come from the chat API, not from the moderator: each is made
// one inert line, so a line break in a name cannot start a line of its own in the answer.
import type { ChatApiClient } from "../chat-api/client.js";
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
  const listed = names.map(inertLine).join(", ");
  return names.length === 1
    ? `${listed} is ${group}'s default channel`
    : `${listed} are ${group}'s default channels`;
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
    return `${group}'s channels could not be read after the change: channels list ${group} shows which is its default channel.`;
  }
  const others = (names: readonly string[]) => names.filter((name) => name !== changed);
  const lost = others(before).filter((name) => !after.includes(name));
  const gained = others(after).filter((name) => !before.includes(name));
  const sentences = [
    ...lost.map((name) => `${inertLine(name)} is no longer ${group}'s default channel.`),
    ...gained.map((name) => `${defaultChannelSentence([name], group)} now.`),
  ];
  if (before.length > 0 && after.length === 0) {
    sentences.push(`${group} has no default channel now.`);
  }
  // One default per group is what the spec describes; an API that keeps two is said so.
  if (after.length > 1) sentences.push(`${defaultChannelSentence(after, group)} now.`);
  return sentences.length > 0 ? sentences.join(" ") : undefined;
}
