import { gamerIdArgument, optional } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { unreadableNotice } from "../chat-api/list-items.js";
import { parseUtcTimestamp } from "../chat-api/time.js";
import { plural } from "../moderation/plural.js";

export const bansCommand = () =>
  defineCommand({
    name: "bans",
    summary: "List chat bans, soonest to end first",
    args: {
      gamer_id: optional(gamerIdArgument("only this player's ban", "banned-gamer")),
    },
    role: "moderator",
    mutates: false,
    async handle({ gamer_id }, { api }) {
      const read = await api.readBans();
      const bans = read.items
        .filter((ban) => gamer_id === undefined || ban.gamer_id === gamer_id)
        .sort((a, b) => a.end_time.localeCompare(b.end_time));
      const time = (text: string) => {
        const at = parseUtcTimestamp(text);
        return at ? { time: at } : text;
      };
      return {
        outcome: "info",
        title: gamer_id ? `Ban of ${gamer_id}` : `Chat bans: ${plural(bans.length, "player")}`,
        table: {
          columns: [
            { key: "gamer_id", label: "Player" },
            { key: "count", label: "Bans" },
            { key: "start", label: "Since" },
            { key: "end", label: "Until" },
          ],
          rows: bans.map((ban) => ({
            gamer_id: ban.gamer_id,
            count: ban.count,
            start: time(ban.start_time),
            end: time(ban.end_time),
          })),
          emptyText: gamer_id ? `${gamer_id} is not banned.` : "Nobody is banned.",
        },
        notices: unreadableNotice("ban", read.unreadable),
        visibility: "private",
        data: bans,
      };
    },
  });
