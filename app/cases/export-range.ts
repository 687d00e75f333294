// What `chatwarden cases export --since DATE --until DATE` means. A DATE is a day, 2026-11-01,
// which is that whole day in UTC, as cases are stored and shown in UTC (CHAT_TIMEZONE is the
// chat API's clock, not the operator's); or a moment with its zone, 2026-11-01T09:30:00+09:00,
// which is that instant. --since is inclusive; --until excludes its instant, and a day given to
// --until is included whole (its end is the next midnight), so `--since 2026-11-01 --until
// 2026-11-30` is all of November. A date that does not name one instant is refused in words: a
// day that does not exist, a time without a zone (whose zone would be a guess).
import { t } from "../../src/i18n/translate.js";

/** A wrong --since or --until, in the words the operator reads. */
export class ExportRangeError extends Error {
  override name = "ExportRangeError";
}

export interface ExportRange {
  /** Inclusive; undefined: from the first case. */
  since: Date | undefined;
  /** Exclusive; undefined: to the last case. */
  until: Date | undefined;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MOMENT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/i;
const DAY_MS = 24 * 60 * 60_000;

export function parseExportRange(given: { since?: string; until?: string }): ExportRange {
  const since = given.since === undefined ? undefined : parseDate("--since", given.since);
  const until = given.until === undefined ? undefined : parseDate("--until", given.until);
  const start = since?.start;
  // A day given to --until is included: the range ends where the next day begins.
  const end = until === undefined ? undefined : until.start + (until.wholeDay ? DAY_MS : 0);
  if (start !== undefined && end !== undefined && end <= start) {
    throw new ExportRangeError(
      t("terminal.cases.rangeReversed", { until: given.until ?? "", since: given.since ?? "" }),
    );
  }
  return {
    since: start === undefined ? undefined : new Date(start),
    until: end === undefined ? undefined : new Date(end),
  };
}

interface ParsedDate {
  /** Epoch ms of the day's midnight (UTC) or of the moment. */
  start: number;
  wholeDay: boolean;
}

function parseDate(option: string, text: string): ParsedDate {
  const notADate = () => new ExportRangeError(t("terminal.cases.notADate", { option, text }));
  const day = DAY.exec(text);
  if (day) {
    const [year, month, date] = day.slice(1).map(Number) as [number, number, number];
    const start = utc(year, month, date, 0, 0, 0, 0);
    if (start === undefined) throw notADate();
    return { start, wholeDay: true };
  }
  const moment = MOMENT.exec(text);
  if (!moment) throw notADate();
  const [, y, mo, d, h, mi, s, fraction, zone] = moment;
  if (zone === undefined) {
    throw new ExportRangeError(t("terminal.cases.noTimeZone", { option, text }));
  }
  const ms = fraction === undefined ? 0 : Number(fraction.padEnd(3, "0"));
  const wall = utc(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
  const offset = offsetMs(zone);
  if (wall === undefined || offset === undefined) throw notADate();
  return { start: wall - offset, wholeDay: false };
}

/** Epoch ms of a UTC wall clock, or undefined for one that does not exist (30 February, 24:00). */
function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
): number | undefined {
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  const exists =
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second;
  return exists ? at.getTime() : undefined;
}

/** `Z` or `±HH:MM` as milliseconds east of UTC; undefined past ±23:59. */
function offsetMs(zone: string): number | undefined {
  if (zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const [hours, minutes] = zone.slice(1).split(":").map(Number) as [number, number];
  if (hours > 23 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes) * 60_000;
}
