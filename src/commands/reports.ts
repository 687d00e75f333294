import {
  gamerIdArgument,
  optional,
  positiveIntegerArgument,
  switchArgument,
} from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { itemTable } from "../catalogue/item-table.js";
import { text } from "../catalogue/wording.js";
import { unreadableNotice } from "../chat-api/list-items.js";
import { t } from "../i18n/translate.js";
import { openCardsAnswer } from "../moderation/open-cards.js";
import { REPORT_LIST, reportColumns, reportRow } from "../moderation/report-rows.js";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

export const reportsCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "reports",
    summary: text("command.reports.summary"),
    args: {
      gamer_id: optional(gamerIdArgument(text("command.reports.arg.gamerId")), {
        // `reports 20`: a limit, not a player to look for.
        player: { skip: ({ gamer_id, limit }) => loneLimit(gamer_id, limit) !== undefined },
      }),
      limit: optional(
        positiveIntegerArgument(
          "limit",
          text("command.reports.arg.limit", { max: MAX_LIMIT, default: DEFAULT_LIMIT }),
          "20",
          MAX_LIMIT,
        ),
      ),
      open: switchArgument("open", text("command.reports.arg.open")),
    },
    role: "moderator",
    mutates: false,
    async handle(args, context) {
      const { api, snapshot, players } = context;
      const { gamer_id, limit, readAsLimit } = readLoneLimit(args);
      if (args.open) {
        return openCardsAnswer({ gamerId: gamer_id, limit: limit ?? DEFAULT_LIMIT }, context);
      }
      const read = await api.readReports();
      const involved = read.items.filter(
        (report) =>
          gamer_id === undefined ||
          report.to_gamer_id === gamer_id ||
          report.from_gamer_id === gamer_id,
      );
      // On a page turn, the reports as listed then: the limit counts from those.
      const matching = snapshot.keep(involved, REPORT_LIST);
      const shown = matching.slice(0, limit ?? DEFAULT_LIMIT);
      const player = gamer_id && (await players.label(gamer_id));
      return {
        outcome: "info",
        title: player
          ? t("reports.titleOf", { player, count: String(matching.length) })
          : t("reports.title", { count: matching.length }),
        table: itemTable({
          columns: reportColumns(),
          items: shown,
          row: (report) => reportRow(report, settings.chatTimeZone),
          paging: REPORT_LIST,
          emptyText: player ? t("reports.emptyOf", { player }) : t("reports.empty"),
        }),
        notices: [
          ...(readAsLimit === undefined
            ? []
            : [t("reports.readAsLimit", { number: readAsLimit, limit: String(DEFAULT_LIMIT) })]),
          ...(shown.length < matching.length
            ? [t("reports.newest", { shown: String(shown.length), total: String(matching.length) })]
            : []),
          ...unreadableNotice("report", read.unreadable),
        ],
        visibility: "private",
        data: shown,
      };
    },
  });

/**
 * `reports 20`: a lone whole number in the limit's range is the limit, as people mean it. A
 * player with such an id is still reachable by giving a limit too (`reports 20 50`); larger
 * numbers, like the demo's 10001, stay player ids.
 */
function readLoneLimit(args: { gamer_id: string | undefined; limit: number | undefined }): {
  gamer_id: string | undefined;
  limit: number | undefined;
  readAsLimit: string | undefined;
} {
  const { gamer_id, limit } = args;
  const lone = loneLimit(gamer_id, limit);
  if (lone === undefined || gamer_id === undefined) {
    return { gamer_id, limit, readAsLimit: undefined };
  }
  return { gamer_id: undefined, limit: lone, readAsLimit: gamer_id };
}

/** The limit a lone `gamer_id` stands for (a whole number in the limit's range), if it does. */
function loneLimit(gamerId: unknown, limit: unknown): number | undefined {
  if (limit !== undefined || typeof gamerId !== "string" || !/^\d+$/.test(gamerId)) {
    return undefined;
  }
  const number = Number(gamerId);
  return number >= 1 && number <= MAX_LIMIT ? number : undefined;
}
