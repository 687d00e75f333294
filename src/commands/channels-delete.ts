import { nameArgument } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { text } from "../catalogue/wording.js";
import { t } from "../i18n/translate.js";
import {
  defaultChangeText,
  defaultChannelNames,
  defaultChannelSentence,
} from "../moderation/default-channel.js";

export const channelsDeleteCommand = () =>
  defineCommand({
    name: "channels delete",
    summary: text("command.channelsDelete.summary"),
    args: {
      group: nameArgument(
        "group",
        text("command.channelsDelete.arg.group"),
        "global",
        "channel-group",
      ),
      name: nameArgument(
        "name",
        text("command.channelsDelete.arg.name"),
        "server-2",
        "channel-name",
      ),
    },
    role: "admin",
    mutates: true,
    confirm: ({ group, name }) => t("channels.delete.question", { name, group }),
    // Deleting the default channel leaves the group without one: the question says so. When the
    // channels cannot be read, the delete itself will tell (it needs the API too).
    async reviseConfirm({ group, name }, { api }, question) {
      const defaults = await defaultChannelNames(api, group).catch((): string[] => []);
      if (!defaults.includes(name)) return question;
      const losing = t("channels.delete.losingDefault", {
        sentence: defaultChannelSentence([name], group),
        group,
      });
      return question ? `${question} ${losing}` : losing;
    },
    async handle({ group, name }, { api }) {
      // Whether it was the default, read first: the delete's answer does not say. A failed read
      // must not hide the delete.
      const before = await defaultChannelNames(api, group).catch(() => undefined);
      const deleted = await api.deleteChannel({ channel_group: group, channel_name: name });
      if (deleted.length === 0) {
        return {
          outcome: "warning",
          title: t("channels.delete.noneTitle", { name, group }),
          description: t("channels.delete.noneText"),
          visibility: "public",
          data: { answer: deleted },
        };
      }
      const wasDefault = before?.includes(name) === true;
      const after = wasDefault
        ? await defaultChannelNames(api, group).catch(() => undefined)
        : undefined;
      return {
        outcome: "success",
        title: t("channels.delete.title", { name, group }),
        description:
          wasDefault && before ? defaultChangeText(group, name, before, after) : undefined,
        fields: [
          {
            label: t("channels.delete.field.numbers"),
            value: deleted.map((channel) => channel.channel_id).join(", "),
          },
        ],
        visibility: "public",
        data: { answer: deleted },
      };
    },
  });
