// discord.js's error types mapped onto the shared verdicts: the replies' deliveries, the login,
// command registration and the feed's destination all decide from this one mapping.
import { DiscordAPIError, HTTPError, RateLimitError } from "discord.js";
import { describe, expect, it } from "vitest";
import { discordVerdict } from "../../../adapters/discord/failure-verdict.js";

const request = { body: undefined, files: undefined };

function apiError(status: number, code: number, extra: Record<string, unknown> = {}) {
  return new DiscordAPIError(
    { code, message: `status ${status}`, ...extra },
    code,
    status,
    "POST",
    "/channels/1/messages",
    request,
  );
}

describe("discordVerdict", () => {
  const table: Array<[what: string, error: unknown, retry: boolean]> = [
    ["an API 500", apiError(500, 0), true],
    ["an API 503", apiError(503, 0), true],
    ["an API 429", apiError(429, 0), true],
    ["Missing Permissions (403)", apiError(403, 50013), false],
    ["Unknown Message (404)", apiError(404, 10008), false],
    ["a 401", apiError(401, 0), false],
    [
      "a 5xx that outlasted discord.js's retries",
      new HTTPError(502, "Bad Gateway", "GET", "/x", request),
      true,
    ],
    ["the gateway's handshake answered 503", new Error("Unexpected server response: 503"), true],
    ["the gateway's handshake answered 429", new Error("Unexpected server response: 429"), true],
    ["the gateway's handshake answered 401", new Error("Unexpected server response: 401"), false],
    [
      "a refused connection",
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      true,
    ],
    ["a timeout", new DOMException("The operation was aborted", "TimeoutError"), true],
    ["a mistake inside discord.js", new TypeError("Cannot read properties of undefined"), false],
  ];
  it.each(table)("%s: retry %s", (_what, error, retry) => {
    expect(discordVerdict(error).retry).toBe(retry);
  });

  const sent: Array<[what: string, error: unknown, mayHaveTakenEffect: boolean]> = [
    ["an API 500", apiError(500, 0), true],
    [
      "a 5xx that outlasted discord.js's retries",
      new HTTPError(502, "Bad Gateway", "POST", "/x", request),
      true,
    ],
    ["a timeout", new DOMException("This operation was aborted", "AbortError"), true],
    [
      "a connection reset after the request went out",
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      true,
    ],
    ["an API 429", apiError(429, 0), false],
    [
      "a refused connection",
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      false,
    ],
  ];
  it.each(sent)("%s may have posted: %s", (_what, error, mayHaveTakenEffect) => {
    const verdict = discordVerdict(error);
    expect(verdict.retry && verdict.mayHaveTakenEffect === true).toBe(mayHaveTakenEffect);
  });

  it("keeps to the wait Discord named, in the 429's body or in discord.js's rate-limit error", () => {
    const limited = apiError(429, 0, { retry_after: 1.25, global: false });
    expect(discordVerdict(limited)).toMatchObject({ retry: true, afterMs: 1250 });
    const rejected = new RateLimitError({
      timeToReset: 2000,
      limit: 5,
      method: "POST",
      hash: "h",
      url: "/channels/1/messages",
      route: "/channels/:id/messages",
      majorParameter: "1",
      global: false,
      retryAfter: 1999.4,
      sublimitTimeout: 0,
      scope: "user",
    });
    expect(discordVerdict(rejected)).toMatchObject({ retry: true, afterMs: 2000 });
  });

  it("a refusal keeps discord.js's words", () => {
    expect(discordVerdict(apiError(403, 50013))).toEqual({ retry: false, reason: "status 403" });
  });
});
