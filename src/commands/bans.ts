import { gamerIdArgument, optional } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { itemTable } from "../catalogue/item-table.js";
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
      // ISO 8601 UTC timestamps of one form (the schema's) sort as their text does; comparing
      // code units orders them as localeCompare did, several times faster on a long list.
      const bans = read.items
        .filter((ban) => gamer_id === undefined || ban.gamer_id === gamer_id)
        .sort((a, b) => (a.end_time < b.end_time ? -1 : a.end_time > b.end_time ? 1 : 0));
      const time = (text: string) => {
        const at = parseUtcTimestamp(text);
        return at ? { time: at } : text;
      };
      return {
        outcome: "info",
        title: gamer_id ? `Ban of ${gamer_id}` : `Chat bans: ${plural(bans.length, "player")}`,
        // Rows are made for the page shown only: a list may hold 100,000 bans.
        table: itemTable({
          columns: [
            { key: "gamer_id", label: "Player" },
            { key: "count", label: "Bans" },
            { key: "start", label: "Since" },
            { key: "end", label: "Until" },
          ],
          items: bans,
          row: (ban) => ({
            gamer_id: ban.gamer_id,
            count: ban.count,
            start: time(ban.start_time),
            end: time(ban.end_time),
          }),
          emptyText: gamer_id ? `${gamer_id} is not banned.` : "Nobody is banned.",
        }),
        notices: unreadableNotice("ban", read.unreadable),
        visibility: "private",
        data: bans,
      };
    },
  });
