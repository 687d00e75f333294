// `stats` as data, for `--json` and scripts: the API's snake_case, durations in whole seconds,
// absent values as null. `chart` holds the two series a chart draws, one entry per day of the
// period (days in the chat API's zone, oldest first), in columns as charting libraries take them.
import type { ModerationStatistics, TimeToAction } from "./statistics.js";

export function statisticsData(figures: ModerationStatistics, label: (gamerId: string) => string) {
  const oldest = figures.backlog.oldest;
  return {
    period: figures.period,
    since: figures.since.toISOString(),
    until: figures.until.toISOString(),
    time_zone: figures.timeZone,
    reports: {
      total: figures.reports.total,
      by_category: figures.reports.byCategory,
    },
    cards_handled: figures.cards,
    time_to_action: { ...secondsOf(figures.timeToAction), waiting: figures.timeToAction.waiting },
    actions_by_moderator: figures.moderators.map((actor) => ({
      actor_name: actor.actorName,
      platform: actor.platform,
      actions: actor.actions,
      bans: actor.bans,
      dismissals: actor.dismissals,
    })),
    backlog: {
      open_cards: figures.backlog.open,
      oldest: oldest
        ? {
            card_id: oldest.card_id,
            gamer_id: oldest.target,
            player: label(oldest.target),
            opened_at: new Date(oldest.opened_at).toISOString(),
          }
        : null,
    },
    most_reported: figures.mostReported.map((entry) => ({
      gamer_id: entry.gamerId,
      player: label(entry.gamerId),
      reports: entry.reports,
    })),
    bans_by_length: figures.bansByLength.map((entry) => ({
      days: entry.days ?? null,
      bans: entry.bans,
    })),
    days: figures.days.map((day) => ({
      day: day.day,
      reports: day.reports,
      by_category: day.byCategory,
      time_to_action: secondsOf(day.timeToAction),
    })),
    chart: {
      days: figures.days.map((day) => day.day),
      reports_per_day: figures.days.map((day) => day.reports),
      time_to_action_median_seconds: figures.days.map(
        (day) => secondsOf(day.timeToAction).median_seconds,
      ),
      time_to_action_p90_seconds: figures.days.map(
        (day) => secondsOf(day.timeToAction).p90_seconds,
      ),
    },
  };
}

function secondsOf(time: TimeToAction) {
  const seconds = (ms: number | undefined) => (ms === undefined ? null : Math.round(ms / 1000));
  return {
    acted_on: time.actedOn,
    median_seconds: seconds(time.medianMs),
    p90_seconds: seconds(time.p90Ms),
  };
}
