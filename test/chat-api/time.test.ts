import { describe, expect, it } from "vitest";
import {
  formatLocalTimestamp,
  formatUtcTimestamp,
  isKnownTimeZone,
  parseLocalTimestamp,
  parseUtcTimestamp,
} from "../../src/chat-api/time.js";

describe("API timestamps", () => {
  it("reads YYYY-MM-DD HH:MM:SS in the configured zone", () => {
    expect(parseLocalTimestamp("2024-06-17 09:50:23", "UTC")?.toISOString()).toBe(
      "2024-06-17T09:50:23.000Z",
    );
    expect(parseLocalTimestamp("2024-06-17 09:50:23", "Asia/Seoul")?.toISOString()).toBe(
      "2024-06-17T00:50:23.000Z",
    );
    // Daylight saving time: New York is UTC-4 in June and UTC-5 in January.
    expect(parseLocalTimestamp("2024-06-17 09:50:23", "America/New_York")?.toISOString()).toBe(
      "2024-06-17T13:50:23.000Z",
    );
    expect(parseLocalTimestamp("2024-01-17 09:50:23", "America/New_York")?.toISOString()).toBe(
      "2024-01-17T14:50:23.000Z",
    );
  });

  it("treats empty or malformed text as no time", () => {
    expect(parseLocalTimestamp("", "UTC")).toBeUndefined();
    expect(parseLocalTimestamp("2024-06-17T09:50:23Z", "UTC")).toBeUndefined();
  });

  it("writes both forms and reads them back", () => {
    const instant = new Date("2024-06-20T12:06:34.789Z");
    expect(formatUtcTimestamp(instant)).toBe("2024-06-20T12:06:34Z");
    expect(formatLocalTimestamp(instant, "Asia/Seoul")).toBe("2024-06-20 21:06:34");
    expect(parseLocalTimestamp("2024-06-20 21:06:34", "Asia/Seoul")?.getTime()).toBe(
      Date.parse("2024-06-20T12:06:34Z"),
    );
    expect(parseUtcTimestamp("2024-06-21T12:06:34Z")?.toISOString()).toBe(
      "2024-06-21T12:06:34.000Z",
    );
    expect(parseUtcTimestamp("tomorrow")).toBeUndefined();
  });

  it("knows real zones only", () => {
    expect(isKnownTimeZone("Asia/Seoul")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus")).toBe(false);
  });
});
