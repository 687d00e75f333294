import { nameArgument } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";

export const channelsDeleteCommand = () =>
  defineCommand({
    name: "channels delete",
    summary: "Delete an open channel (every channel number of that name)",
    args: {
      group: nameArgument("group", "the channel group", "global", "channel-group"),
      name: nameArgument("name", "the channel to delete", "server-2", "channel-name"),
    },
    role: "admin",
    mutates: true,
    confirm: ({ group, name }) =>
      `Delete channel ${name} of ${group}, with every channel number of that name?`,
    async handle({ group, name }, { api }) {
      const deleted = await api.deleteChannel({ channel_group: group, channel_name: name });
      if (deleted.length === 0) {
        return {
          outcome: "warning",
          title: `No channel ${name} in ${group}`,
          description:
            "The chat API deleted nothing: check the group and the name with channels list.",
          visibility: "public",
          data: { answer: deleted },
        };
      }
      return {
        outcome: "success",
        title: `Deleted channel ${name} of ${group}`,
        fields: [
          {
            label: "Channel numbers",
            value: deleted.map((channel) => channel.channel_id).join(", "),
          },
        ],
        visibility: "public",
        data: { answer: deleted },
      };
    },
  });
