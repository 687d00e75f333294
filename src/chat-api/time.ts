// The API writes two timestamp forms: bans in ISO 8601 UTC, everything else as
// `YYYY-MM-DD HH:MM:SS` in a zone the spec does not name (CHAT_TIMEZONE, UTC by default).
// Intl knows every IANA zone, so no date library is needed to move between the two.

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl accepts the zone name (used by configuration to reject typos early). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockIn(timeZone: string, instant: Date): WallClock {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 0,
    day: fields.day ?? 0,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

function wallClockAsUtcMs(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** `YYYY-MM-DD HH:MM:SS` of an instant, as a clock in `timeZone` shows it. */
export function formatLocalTimestamp(instant: Date, timeZone: string): string {
  const c = wallClockIn(timeZone, instant);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/** `YYYY-MM-DDTHH:MM:SSZ`, the ban timestamps' form (no milliseconds, as the samples show). */
export function formatUtcTimestamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}

const LOCAL_PARTS = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The instant a `YYYY-MM-DD HH:MM:SS` timestamp written in `timeZone` stands for, or undefined
 * for an empty or malformed one (the API leaves `last_chat_time` empty for idle channels).
 */
export function parseLocalTimestamp(text: string, timeZone: string): Date | undefined {
  const match = LOCAL_PARTS.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const asIfUtc = Date.UTC(
    year ?? 0,
    (month ?? 1) - 1,
    day ?? 1,
    hour ?? 0,
    minute ?? 0,
    second ?? 0,
  );
  // The zone's offset depends on the instant; two passes settle it, DST edges included.
  let guess = asIfUtc;
  for (let pass = 0; pass < 2; pass++) {
    const offset = wallClockAsUtcMs(wallClockIn(timeZone, new Date(guess))) - guess;
    guess = asIfUtc - offset;
  }
  const instant = new Date(guess);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** The instant of a ban timestamp, or undefined when it is not ISO 8601. */
export function parseUtcTimestamp(text: string): Date | undefined {
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** Where a `YYYY-MM-DD HH:MM:SS` timestamp has its separators, and which. */
const LOCAL_SEPARATORS: Readonly<Record<number, number>> = {
  4: 0x2d, // -
  7: 0x2d,
  10: 0x20, // space
  13: 0x3a, // :
  16: 0x3a,
};
export const LOCAL_TIMESTAMP_LENGTH = "YYYY-MM-DD HH:MM:SS".length;

/**
 * The `YYYY-MM-DD HH:MM:SS` timestamp that begins at `at` in `text` as the number
 * YYYYMMDDHHMMSS, which orders as the text does and spells it exactly; NaN where there is none.
 * Read without a regular expression or a Date: the feed reads one per report of a 100,000-report
 * list.
 */
export function localTimestampNumber(text: string, at = 0): number {
  if (text.length - at < LOCAL_TIMESTAMP_LENGTH) return Number.NaN;
  let number = 0;
  for (let offset = 0; offset < LOCAL_TIMESTAMP_LENGTH; offset++) {
    const code = text.charCodeAt(at + offset);
    const separator = LOCAL_SEPARATORS[offset];
    if (separator !== undefined) {
      if (code !== separator) return Number.NaN;
      continue;
    }
    const digit = code - 0x30;
    if (digit < 0 || digit > 9) return Number.NaN;
    number = number * 10 + digit;
  }
  return number;
}
