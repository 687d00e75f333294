import { gamerIdArgument, optional } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { itemTable } from "../catalogue/item-table.js";
import { compareMarks, type PagedList } from "../catalogue/list-snapshot.js";
import { text } from "../catalogue/wording.js";
import { unreadableNotice } from "../chat-api/list-items.js";
import type { BlockedUser } from "../chat-api/schemas.js";
import { parseUtcTimestamp } from "../chat-api/time.js";
import { t } from "../i18n/translate.js";
import { actorShown, reasonShown } from "../moderation/case-words.js";
import type { Case } from "../moderation/cases.js";

export const bansCommand = () =>
  defineCommand({
    name: "bans",
    summary: text("command.bans.summary"),
    args: {
      gamer_id: optional(gamerIdArgument(text("command.bans.arg.gamerId"), "banned-gamer")),
    },
    role: "moderator",
    mutates: false,
    async handle({ gamer_id }, { api, snapshot, players, cases }) {
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
      const player = gamer_id && (await players.label(gamer_id));
      return {
        outcome: "info",
        title: player ? t("bans.titleOne", { player }) : t("bans.title", { count: bans.length }),
        // Rows are made for the page shown only: a list may hold 100,000 bans. Each row's name,
        // and the reason and moderator of a ban the bot made, are read for that page alone.
        table: itemTable({
          columns: [
            { key: "gamer_id", label: t("bans.column.player") },
            { key: "count", label: t("bans.column.count") },
            { key: "start", label: t("bans.column.start") },
            { key: "end", label: t("bans.column.end") },
            { key: "reason", label: t("bans.column.reason") },
            { key: "by", label: t("bans.column.by") },
          ],
          items: bans,
          paging: BAN_LIST,
          async rowsOf(page) {
            const ids = page.map((ban) => ban.gamer_id);
            const [labels, made] = await Promise.all([
              players.labels(ids),
              cases.latestBans(ids).catch((error: unknown) => {
                cases.storeFailed(error);
                return new Map<string, Case>();
              }),
            ]);
            return page.map((ban) => {
              const ours = madeThisBan(made.get(ban.gamer_id), ban);
              return {
                gamer_id: labels.get(ban.gamer_id) ?? ban.gamer_id,
                count: ban.count,
                start: time(ban.start_time),
                end: time(ban.end_time),
                reason: (ours && reasonShown(ours)) ?? "",
                by: ours ? `${actorShown(ours)} (${ours.platform})` : "",
              };
            });
          },
          emptyText: player ? t("bans.emptyOne", { player }) : t("bans.empty"),
        }),
        notices: unreadableNotice("ban", read.unreadable),
        visibility: "private",
        data: bans,
      };
    },
  });

/** Two clocks (the chat API's, ours) this far apart still tell one ban. */
const CLOCKS_APART_MS = 60_000;

/**
 * The bot's ban case behind the running ban, if the bot made it: its latest ban, made since the
 * running one began (a ban given again restarts it; one the chat API added to a running ban
 * keeps its start). A ban made elsewhere since then has no case of ours.
 */
function madeThisBan(latest: Case | undefined, ban: BlockedUser): Case | undefined {
  const start = parseUtcTimestamp(ban.start_time);
  if (!latest || !start) return undefined;
  return latest.at.getTime() >= start.getTime() - CLOCKS_APART_MS ? latest : undefined;
}

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
