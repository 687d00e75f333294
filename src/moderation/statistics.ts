// The figures of `stats`: what moderation did over a period, made from the store's rows
// (statistics-reads.ts), never from Prometheus counters, which start again at every restart.
//
// Days are days in the chat API's zone (CHAT_TIMEZONE): a report's create_at is written on that
// clock, so its first ten characters are its day there. A report's time to action runs from its
// create_at to the first thing done about it: its card banned or dismissed, or else a successful
// ban of its player recorded as a case since (by anyone: a moderator's typed `ban`, or a ban
// made outside chatwarden that the ban sync records). Percentiles are nearest-rank.
import { compareMarks } from "../catalogue/list-snapshot.js";
import {
  formatLocalTimestamp,
  localTimestampNumber,
  parseLocalTimestamp,
} from "../chat-api/time.js";
import type {
  ActorCommandCount,
  Backlog,
  DayCategoryCount,
  PeriodReport,
  SettledCard,
  StatisticsReads,
} from "./statistics-reads.js";

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
  const read = reads.empty ? NOTHING_READ : await readPeriod(reads, since, sinceLocal, untilLocal);
  const durations = await timesToAction(reads, read, since, timeZone);
  const days = daysBetween(sinceLocal, untilLocal).map((day) => {
    const ofDay = read.byDay.filter((count) => count.day === day);
    return {
      day,
      reports: sum(ofDay.map((count) => count.reports)),
      byCategory: countCategories(ofDay),
      timeToAction: percentiles(durations.byDay.get(day) ?? []),
    };
  });
  const banned = read.settled.filter((card) => card.state === "banned").length;
  return {
    period,
    since,
    until: now,
    timeZone,
    reports: { total: read.reports.length, byCategory: countCategories(read.byDay) },
    days,
    cards: { handled: read.settled.length, banned, dismissed: read.settled.length - banned },
    timeToAction: {
      ...percentiles([...durations.byDay.values()].flat()),
      waiting: durations.waiting,
    },
    moderators: actionsByModerator(read.actions),
    backlog: read.backlog,
    mostReported: read.mostReported.map((entry) => ({
      gamerId: entry.target,
      reports: entry.reports,
    })),
    bansByLength: read.bansByDays
      .map((entry) => ({ days: entry.days ?? undefined, bans: entry.bans }))
      .sort((a, b) => (a.days ?? Number.POSITIVE_INFINITY) - (b.days ?? Number.POSITIVE_INFINITY)),
  };
}

/** What the store holds of the period, counted where it can be. */
interface PeriodRead {
  byDay: DayCategoryCount[];
  reports: PeriodReport[];
  mostReported: { target: string; reports: number }[];
  settled: SettledCard[];
  actions: ActorCommandCount[];
  bansByDays: { days: number | null; bans: number }[];
  backlog: Backlog;
}

const NOTHING_READ: PeriodRead = {
  byDay: [],
  reports: [],
  mostReported: [],
  settled: [],
  actions: [],
  bansByDays: [],
  backlog: { open: 0, oldest: undefined },
};

async function readPeriod(
  reads: StatisticsReads,
  since: Date,
  sinceLocal: string,
  untilLocal: string,
): Promise<PeriodRead> {
  const [byDay, reports, mostReported, settled, actions, bansByDays, backlog] = await Promise.all([
    reads.reportsByDay(sinceLocal, untilLocal),
    reads.reports(sinceLocal, untilLocal),
    reads.mostReported(sinceLocal, untilLocal, MOST_REPORTED_SHOWN),
    reads.settledCards(since.getTime()),
    reads.actions(since),
    reads.bansByDays(since),
    reads.backlog(),
  ]);
  return { byDay, reports, mostReported, settled, actions, bansByDays, backlog };
}

/**
 * Each acted-on report's time to action, by the day it was created, and how many are waiting.
 * A report on a settled card was first acted on when the card was: a ban recorded as a case
 * settles the player's waiting cards at that moment (feed/settlement.ts). Only the players of
 * the other reports are looked up for a ban since (a ban made where no card was waiting, or
 * recorded for a report that never had a card).
 */
async function timesToAction(
  reads: StatisticsReads,
  read: PeriodRead,
  since: Date,
  timeZone: string,
): Promise<{ byDay: Map<string, number[]>; waiting: number }> {
  const settledAt = new Map(read.settled.map((card) => [card.card_id, card.handled_at]));
  const cardless = read.reports.filter(
    (report) => report.card_id === null || !settledAt.has(report.card_id),
  );
  const bans =
    cardless.length === 0
      ? new Map<string, number[]>()
      : await reads.banTimes(
          cardless.map((report) => report.target),
          since,
        );
  const instantOf = localInstants(timeZone);
  const byDay = new Map<string, number[]>();
  let waiting = 0;
  for (const report of read.reports) {
    const created = instantOf(report.created_local);
    const settled = report.card_id === null ? undefined : settledAt.get(report.card_id);
    const acted =
      created === undefined
        ? undefined
        : (settled ?? bans.get(report.target)?.find((at) => at >= created));
    if (created === undefined || acted === undefined) {
      waiting++;
      continue;
    }
    const day = report.created_local.slice(0, 10);
    const list = byDay.get(day) ?? [];
    list.push(Math.max(0, acted - created));
    byDay.set(day, list);
  }
  return { byDay, waiting };
}

/** Nearest-rank median and 90th percentile (sorted as numbers in a typed array: a month's). */
function percentiles(durations: readonly number[]): TimeToAction {
  const sorted = Float64Array.from(durations).sort();
  const rank = (share: number) =>
    sorted.length === 0 ? undefined : sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)];
  return { actedOn: sorted.length, medianMs: rank(0.5), p90Ms: rank(0.9) };
}

/** Reports by category (the keyword upper-cased, as priorities read it), most first. */
function countCategories(counts: readonly DayCategoryCount[]): CategoryCount[] {
  const byCategory = new Map<string, number>();
  for (const count of counts) {
    const category = count.keyword.trim().toUpperCase() || NO_CATEGORY;
    byCategory.set(category, (byCategory.get(category) ?? 0) + count.reports);
  }
  return [...byCategory]
    .map(([category, reports]) => ({ category, reports }))
    .sort((a, b) => b.reports - a.reports || compareMarks(a.category, b.category));
}

/** Successful cases by who recorded them (one actor per platform and id), most first. */
function actionsByModerator(counts: readonly ActorCommandCount[]): ModeratorActions[] {
  const byActor = new Map<string, ModeratorActions>();
  for (const count of counts) {
    const key = `${count.platform}\u0000${count.actor_id}`;
    const actor = byActor.get(key) ?? {
      actorName: count.actor_name,
      platform: count.platform,
      actions: 0,
      bans: 0,
      dismissals: 0,
    };
    actor.actions += count.cases;
    if (count.command === "ban") actor.bans += count.cases;
    if (count.command === "dismiss") actor.dismissals += count.cases;
    byActor.set(key, actor);
  }
  return [...byActor.values()].sort(
    (a, b) => b.actions - a.actions || compareMarks(a.actorName, b.actorName),
  );
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
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

/**
 * The wall clock's reading as if it were UTC, in ms; undefined where the text is not
 * `YYYY-MM-DD HH:MM:SS`. Read without a regular expression: a month may hold 100,000 reports.
 */
function asIfUtcMs(text: string): number | undefined {
  const number = localTimestampNumber(text);
  if (Number.isNaN(number)) return undefined;
  const part = (from: number, length: number) =>
    Math.floor(number / 10 ** (14 - from - length)) % 10 ** length;
  return Date.UTC(part(0, 4), part(4, 2) - 1, part(6, 2), part(8, 2), part(10, 2), part(12, 2));
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
