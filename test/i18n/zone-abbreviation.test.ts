// DISPLAY_TIMEZONE's abbreviation, as every time a moderator reads ends: the one people write,
// or the offset when there is none, never a made-up one. Intl gives abbreviations only where a
// locale's data has them; the initials of a zone's English name are right for some zones
// (Korean Standard Time, KST) and wrong for others (Singapore Standard Time is SGT, not SST).
import { describe, expect, it } from "vitest";
import { displayMinute, zoneAbbreviation } from "../../src/i18n/display-time.js";
import { presenting } from "../../src/i18n/presentation.js";

const WINTER = new Date("2026-01-15T12:00:00Z");
const SUMMER = new Date("2026-07-15T12:00:00Z");

const both = (zone: string) => [zoneAbbreviation(zone, WINTER), zoneAbbreviation(zone, SUMMER)];

describe("a zone's abbreviation", () => {
  it("is the one its region writes, winter and summer", () => {
    expect(both("Asia/Seoul")).toEqual(["KST", "KST"]);
    expect(both("Asia/Tokyo")).toEqual(["JST", "JST"]);
    expect(both("Asia/Singapore")).toEqual(["SGT", "SGT"]);
    expect(both("Asia/Kolkata")).toEqual(["IST", "IST"]);
    expect(both("Asia/Hong_Kong")).toEqual(["HKT", "HKT"]);
    expect(both("Asia/Shanghai")).toEqual(["CST", "CST"]);
    expect(both("Asia/Jerusalem")).toEqual(["IST", "IDT"]);
    expect(both("Europe/Paris")).toEqual(["CET", "CEST"]);
    expect(both("Europe/London")).toEqual(["GMT", "BST"]);
    expect(both("America/New_York")).toEqual(["EST", "EDT"]);
    expect(both("Australia/Sydney")).toEqual(["AEDT", "AEST"]);
    expect(both("Pacific/Auckland")).toEqual(["NZDT", "NZST"]);
    expect(both("Africa/Johannesburg")).toEqual(["SAST", "SAST"]);
    expect(both("Africa/Nairobi")).toEqual(["EAT", "EAT"]);
  });

  it("is the offset where no abbreviation is in use, not initials that name another zone", () => {
    // Pakistan Standard Time is PKT (PST is the Pacific's); Taiwan writes CST, not TST.
    expect(both("Asia/Karachi")).toEqual(["GMT+5", "GMT+5"]);
    expect(both("Asia/Taipei")).toEqual(["GMT+8", "GMT+8"]);
    // Moscow Standard Time is MSK, not MST; Krasnoyarsk is not Korea.
    expect(both("Europe/Moscow")).toEqual(["GMT+3", "GMT+3"]);
    expect(both("Asia/Krasnoyarsk")).toEqual(["GMT+7", "GMT+7"]);
  });

  it("ends every time shown in that zone", () => {
    const shown = presenting({ locale: "en", timeZone: "Asia/Singapore" }, () =>
      displayMinute(new Date("2026-11-22T16:40:00Z")),
    );
    expect(shown).toBe("2026-11-23 00:40 SGT");
  });

  it("shows the wall clock Intl shows, minute by minute across each change of summer time", () => {
    const intlClock = (zone: string, instant: Date) => {
      const parts = new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).formatToParts(instant);
      const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value;
      return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
    };
    // Zones whose offsets are half and quarter hours, whose summer time moves half an hour
    // (Lord Howe), and the usual ones; each around its 2026 changes.
    const around: Record<string, string[]> = {
      "America/New_York": ["2026-03-08T07:00:00Z", "2026-11-01T06:00:00Z"],
      "Europe/London": ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z"],
      "America/St_Johns": ["2026-03-08T05:30:00Z", "2026-11-01T04:30:00Z"],
      "Australia/Lord_Howe": ["2026-04-04T15:00:00Z", "2026-10-03T15:30:00Z"],
      "Asia/Kathmandu": ["2026-06-01T00:00:00Z"],
      "Pacific/Chatham": ["2026-04-04T14:00:00Z", "2026-09-26T14:00:00Z"],
      "Asia/Seoul": ["2026-11-22T16:40:00Z"],
    };
    for (const [zone, changes] of Object.entries(around)) {
      for (const change of changes) {
        const centre = Date.parse(change);
        for (let minute = -90; minute <= 90; minute += 1) {
          // Seconds into the minute too: a moment is shown by the minute it is in.
          const instant = new Date(centre + minute * 60_000 + 37_000);
          const shown = presenting({ locale: "en", timeZone: zone }, () => displayMinute(instant));
          expect(shown.slice(0, 16), `${zone} ${instant.toISOString()}`).toBe(
            intlClock(zone, instant),
          );
          expect(shown.slice(17)).toBe(zoneAbbreviation(zone, instant));
        }
      }
    }
  });
});
