// A moment as moderators read it: the wall clock of DISPLAY_TIMEZONE to the minute, with the
// zone's abbreviation, `2026-11-23 01:40 KST`, the same in every language (presentation.ts says
// which zone). Stored times, logs and --json stay UTC ISO 8601.
import { presentation } from "./presentation.js";

const wallClocks = new Map<string, Intl.DateTimeFormat>();
const abbreviations = new Map<string, Intl.DateTimeFormat[]>();

/** `2026-11-23 01:40 KST` in the zone of the work running now. */
export function displayMinute(instant: Date): string {
  const zone = presentation().timeZone;
  // UTC, the default, needs no Intl: a one-shot command never pays for a zone's formatters.
  if (zone === "UTC") return `${instant.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `${wallClock(zone, instant)} ${zoneAbbreviation(zone, instant)}`;
}

/** `01:40 KST`: a moment of today, where the date is plain from around it. */
export function displayClock(instant: Date): string {
  return displayMinute(instant).slice("YYYY-MM-DD ".length);
}

/** `2026-11-23 01:40` in `zone`: numbers only, so it reads the same in every language. */
function wallClock(zone: string, instant: Date): string {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallClocks.set(zone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    format.formatToParts(instant).find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

/**
 * The zone's abbreviation at `instant` (summer time included): `UTC`, `EST`, `CET`, `KST`. Intl
 * knows abbreviations only where a locale's data has them (American zones in en-US, European in
 * en-GB) and writes `GMT+9` otherwise; for those, the initials of the zone's English standard or
 * daylight name (`Korean Standard Time` → `KST`, `Japan Standard Time` → `JST`). A zone whose
 * name is not of that form keeps its `GMT+7`.
 */
export function zoneAbbreviation(zone: string, instant: Date): string {
  let formats = abbreviations.get(zone);
  if (!formats) {
    formats = [
      new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }),
      new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "short" }),
      new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "long" }),
    ];
    abbreviations.set(zone, formats);
  }
  const names = formats.map(
    (format) =>
      format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "",
  );
  const [american = "", british = "", long = ""] = names;
  const offsetOnly = /^GMT[+-]/;
  if (!offsetOnly.test(american)) return american;
  if (!offsetOnly.test(british)) return british;
  if (/ (Standard|Daylight|Summer) Time$/.test(long)) {
    return long
      .split(" ")
      .map((word) => word[0])
      .join("");
  }
  return american;
}
