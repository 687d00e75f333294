import { nameArgument, optional } from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { itemTable } from "../catalogue/item-table.js";
import { compareMarks, type PagedList } from "../catalogue/list-snapshot.js";
import { text } from "../catalogue/wording.js";
import type { OpenChannel } from "../chat-api/schemas.js";
import { parseLocalTimestamp } from "../chat-api/time.js";
import { t } from "../i18n/translate.js";
import type { ViewValue } from "../view/view.js";

export const channelsListCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "channels list",
    summary: text("command.channelsList.summary"),
    args: {
      group: optional(
        nameArgument("group", text("command.channelsList.arg.group"), "global", "channel-group"),
      ),
    },
    role: "moderator",
    mutates: false,
    async handle({ group }, { api, snapshot, players, now }) {
      // Member lists are where players are seen by name outside reports.
      const learn = (channels: readonly OpenChannel[]) =>
        players.alongside((directory) => directory.sawInChannels(channels, now()));
      if (group === undefined) {
        const names = await api.listChannelGroups();
        // One GET per group: the API has no call that lists every channel at once.
        const listed = await Promise.all(
          names.map(async (name) => ({ name, channels: await api.listChannels(name) })),
        );
        await learn(listed.flatMap(({ channels }) => channels));
        // On a page turn, the groups as listed then.
        const groups = snapshot.keep(listed, GROUP_LIST);
        return {
          outcome: "info",
          title: t("channels.groupsTitle", { count: groups.length }),
          table: itemTable({
            columns: [
              { key: "group", label: t("channels.column.group") },
              { key: "channels", label: t("channels.column.channels") },
              { key: "players", label: t("channels.column.players") },
            ],
            items: groups,
            row: ({ name, channels }) => ({
              group: name,
              channels: channels.length,
              players: channels.reduce((sum, channel) => sum + channel.players.length, 0),
            }),
            paging: GROUP_LIST,
            emptyText: t("channels.noGroups"),
          }),
          visibility: "private",
          data: groups.map(({ name, channels }) => ({ channel_group: name, channels })),
        };
      }
      const read = await api.listChannels(group);
      await learn(read);
      // On a page turn, the channels as listed then.
      const channels = snapshot.keep(read, CHANNEL_LIST);
      return {
        outcome: "info",
        title: t("channels.title", { group, count: channels.length }),
        table: itemTable({
          columns: [
            { key: "name", label: t("channels.column.name") },
            { key: "id", label: t("channels.column.number") },
            { key: "players", label: t("channels.column.players") },
            { key: "flags", label: t("channels.column.flags") },
            { key: "lastChat", label: t("channels.column.lastChat") },
          ],
          items: channels,
          row: (channel) => channelRow(channel, settings.chatTimeZone),
          paging: CHANNEL_LIST,
          emptyText: t("channels.noChannels", { group }),
        }),
        visibility: "private",
        data: channels,
      };
    },
  });

function channelRow(channel: OpenChannel, timeZone: string): Record<string, ViewValue> {
  const lastChat = parseLocalTimestamp(channel.last_chat_time, timeZone);
  const flags = [
    channel.is_default ? t("channels.flag.default") : "",
    channel.is_autoscaling ? t("channels.flag.autoscaling") : "",
  ];
  return {
    name: channel.channel_name,
    id: channel.channel_id,
    players: `${channel.players.length}/${channel.max_count}`,
    flags: flags.filter(Boolean).join(", "),
    lastChat: lastChat ? { time: lastChat } : t("channels.neverChatted"),
  };
}

/** By name, a name's numbers in order. A channel is new by its creation time. */
const CHANNEL_LIST: PagedList<OpenChannel> = {
  noun: "channel",
  place: (channel) => [channel.channel_name, channel.channel_id],
  compare: (a, b) => String(a[0]).localeCompare(String(b[0])) || compareMarks(a[1] ?? 0, b[1] ?? 0),
  arrival: (channel) => channel.create_at,
};

/** By name. The API tells nothing of when a group began: the few groups are remembered by name. */
const GROUP_LIST: PagedList<{ name: string; channels: OpenChannel[] }> = {
  noun: "channel group",
  place: (group) => [group.name],
  compare: (a, b) => String(a[0]).localeCompare(String(b[0])),
};
