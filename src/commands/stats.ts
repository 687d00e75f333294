import { z } from "zod";
import { type ArgumentSpec, described } from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { orList, text } from "../catalogue/wording.js";
import { t } from "../i18n/translate.js";
import type { Actor } from "../moderation/roles.js";
import {
  type DayFigures,
  DEFAULT_STATS_PERIOD,
  type ModerationStatistics,
  moderationStatistics,
  STATS_PERIODS,
  type StatsPeriod,
  type TimeToAction,
} from "../moderation/statistics.js";
import { statisticsData } from "../moderation/statistics-data.js";
import { duration } from "../runtime/connection-state.js";
import { statsChartImage } from "../view/chart/stats-chart.js";
import { plural } from "../view/plural.js";
import { sparkline } from "../view/sparkline.js";
import type { ViewField, ViewImage } from "../view/view.js";

const PERIOD_WORDS: Record<StatsPeriod, string> = {
  "24h": "last 24 hours",
  "7d": "last 7 days",
  "30d": "last 30 days",
};

export const statsCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "stats",
    summary: text("command.stats.summary"),
    args: { period: periodArgument() },
    role: "moderator",
    mutates: false,
    async handle({ period }, { statistics, players, actor, now }) {
      const figures = await moderationStatistics(
        statistics,
        period ?? DEFAULT_STATS_PERIOD,
        now(),
        settings.chatTimeZone,
      );
      const oldest = figures.backlog.oldest;
      const labels = await players.labels([
        ...figures.mostReported.map((entry) => entry.gamerId),
        ...(oldest ? [oldest.target] : []),
      ]);
      const label = (gamerId: string) => labels.get(gamerId) ?? gamerId;
      return {
        outcome: "info",
        title: `Moderation statistics: ${PERIOD_WORDS[figures.period]}`,
        fields: fieldsOf(figures, label),
        table: {
          columns: [
            { key: "day", label: "Day" },
            { key: "reports", label: "Reports" },
            { key: "categories", label: "By category" },
            { key: "median", label: "Median to action" },
            { key: "p90", label: "90th percentile" },
          ],
          rows: figures.days.map(dayRow),
          emptyText: "No days in the period.",
        },
        notices: [
          `Days are days in ${figures.timeZone} (CHAT_TIMEZONE), the zone of the chat API's report times; time to action runs from a report's create_at to its card banned or dismissed, or else to its player banned.`,
        ],
        visibility: "private",
        data: statisticsData(figures, label),
        image: await chartFor(actor, figures.days),
      };
    },
  });

/**
 * The chart of reports per day and time to action, for Discord and Slack, which show pictures;
 * the terminal has the sparkline instead, and never loads the charting library. A chart that
 * cannot be drawn leaves the answer its figures.
 */
async function chartFor(actor: Actor, days: readonly DayFigures[]): Promise<ViewImage | undefined> {
  if (actor.platform !== "discord" && actor.platform !== "slack") return undefined;
  const minutes = (ms: number | undefined) => (ms === undefined ? null : ms / 60_000);
  try {
    return await statsChartImage({
      days: days.map((day) => ({
        day: day.day,
        reports: day.reports,
        medianMinutes: minutes(day.timeToAction.medianMs),
        p90Minutes: minutes(day.timeToAction.p90Ms),
      })),
    });
  } catch {
    return undefined;
  }
}

/** `24h`, `7d` or `30d`; left out, the default. */
function periodArgument(): ArgumentSpec<StatsPeriod | undefined> {
  const periods = () => orList(STATS_PERIODS, "commas");
  const refusal = () => t("command.stats.arg.periodRule", { periods: periods() });
  return described(
    () => t("command.stats.arg.period", { periods: periods(), default: DEFAULT_STATS_PERIOD }),
    {
      example: DEFAULT_STATS_PERIOD,
      kind: "text",
      required: false,
      choices: STATS_PERIODS,
      schema: z
        .string({ error: refusal })
        .trim()
        .toLowerCase()
        .pipe(z.enum(STATS_PERIODS, { error: refusal }))
        .optional(),
    },
  );
}

function fieldsOf(figures: ModerationStatistics, label: (gamerId: string) => string): ViewField[] {
  const { cards, timeToAction, backlog } = figures;
  const perDay = figures.days.map((day) => day.reports);
  return [
    { label: "From", value: { time: figures.since }, inline: true },
    { label: "To", value: { time: figures.until }, inline: true },
    { label: "Reports received", value: figures.reports.total, inline: true },
    { label: "Reports per day", value: `${sparkline(perDay)}  ${perDay.join(" ")}` },
    {
      label: "By category",
      value: categoriesText(figures.reports.byCategory) || "no reports",
    },
    {
      label: "Cards handled",
      value: `${cards.handled}: ${cards.banned} banned, ${cards.dismissed} dismissed`,
      inline: true,
    },
    {
      label: "Time to first action",
      value: `${timeText(timeToAction)}; ${plural(timeToAction.waiting, "report")} not acted on yet`,
    },
    {
      label: "Open backlog now",
      value: oldest(backlog.open, backlog.oldest, label),
    },
    ...(backlog.oldest
      ? [{ label: "Oldest waiting since", value: { time: new Date(backlog.oldest.opened_at) } }]
      : []),
    {
      label: "Most reported",
      value:
        figures.mostReported
          .map((entry) => `${label(entry.gamerId)}: ${plural(entry.reports, "report")}`)
          .join("\n") || "nobody",
    },
    {
      label: "Bans by length",
      value:
        figures.bansByLength
          .map(
            (entry) =>
              `${entry.days === undefined ? "length not recorded" : plural(entry.days, "day")}: ${entry.bans}`,
          )
          .join(", ") || "no bans",
    },
    {
      label: "Actions per moderator",
      value:
        figures.moderators
          .map(
            (actor) =>
              `${actor.actorName} (${actor.platform}): ${actor.actions} (${plural(actor.bans, "ban")}, ${plural(actor.dismissals, "dismissal")})`,
          )
          .join("\n") || "none",
    },
  ];
}

function oldest(
  open: number,
  card: ModerationStatistics["backlog"]["oldest"],
  label: (gamerId: string) => string,
): string {
  const cards = plural(open, "card");
  return card
    ? `${cards}; the oldest is card ${card.card_id}, against ${label(card.target)}`
    : cards;
}

/** `median 42 min, 90th percentile 3 h 10 min, over 30 reports acted on`. */
function timeText(time: TimeToAction): string {
  if (time.medianMs === undefined || time.p90Ms === undefined) return "no report acted on";
  return `median ${duration(time.medianMs)}, 90th percentile ${duration(time.p90Ms)}, over ${plural(time.actedOn, "report")} acted on`;
}

function categoriesText(categories: DayFigures["byCategory"]): string {
  return categories.map((entry) => `${entry.category} ${entry.reports}`).join(", ");
}

function dayRow(day: DayFigures) {
  const { medianMs, p90Ms } = day.timeToAction;
  return {
    day: day.day,
    reports: day.reports,
    categories: categoriesText(day.byCategory),
    median: medianMs === undefined ? "" : duration(medianMs),
    p90: p90Ms === undefined ? "" : duration(p90Ms),
  };
}
