// The figures of `stats`: what moderation did over a period, made from the store's rows
// (statistics-reads.ts), never from Prometheus counters, which start again at every restart.
//
// Days are days in the chat API's zone (CHAT_TIMEZONE): a report's create_at is written on that
// clock, so its first ten characters are its day there. A report's time to action runs from its
// create_at to the first thing done about it: its card banned or dismissed, or a successful ban
// of its player recorded as a case (by anyone: a moderator's typed `ban`, or a ban made outside
// chatwarden that the ban sync records), whichever came first. Percentiles are nearest-rank.
import { compareMarks } from "../catalogue/list-snapshot.js";
import { formatLocalTimestamp, parseLocalTimestamp } from "../chat-api/time.js";
import type { Backlog, PeriodCase, PeriodReport, StatisticsReads } from "./statistics-reads.js";

export const STATS_PERIODS = ["24h", "7d", "30d"] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
/** A week: long enough to see a trend, short enough that every day shows. */
export const DEFAULT_STATS_PERIOD: StatsPeriod = "7d";

const HOUR_MS = 3_600_000;
const PERIOD_MS: Record<StatsPeriod, number> = {
  "24h": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
  "30d": 30 * 24 * HOUR_MS,
};

/** How many players the most reported list names. */
export const MOST_REPORTED_SHOWN = 5;
/** A report with no keyword is counted under this category. */
export const NO_CATEGORY = "(none)";

export interface CategoryCount {
  category: string;
  reports: number;
}

/** Times to action of some reports: how many, the median and the 90th percentile (ms). */
export interface TimeToAction {
  actedOn: number;
  medianMs: number | undefined;
  p90Ms: number | undefined;
}

/** One day in the chat API's zone. */
export interface DayFigures {
  /** `YYYY-MM-DD`. */
  day: string;
  reports: number;
  byCategory: CategoryCount[];
  /** Of the reports created that day. */
  timeToAction: TimeToAction;
}

export interface ModeratorActions {
  actorName: string;
  platform: string;
  /** Successful cases of any command. */
  actions: number;
  bans: number;
  dismissals: number;
}

export interface ModerationStatistics {
  period: StatsPeriod;
  since: Date;
  until: Date;
  timeZone: string;
  reports: { total: number; byCategory: CategoryCount[] };
  days: DayFigures[];
  cards: { handled: number; banned: number; dismissed: number };
  /** Of the reports created in the period; `waiting`: nothing done about them yet. */
  timeToAction: TimeToAction & { waiting: number };
  moderators: ModeratorActions[];
  backlog: Backlog;
  mostReported: { gamerId: string; reports: number }[];
  /** Successful bans of the period by length; `days` undefined where a case does not say. */
  bansByLength: { days: number | undefined; bans: number }[];
}

/** The statistics of the `period` that ends `now`. */
export async function moderationStatistics(
  reads: StatisticsReads,
  period: StatsPeriod,
  now: Date,
  timeZone: string,
): Promise<ModerationStatistics> {
  const since = new Date(now.getTime() - PERIOD_MS[period]);
  const sinceLocal = formatLocalTimestamp(since, timeZone);
  const untilLocal = formatLocalTimestamp(now, timeZone);
  const [reports, settled, cases, backlog] = reads.empty
    ? [[], [], [], { open: 0, oldest: undefined }]
    : await Promise.all([
        reads.reports(sinceLocal, untilLocal),
        reads.settledCards(since.getTime()),
        reads.cases(since),
        reads.backlog(),
      ]);
  const successes = cases.filter((entry) => entry.outcome === "success");
  const bans = successes.filter((entry) => entry.command === "ban");
  const firstAction = firstActionOf(
    new Map(settled.map((card) => [card.card_id, card.handled_at])),
    bansByTarget(bans),
  );
  const instantOf = localInstants(timeZone);
  const durations = new Map<string, number[]>();
  let waiting = 0;
  for (const report of reports) {
    const created = instantOf(report.created_local);
    const acted = created === undefined ? undefined : firstAction(report, created);
    if (created === undefined || acted === undefined) {
      waiting++;
      continue;
    }
    const day = report.created_local.slice(0, 10);
    const list = durations.get(day) ?? [];
    list.push(Math.max(0, acted - created));
    durations.set(day, list);
  }
  const byDay = new Map<string, PeriodReport[]>();
  for (const report of reports) {
    const day = report.created_local.slice(0, 10);
    const ofDay = byDay.get(day) ?? [];
    ofDay.push(report);
    byDay.set(day, ofDay);
  }
  const days = daysBetween(sinceLocal, untilLocal).map((day) => {
    const ofDay = byDay.get(day) ?? [];
    return {
      day,
      reports: ofDay.length,
      byCategory: countCategories(ofDay),
      timeToAction: percentiles(durations.get(day) ?? []),
    };
  });
  const banned = settled.filter((card) => card.state === "banned").length;
  return {
    period,
    since,
    until: now,
    timeZone,
    reports: { total: reports.length, byCategory: countCategories(reports) },
    days,
    cards: { handled: settled.length, banned, dismissed: settled.length - banned },
    timeToAction: { ...percentiles([...durations.values()].flat()), waiting },
    moderators: actionsByModerator(successes),
    backlog,
    mostReported: mostReported(reports),
    bansByLength: bansByLength(bans),
  };
}

/** Each player's successful bans of the period, as epoch ms, earliest first. */
function bansByTarget(bans: readonly PeriodCase[]): Map<string, number[]> {
  const byTarget = new Map<string, number[]>();
  for (const ban of bans) {
    if (ban.target === null) continue;
    const times = byTarget.get(ban.target) ?? [];
    times.push(Date.parse(ban.at));
    byTarget.set(ban.target, times);
  }
  for (const times of byTarget.values()) times.sort((a, b) => a - b);
  return byTarget;
}

/** When the first thing was done about a report: its card settled, or its player banned since. */
function firstActionOf(
  settledAt: ReadonlyMap<number, number>,
  bans: ReadonlyMap<string, number[]>,
): (report: PeriodReport, created: number) => number | undefined {
  return (report, created) => {
    const card = report.card_id === null ? undefined : settledAt.get(report.card_id);
    const ban = bans.get(report.target)?.find((at) => at >= created);
    const times = [card, ban].filter((at): at is number => at !== undefined);
    return times.length === 0 ? undefined : Math.min(...times);
  };
}

/** Nearest-rank median and 90th percentile. */
function percentiles(durations: readonly number[]): TimeToAction {
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = (share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)];
  return { actedOn: sorted.length, medianMs: rank(0.5), p90Ms: rank(0.9) };
}

/** Reports by category (the keyword upper-cased, as priorities read it), most first. */
function countCategories(reports: readonly PeriodReport[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const report of reports) {
    const category = report.keyword.trim().toUpperCase() || NO_CATEGORY;
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return [...counts]
    .map(([category, reports]) => ({ category, reports }))
    .sort((a, b) => b.reports - a.reports || compareMarks(a.category, b.category));
}

/** Successful cases by who recorded them (one actor per platform and id), most first. */
function actionsByModerator(successes: readonly PeriodCase[]): ModeratorActions[] {
  const byActor = new Map<string, ModeratorActions>();
  for (const entry of successes) {
    const key = `${entry.platform}\u0000${entry.actor_id}`;
    const actor = byActor.get(key) ?? {
      actorName: entry.actor_name,
      platform: entry.platform,
      actions: 0,
      bans: 0,
      dismissals: 0,
    };
    actor.actions++;
    if (entry.command === "ban") actor.bans++;
    if (entry.command === "dismiss") actor.dismissals++;
    byActor.set(key, actor);
  }
  return [...byActor.values()].sort(
    (a, b) => b.actions - a.actions || compareMarks(a.actorName, b.actorName),
  );
}

function mostReported(reports: readonly PeriodReport[]): ModerationStatistics["mostReported"] {
  const counts = new Map<string, number>();
  for (const report of reports) counts.set(report.target, (counts.get(report.target) ?? 0) + 1);
  return [...counts]
    .map(([gamerId, reports]) => ({ gamerId, reports }))
    .sort((a, b) => b.reports - a.reports || compareMarks(a.gamerId, b.gamerId))
    .slice(0, MOST_REPORTED_SHOWN);
}

/** Successful bans by their `days`, shortest first; a ban whose case names no length last. */
function bansByLength(bans: readonly PeriodCase[]): ModerationStatistics["bansByLength"] {
  const counts = new Map<number | undefined, number>();
  for (const ban of bans) {
    const days = banDays(ban.args);
    counts.set(days, (counts.get(days) ?? 0) + 1);
  }
  return [...counts]
    .map(([days, bans]) => ({ days, bans }))
    .sort((a, b) => (a.days ?? Number.POSITIVE_INFINITY) - (b.days ?? Number.POSITIVE_INFINITY));
}

/** A ban case's `days` argument, where it has one. */
function banDays(args: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(args);
    if (typeof parsed !== "object" || parsed === null || !("days" in parsed)) return undefined;
    return typeof parsed.days === "number" ? parsed.days : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `YYYY-MM-DD HH:MM:SS` on the zone's clock → epoch ms. The zone's offset is found once per
 * hour of the clock (a zone changes its offset on the hour), not once per report: a month's
 * reports would otherwise cost two Intl formats each.
 */
function localInstants(timeZone: string): (text: string) => number | undefined {
  const offsets = new Map<string, number | undefined>();
  return (text) => {
    const asIfUtc = asIfUtcMs(text);
    if (asIfUtc === undefined) return undefined;
    const hour = text.slice(0, 13);
    if (!offsets.has(hour)) {
      const start = `${hour}:00:00`;
      const instant = parseLocalTimestamp(start, timeZone)?.getTime();
      const startAsIfUtc = asIfUtcMs(start);
      offsets.set(
        hour,
        instant === undefined || startAsIfUtc === undefined ? undefined : startAsIfUtc - instant,
      );
    }
    const offset = offsets.get(hour);
    return offset === undefined ? undefined : asIfUtc - offset;
  };
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The wall clock's reading as if it were UTC, in ms. */
function asIfUtcMs(text: string): number | undefined {
  const parts = LOCAL.exec(text)?.slice(1).map(Number);
  if (parts === undefined) return undefined;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** Every `YYYY-MM-DD` from the day of `first` to the day of `last`, both included. */
function daysBetween(first: string, last: string): string[] {
  const start = asIfUtcMs(`${first.slice(0, 10)} 00:00:00`) ?? 0;
  const end = last.slice(0, 10);
  const days: string[] = [];
  for (let at = start; ; at += 24 * HOUR_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.push(day);
    if (day >= end) return days;
  }
}
