// A moment as moderators read it: the wall clock of DISPLAY_TIMEZONE to the minute, with the
// zone's abbreviation, `2026-11-23 01:40 KST`, the same in every language (presentation.ts says
// which zone). Stored times, logs and --json stay UTC ISO 8601.
import { presentation } from "./presentation.js";

const wallClocks = new Map<string, Intl.DateTimeFormat>();
const abbreviations = new Map<string, (instant: Date) => string>();

/** `2026-11-23 01:40 KST` in the zone of the work running now. */
export function displayMinute(instant: Date): string {
  const zone = presentation().timeZone;
  // UTC, the default, needs no Intl: a one-shot command never pays for a zone's formatters.
  if (zone === "UTC") return `${wallMinute(instant.getTime())} UTC`;
  const { offsetMs, abbreviation } = zoneSpan(zone, instant);
  return `${wallMinute(instant.getTime() + offsetMs)} ${abbreviation}`;
}

/** `01:40 KST`: a moment of today, where the date is plain from around it. */
export function displayClock(instant: Date): string {
  return displayMinute(instant).slice("YYYY-MM-DD ".length);
}

/** `2026-11-23 01:40`: the UTC wall clock of `ms`, a zone's once its offset is added. */
function wallMinute(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
}

/** A zone's offset from UTC and its abbreviation, the same over one quarter hour. */
interface ZoneSpan {
  offsetMs: number;
  abbreviation: string;
}

/**
 * Every change of a zone's offset or name (summer time, a new standard) falls on a quarter hour
 * of UTC: offsets are whole quarter hours (Nepal's +5:45 too) and changes happen on a local hour
 * or half hour. Since 1970, that is; earlier local mean times are not moderation's concern.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
/** Quarter hours remembered, all zones together; forgotten all at once past this. */
const MAX_SPANS = 4096;
const spans = new Map<string, ZoneSpan>();

/**
 * The zone's span around `instant`, from Intl once per quarter hour: a card shows the same few
 * moments each time it is rendered (each post and edit), and Intl's zone formatting costs more
 * than everything else a card says (bench/card-language.ts).
 */
function zoneSpan(zone: string, instant: Date): ZoneSpan {
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  const key = `${zone} ${quarter}`;
  let span = spans.get(key);
  if (!span) {
    if (spans.size >= MAX_SPANS) spans.clear();
    const start = new Date(quarter * QUARTER_HOUR_MS);
    span = { offsetMs: offsetAt(zone, start), abbreviation: zoneAbbreviation(zone, start) };
    spans.set(key, span);
  }
  return span;
}

/** How far `zone`'s wall clock is ahead of UTC at `instant` (a whole minute). */
function offsetAt(zone: string, instant: Date): number {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    wallClocks.set(zone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  return wall - instant.getTime();
}

/**
 * English locales whose data abbreviate their own region's zones (`SGT` in en-SG, `IST` in en-IN,
 * `AEST` in en-AU), tried in order; American and European zones are in the first two.
 */
const ENGLISH_REGIONS = [
  "en-US",
  "en-GB",
  "en-AU",
  "en-NZ",
  "en-IN",
  "en-ZA",
  "en-SG",
  "en-HK",
  "en-IE",
  "en-CA",
];

/**
 * Zones no locale's data abbreviates, whose English names' initials are what people write (and
 * what the tz database calls them). Initials in general are not: `Singapore Standard Time` is
 * SGT, not SST, and `Pakistan Standard Time` PKT, not PST; such a zone keeps Intl's `GMT+8`.
 */
const NAMED_BY_INITIALS = new Set([
  "Korean Standard Time",
  "Korean Daylight Time",
  "Japan Standard Time",
  "China Standard Time",
  "Israel Standard Time",
  "Israel Daylight Time",
]);

/** Two moments half a year apart: a zone's standard and summer names. */
const SEASONS = [new Date("2026-01-15T12:00:00Z"), new Date("2026-07-15T12:00:00Z")];

const offsetOnly = /^GMT[+-]/;

const zoneName = (format: Intl.DateTimeFormat, instant: Date) =>
  format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "";

/**
 * The zone's abbreviation at `instant` (summer time included): `UTC`, `EST`, `CET`, `SGT`, `KST`.
 * Intl knows an abbreviation only where a locale's data has one, and writes `GMT+9` otherwise: the
 * first English locale that names the zone in both seasons is kept for it. A zone none names
 * (Asia/Seoul) is written as the initials of its English name when those are its abbreviation
 * (NAMED_BY_INITIALS: `Korean Standard Time` → `KST`), else as the offset (`GMT+7`), which is
 * never wrong.
 */
export function zoneAbbreviation(zone: string, instant: Date): string {
  let abbreviate = abbreviations.get(zone);
  if (!abbreviate) {
    abbreviate = abbreviationOf(zone);
    abbreviations.set(zone, abbreviate);
  }
  return abbreviate(instant);
}

function abbreviationOf(zone: string): (instant: Date) => string {
  const short = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" });
  for (const locale of ENGLISH_REGIONS) {
    const format = short(locale);
    if (SEASONS.every((season) => !offsetOnly.test(zoneName(format, season)))) {
      return (instant) => zoneName(format, instant);
    }
  }
  const long = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "long" });
  const american = short("en-US");
  return (instant) => {
    const name = zoneName(long, instant);
    if (!NAMED_BY_INITIALS.has(name)) return zoneName(american, instant);
    return name
      .split(" ")
      .map((word) => word[0])
      .join("");
  };
}
