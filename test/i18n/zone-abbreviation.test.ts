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
});
