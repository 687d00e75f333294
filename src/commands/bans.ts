import { gamerIdArgument, optional } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { itemTable } from "../catalogue/item-table.js";
import { compareMarks, type PagedList } from "../catalogue/list-snapshot.js";
import { unreadableNotice } from "../chat-api/list-items.js";
import type { BlockedUser } from "../chat-api/schemas.js";
import { parseUtcTimestamp } from "../chat-api/time.js";
import { plural } from "../view/plural.js";

export const bansCommand = () =>
  defineCommand({
    name: "bans",
    summary: "List chat bans, soonest to end first",
    args: {
      gamer_id: optional(gamerIdArgument("only this player's ban", "banned-gamer")),
    },
    role: "moderator",
    mutates: false,
    async handle({ gamer_id }, { api, snapshot }) {
      const read = await api.readBans();
      // On a page turn, the bans as listed then.
      const bans = snapshot.keep(
        read.items.filter((ban) => gamer_id === undefined || ban.gamer_id === gamer_id),
        BAN_LIST,
      );
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
          paging: BAN_LIST,
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

/**
 * Soonest to end first. ISO 8601 UTC timestamps of one form (the schema's) sort as their text
 * does; comparing code units orders them as localeCompare did, several times faster on a long
 * list. A ban is new by its start: a ban given again starts again.
 */
const BAN_LIST: PagedList<BlockedUser> = {
  noun: "ban",
  place: (ban) => [ban.end_time, ban.gamer_id],
  compare: (a, b) => compareMarks(a[0] ?? "", b[0] ?? "") || compareMarks(a[1] ?? "", b[1] ?? ""),
  arrival: (ban) => ban.start_time,
};
