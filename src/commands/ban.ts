import { echoDifference } from "../chat-api/echo.js";
import { parseUtcTimestamp } from "../chat-api/time.js";
import { plural } from "../moderation/plural.js";
import { daysArgument, gamerIdArgument, reasonArgument } from "./arguments.js";
import { defineCommand, type ModerationSettings } from "./command.js";

export const banCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "ban",
    summary: "Ban a player from chat for a number of days",
    args: {
      gamer_id: gamerIdArgument("the player to ban"),
      days: daysArgument(settings.maxBanDays),
      reason: reasonArgument(settings.requireReason),
    },
    role: "moderator",
    mutates: true,
    confirm: ({ gamer_id, days }, limits) =>
      days > limits.confirmBanDaysOver
        ? `Ban ${gamer_id} for ${plural(days, "day")}? That is longer than ${plural(limits.confirmBanDaysOver, "day")}.`
        : undefined,
    target: ({ gamer_id }) => gamer_id,
    async handle({ gamer_id, days, reason }, { api }) {
      const answer = await api.banUser({ gamer_id, days });
      const difference = echoDifference({ gamer_id, days }, answer);
      const warning = difference && `${difference}: check bans before trying again`;
      // The echo does not say when the ban ends or how many bans the player has had; the list
      // does. Reading it back is worth one GET, but its failure must not hide the ban itself.
      const ban = await api
        .listBans()
        .then((bans) => bans.find((entry) => entry.gamer_id === gamer_id))
        .catch(() => undefined);
      const until = ban ? parseUtcTimestamp(ban.end_time) : undefined;
      return {
        outcome: warning ? "warning" : "success",
        title: warning
          ? `Ban of ${gamer_id} not confirmed`
          : `Banned ${gamer_id} for ${plural(days, "day")}`,
        description: warning,
        fields: [
          { label: "Player", value: gamer_id, inline: true },
          { label: "Days", value: days, inline: true },
          ...(until ? [{ label: "Until", value: { time: until }, inline: true }] : []),
          ...(ban ? [{ label: "Bans so far", value: ban.count, inline: true }] : []),
          ...(reason ? [{ label: "Reason", value: reason }] : []),
        ],
        visibility: "public",
        // The case keeps the warning with the answer.
        data: warning ? { answer, ban, warning } : { answer, ban },
      };
    },
  });
