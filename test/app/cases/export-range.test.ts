// What `--since` and `--until` of `chatwarden cases export` accept, and what each means: a day
// is that whole day in UTC (so --until's day is included), a moment is that instant (until it,
// not at it); and every date that does not say one instant is refused in words.
import { describe, expect, it } from "vitest";
import { ExportRangeError, parseExportRange } from "../../../app/cases/export-range.js";

const iso = (range: { since?: Date | undefined; until?: Date | undefined }) => ({
  since: range.since?.toISOString(),
  until: range.until?.toISOString(),
});

describe("the range of an export", () => {
  it("takes days as whole days in UTC, --until's day included", () => {
    expect(iso(parseExportRange({ since: "2026-11-01", until: "2026-11-30" }))).toEqual({
      since: "2026-11-01T00:00:00.000Z",
      until: "2026-12-01T00:00:00.000Z",
    });
    // One day: since and until the same day.
    expect(iso(parseExportRange({ since: "2026-02-28", until: "2026-02-28" }))).toEqual({
      since: "2026-02-28T00:00:00.000Z",
      until: "2026-03-01T00:00:00.000Z",
    });
  });

  it("takes moments with Z or an offset as those instants, --until's excluded", () => {
    expect(
      iso(parseExportRange({ since: "2026-11-01T09:30+09:00", until: "2026-11-01T12:00:00.250Z" })),
    ).toEqual({ since: "2026-11-01T00:30:00.000Z", until: "2026-11-01T12:00:00.250Z" });
  });

  it("leaves an end open that is not given", () => {
    expect(iso(parseExportRange({}))).toEqual({ since: undefined, until: undefined });
    expect(iso(parseExportRange({ until: "2026-11-01" }))).toEqual({
      since: undefined,
      until: "2026-11-02T00:00:00.000Z",
    });
  });

  it.each([
    [
      "yesterday",
      /--since "yesterday" is not a date: write 2026-11-01 \(a day, UTC\) or 2026-11-01T09:30:00Z/,
    ],
    ["2026-02-30", /--since "2026-02-30" is not a date/],
    ["2026-11-01T24:00Z", /--since "2026-11-01T24:00Z" is not a date/],
    ["2026-11-01T09:30+25:00", /is not a date/],
    ["11/01/2026", /is not a date/],
    ["", /--since "" is not a date/],
    [
      "2026-11-01T09:30",
      /--since "2026-11-01T09:30" does not say its time zone: add Z for UTC or an offset such as \+09:00/,
    ],
  ])("refuses --since %j", (since, message) => {
    expect(() => parseExportRange({ since })).toThrow(ExportRangeError);
    expect(() => parseExportRange({ since })).toThrow(message);
  });

  it("refuses a range whose end is not after its start", () => {
    expect(() => parseExportRange({ since: "2026-11-02", until: "2026-11-01" })).toThrow(
      "--until 2026-11-01 ends the range before --since 2026-11-02 starts it: it would hold no case",
    );
    expect(() =>
      parseExportRange({ since: "2026-11-01T10:00Z", until: "2026-11-01T10:00Z" }),
    ).toThrow(/ends the range before --since 2026-11-01T10:00Z starts it/);
    // A day's end is the next midnight: this range is the rest of 1 November.
    expect(() =>
      parseExportRange({ since: "2026-11-01T10:00Z", until: "2026-11-01" }),
    ).not.toThrow();
  });
});
