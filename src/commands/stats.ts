import { z } from "zod";
import { type ArgumentSpec, described } from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { orList, text } from "../catalogue/wording.js";
import { t } from "../i18n/translate.js";
import { actorShown } from "../moderation/case-words.js";
import type { Actor } from "../moderation/roles.js";
import {
  type CategoryCount,
  type DayFigures,
  DEFAULT_STATS_PERIOD,
  type ModerationStatistics,
  moderationStatistics,
  NO_CATEGORY,
  STATS_PERIODS,
  type StatsPeriod,
} from "../moderation/statistics.js";
import { statisticsData } from "../moderation/statistics-data.js";
import { statsChartImage } from "../view/chart/stats-chart.js";
import { sparkline } from "../view/sparkline.js";
import type { ViewField, ViewImage } from "../view/view.js";

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
        title: t("stats.title", { period: figures.period }),
        fields: fieldsOf(figures, label),
        table: {
          columns: [
            { key: "day", label: t("stats.column.day") },
            { key: "reports", label: t("stats.column.reports") },
            { key: "categories", label: t("stats.column.categories") },
            { key: "median", label: t("stats.column.median") },
            { key: "p90", label: t("stats.column.p90") },
          ],
          rows: figures.days.map(dayRow),
          emptyText: t("stats.noDays"),
        },
        notices: [t("stats.notice", { zone: figures.timeZone })],
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
  const { cards, backlog } = figures;
  const perDay = figures.days.map((day) => day.reports);
  return [
    { label: t("stats.field.from"), value: { time: figures.since }, inline: true },
    { label: t("stats.field.to"), value: { time: figures.until }, inline: true },
    { label: t("stats.field.received"), value: figures.reports.total, inline: true },
    { label: t("stats.field.perDay"), value: `${sparkline(perDay)}  ${perDay.join(" ")}` },
    {
      label: t("stats.field.byCategory"),
      value: categoriesText(figures.reports.byCategory) || t("stats.noReports"),
    },
    {
      label: t("stats.field.cardsHandled"),
      value: t("stats.cardsHandled", { ...cards }),
      inline: true,
    },
    { label: t("stats.field.timeToAction"), value: timeText(figures.timeToAction) },
    { label: t("stats.field.backlog"), value: oldest(backlog.open, backlog.oldest, label) },
    ...(backlog.oldest
      ? [
          {
            label: t("stats.field.oldestSince"),
            value: { time: new Date(backlog.oldest.opened_at) },
          },
        ]
      : []),
    {
      label: t("stats.field.mostReported"),
      value:
        figures.mostReported
          .map((entry) =>
            t("stats.mostReportedEntry", { player: label(entry.gamerId), reports: entry.reports }),
          )
          .join("\n") || t("stats.nobody"),
    },
    {
      label: t("stats.field.bansByLength"),
      value:
        figures.bansByLength
          .map(({ days, bans }) =>
            days === undefined
              ? t("stats.bansOfUnknownLength", { bans })
              : t("stats.bansOfDays", { days, bans }),
          )
          .join(", ") || t("stats.noBans"),
    },
    {
      label: t("stats.field.moderators"),
      value:
        figures.moderators
          .map((actor) =>
            t("stats.moderatorEntry", {
              name: actorShown(actor),
              platform: actor.platform,
              actions: actor.actions,
              bans: actor.bans,
              dismissals: actor.dismissals,
            }),
          )
          .join("\n") || t("stats.noActions"),
    },
  ];
}

function oldest(
  open: number,
  card: ModerationStatistics["backlog"]["oldest"],
  label: (gamerId: string) => string,
): string {
  return card
    ? t("stats.backlogOldest", { open, card: card.card_id, player: label(card.target) })
    : t("stats.backlog", { open });
}

/** `median 42 min, 90th percentile 3 h 10 min, over 30 reports acted on; 2 reports not…`. */
function timeText(time: ModerationStatistics["timeToAction"]): string {
  const { medianMs, p90Ms, actedOn, waiting } = time;
  if (medianMs === undefined || p90Ms === undefined) {
    return t("stats.timeToActionNone", { waiting });
  }
  return t("stats.timeToAction", {
    median: durationText(medianMs),
    p90: durationText(p90Ms),
    actedOn,
    waiting,
  });
}

/**
 * `4.2 s`, `42 s`, `3 min 5 s`, `2 h 10 min` (`3분 5초` in Korean): the steps of
 * runtime/connection-state.ts's `duration`, in the asker's language. Numbers go in as text, so a
 * long time reads `1234 h` as it did, not with a thousands separator.
 */
function durationText(ms: number): string {
  const seconds = Math.max(ms, 0) / 1000;
  if (seconds < 10) return t("stats.duration.seconds", { seconds: seconds.toFixed(1) });
  if (seconds < 60) return t("stats.duration.seconds", { seconds: String(Math.round(seconds)) });
  const whole = Math.round(seconds);
  if (whole < 3600) {
    return t("stats.duration.minutes", {
      minutes: String(Math.floor(whole / 60)),
      seconds: String(whole % 60),
    });
  }
  return t("stats.duration.hours", {
    hours: String(Math.floor(whole / 3600)),
    minutes: String(Math.floor((whole % 3600) / 60)),
  });
}

/** `ABUSE 3, SPAM 1`: a category is the reports' keyword; none is said in the asker's words. */
function categoriesText(categories: readonly CategoryCount[]): string {
  return categories
    .map(({ category, reports }) =>
      category === NO_CATEGORY ? `${t("stats.noCategory")} ${reports}` : `${category} ${reports}`,
    )
    .join(", ");
}

function dayRow(day: DayFigures) {
  const { medianMs, p90Ms } = day.timeToAction;
  return {
    day: day.day,
    reports: day.reports,
    categories: categoriesText(day.byCategory),
    median: medianMs === undefined ? "" : durationText(medianMs),
    p90: p90Ms === undefined ? "" : durationText(p90Ms),
  };
}
