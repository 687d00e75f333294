// How a moment reads in a terminal: the wall clock of DISPLAY_TIMEZONE, then how far it is from now, e.g.
// `2026-11-24 10:00 UTC (in 3 days)`. Operators read one team-wide zone, named,
// and the relative part answers the question they usually have ("is this ban about to end?").
import { displayMinute, presentation, t } from "../../src/index.js";

/** One formatter per language, made when first used. */
const relatives = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(): Intl.RelativeTimeFormat {
  const { locale } = presentation();
  let format = relatives.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
    relatives.set(locale, format);
  }
  return format;
}

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

interface Scale {
  unit: Intl.RelativeTimeFormatUnit;
  ms: number;
  /** Distances shorter than this use this unit. */
  below: number;
}

const YEARS: Scale = { unit: "year", ms: 365.25 * DAY_MS, below: Number.POSITIVE_INFINITY };

/** The largest unit that still reads naturally; months and years only for long distances. */
const SCALES: readonly Scale[] = [
  { unit: "second", ms: SECOND_MS, below: MINUTE_MS },
  { unit: "minute", ms: MINUTE_MS, below: HOUR_MS },
  { unit: "hour", ms: HOUR_MS, below: DAY_MS },
  { unit: "day", ms: DAY_MS, below: 60 * DAY_MS },
  { unit: "month", ms: 30.44 * DAY_MS, below: 365 * DAY_MS },
  YEARS,
];

export function formatRelative(time: Date, now: Date): string {
  const distance = time.getTime() - now.getTime();
  if (Math.abs(distance) < SECOND_MS) return t("terminal.time.now");
  const scale = SCALES.find(({ below }) => Math.abs(distance) < below) ?? YEARS;
  return relativeFormat().format(Math.round(distance / scale.ms), scale.unit);
}

/**
 * `2026-11-24 10:00 UTC (in 3 days)`, or without the relative part where room is short; an
 * invalid date reads as "unknown time".
 */
export function formatTime(time: Date, now: Date, { relative = true } = {}): string {
  if (Number.isNaN(time.getTime())) return t("terminal.time.unknown");
  const minute = displayMinute(time);
  return relative ? `${minute} (${formatRelative(time, now)})` : minute;
}
