import { booleanArgument, nameArgument, positiveIntegerArgument } from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { text } from "../catalogue/wording.js";
import { parseLocalTimestamp } from "../chat-api/time.js";
import { t } from "../i18n/translate.js";
import {
  defaultChangeText,
  defaultChannelNames,
  defaultChannelSentence,
} from "../moderation/default-channel.js";

/** No bound is documented; this one only catches typos like 50000000. */
const MAX_MEMBERS = 100_000;

export const channelsCreateCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "channels create",
    summary: text("command.channelsCreate.summary"),
    args: {
      group: nameArgument(
        "group",
        text("command.channelsCreate.arg.group"),
        "global",
        "channel-group",
      ),
      name: nameArgument(
        "name",
        text("command.channelsCreate.arg.name"),
        "server-2",
        "channel-name",
      ),
      max_count: positiveIntegerArgument(
        "max_count",
        text("command.channelsCreate.arg.maxCount"),
        "50",
        MAX_MEMBERS,
      ),
      default: booleanArgument("default", text("command.channelsCreate.arg.default")),
    },
    role: "admin",
    mutates: true,
    // A group has one default channel: taking it from another is asked about first. When the
    // channels cannot be read, the create itself will tell (it needs the API too).
    async reviseConfirm({ group, name, default: isDefault }, { api }, question) {
      if (!isDefault) return question;
      const current = await defaultChannelNames(api, group).catch((): string[] => []);
      const others = current.filter((other) => other !== name);
      if (others.length === 0) return question;
      const taking = t("channels.create.question", {
        name,
        group,
        sentence: defaultChannelSentence(others, group),
      });
      return question ? `${question} ${taking}` : taking;
    },
    async handle({ group, name, max_count, default: isDefault }, { api }) {
      // Read before and after only when the flag may move; a failed read must not hide the create.
      const before = isDefault
        ? await defaultChannelNames(api, group).catch(() => undefined)
        : undefined;
      const created = await api.createChannel({
        channel_group: group,
        channel_name: name,
        max_count,
        is_default: isDefault,
      });
      const after =
        before === undefined
          ? undefined
          : await defaultChannelNames(api, group).catch(() => undefined);
      const createdAt = parseLocalTimestamp(created.create_at, settings.chatTimeZone);
      return {
        outcome: "success",
        title: t("channels.create.title", {
          name: created.channel_name,
          group: created.channel_group,
        }),
        description: before && defaultChangeText(group, name, before, after),
        fields: [
          { label: t("channels.create.field.number"), value: created.channel_id, inline: true },
          { label: t("channels.create.field.maxPlayers"), value: created.max_count, inline: true },
          {
            label: t("channels.create.field.default"),
            value: t(created.is_default ? "common.yes" : "common.no"),
            inline: true,
          },
          ...(createdAt
            ? [
                {
                  label: t("channels.create.field.created"),
                  value: { time: createdAt },
                  inline: true,
                },
              ]
            : []),
        ],
        visibility: "public",
        data: { answer: created },
      };
    },
  });
