import { booleanArgument, nameArgument, positiveIntegerArgument } from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { parseLocalTimestamp } from "../chat-api/time.js";

/** No bound is documented; this one only catches typos like 50000000. */
const MAX_MEMBERS = 100_000;

export const channelsCreateCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "channels create",
    summary: "Create an open channel",
    args: {
      group: nameArgument("group", "the channel group", "global", "channel-group"),
      name: nameArgument("name", "the new channel's name", "server-2", "channel-name"),
      max_count: positiveIntegerArgument(
        "max_count",
        "most players in one channel number",
        "50",
        MAX_MEMBERS,
      ),
      default: booleanArgument(
        "default",
        "whether it becomes its group's FALLBACK channel (yes or no; no when left out)",
      ),
    },
    role: "admin",
    mutates: true,
    async handle({ group, name, max_count, default: isDefault }, { api }) {
      const created = await api.createChannel({
        channel_group: group,
        channel_name: name,
        max_count,
        is_default: isDefault,
      });
      const createdAt = parseLocalTimestamp(created.create_at, settings.chatTimeZone);
      return {
        outcome: "success",
        title: `Created channel ${created.channel_name} in ${created.channel_group}`,
        fields: [
          { label: "Channel number", value: created.channel_id, inline: true },
          { label: "Max players", value: created.max_count, inline: true },
          { label: "Fallback", value: created.is_default ? "yes" : "no", inline: true },
          ...(createdAt ? [{ label: "Created", value: { time: createdAt }, inline: true }] : []),
        ],
        visibility: "public",
        data: { answer: created },
      };
    },
  });
