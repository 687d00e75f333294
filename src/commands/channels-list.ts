import { nameArgument, optional } from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import type { OpenChannel } from "../chat-api/schemas.js";
import { parseLocalTimestamp } from "../chat-api/time.js";
import type { ViewValue } from "../moderation/view.js";

export const channelsListCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "channels list",
    summary: "List open channel groups, or the channels of one group",
    args: {
      group: optional(
        nameArgument("group", "the channel group to list", "global", "channel-group"),
      ),
    },
    role: "moderator",
    mutates: false,
    async handle({ group }, { api }) {
      if (group === undefined) {
        const groups = await api.listChannelGroups();
        // One GET per group: the API has no call that lists every channel at once.
        const channels = await Promise.all(groups.map((name) => api.listChannels(name)));
        return {
          outcome: "info",
          title: `Channel groups: ${groups.length}`,
          table: {
            columns: [
              { key: "group", label: "Group" },
              { key: "channels", label: "Channels" },
              { key: "players", label: "Players" },
            ],
            rows: groups.map((name, index) => ({
              group: name,
              channels: channels[index]?.length ?? 0,
              players: (channels[index] ?? []).reduce(
                (sum, channel) => sum + channel.players.length,
                0,
              ),
            })),
            emptyText: "There are no channel groups.",
          },
          visibility: "private",
          data: groups.map((name, index) => ({
            channel_group: name,
            channels: channels[index] ?? [],
          })),
        };
      }
      const channels = (await api.listChannels(group)).sort(
        (a, b) => a.channel_name.localeCompare(b.channel_name) || a.channel_id - b.channel_id,
      );
      return {
        outcome: "info",
        title: `Channels of ${group}: ${channels.length}`,
        table: {
          columns: [
            { key: "name", label: "Name" },
            { key: "id", label: "No." },
            { key: "players", label: "Players" },
            { key: "flags", label: "Flags" },
            { key: "lastChat", label: "Last chat" },
          ],
          rows: channels.map((channel) => channelRow(channel, settings.chatTimeZone)),
          emptyText: `Group ${group} has no channels (or does not exist).`,
        },
        visibility: "private",
        data: channels,
      };
    },
  });

function channelRow(channel: OpenChannel, timeZone: string): Record<string, ViewValue> {
  const lastChat = parseLocalTimestamp(channel.last_chat_time, timeZone);
  const flags = [channel.is_default ? "default" : "", channel.is_autoscaling ? "autoscaling" : ""];
  return {
    name: channel.channel_name,
    id: channel.channel_id,
    players: `${channel.players.length}/${channel.max_count}`,
    flags: flags.filter(Boolean).join(", "),
    lastChat: lastChat ? { time: lastChat } : "never",
  };
}
