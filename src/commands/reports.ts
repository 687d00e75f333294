import { unreadableNotice } from "../chat-api/list-items.js";
import { plural } from "../moderation/plural.js";
import { gamerIdArgument, optional, positiveIntegerArgument } from "./arguments.js";
import { defineCommand, type ModerationSettings } from "./command.js";
import { newestFirst, REPORT_COLUMNS, reportRow } from "./report-rows.js";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

export const reportsCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "reports",
    summary: "List user reports, newest first",
    args: {
      gamer_id: optional(gamerIdArgument("only reports against or by this player")),
      limit: optional(
        positiveIntegerArgument(
          "limit",
          `how many reports at most (default ${DEFAULT_LIMIT})`,
          "20",
          MAX_LIMIT,
        ),
      ),
    },
    role: "moderator",
    mutates: false,
    async handle({ gamer_id, limit }, { api }) {
      const read = await api.readReports();
      const all = read.items;
      const matching = all
        .filter(
          (report) =>
            gamer_id === undefined ||
            report.to_gamer_id === gamer_id ||
            report.from_gamer_id === gamer_id,
        )
        .sort(newestFirst);
      const shown = matching.slice(0, limit ?? DEFAULT_LIMIT);
      return {
        outcome: "info",
        title: gamer_id
          ? `Reports against or by ${gamer_id}: ${matching.length}`
          : `Reports: ${plural(matching.length, "report")}`,
        table: {
          columns: REPORT_COLUMNS,
          rows: shown.map((report) => reportRow(report, settings.chatTimeZone)),
          emptyText: gamer_id ? `No reports against or by ${gamer_id}.` : "No reports.",
        },
        notices: [
          ...(shown.length < matching.length
            ? [`Showing the newest ${shown.length} of ${matching.length}; raise limit to see more.`]
            : []),
          ...unreadableNotice("report", read.unreadable),
        ],
        visibility: "private",
        data: shown,
      };
    },
  });
