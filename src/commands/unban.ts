import { gamerIdArgument, reasonArgument } from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { text } from "../catalogue/wording.js";
import { echoDifference } from "../chat-api/echo.js";
import { t } from "../i18n/translate.js";

export const unbanCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "unban",
    summary: text("command.unban.summary"),
    args: {
      gamer_id: gamerIdArgument(text("command.unban.arg.gamerId"), "banned-gamer"),
      reason: reasonArgument(settings.requireReason),
    },
    role: "moderator",
    mutates: true,
    target: ({ gamer_id }) => gamer_id,
    async handle({ gamer_id, reason }, { api, players }) {
      // The API's answer to unbanning someone who is not banned is not documented; knowing
      // beforehand lets the moderator read what really happened.
      const wasBanned = await api
        .listBans()
        .then((bans) => bans.some((entry) => entry.gamer_id === gamer_id))
        .catch(() => undefined);
      const answer = await api.unbanUser({ gamer_id });
      const player = await players.label(gamer_id);
      // Written twice, for the moderator and for the case (HandlerAnswer): the warning is kept.
      return () => {
        const fields = [
          { label: t("answers.field.player"), value: player, inline: true },
          ...(reason ? [{ label: t("answers.field.reason"), value: reason }] : []),
        ];
        const difference = echoDifference({ gamer_id }, answer);
        if (difference) {
          const warning = t("answers.echoWarning", { difference });
          return {
            outcome: "warning",
            title: t("unban.titleUnconfirmed", { player }),
            description: warning,
            fields,
            visibility: "public",
            // The case keeps the warning with the answer.
            data: { answer, was_banned: wasBanned ?? null, warning },
          };
        }
        return {
          outcome: wasBanned === false ? "warning" : "success",
          title:
            wasBanned === false
              ? t("unban.titleNotBanned", { player })
              : t("unban.title", { player }),
          fields,
          notices: wasBanned === false ? [t("unban.nothingChanged")] : undefined,
          visibility: "public",
          // null: the bans could not be read beforehand, so it is not known.
          data: { answer, was_banned: wasBanned ?? null },
        };
      };
    },
  });
