// The shared rules every retry decision is built from: which statuses and network failures pass,
// how a service's own wait is kept, and which failures may have been done all the same.
import { describe, expect, it } from "vitest";
import {
  CONNECT_CODES,
  errorCode,
  httpStatusVerdict,
  isTimeout,
  networkFailure,
  noAnswer,
} from "../../src/runtime/failure-verdict.js";
import { closedPort } from "../app/doctor/closed-port.js";

/** A library error wrapping the socket's, as undici's fetch does ("fetch failed", cause errno). */
function wrapped(code: string): Error {
  const socket = Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code });
  return new Error("fetch failed", { cause: socket });
}

describe("httpStatusVerdict", () => {
  const table: Array<[status: number, serverErrors: "all" | "gateway", retry: boolean]> = [
    [429, "all", true],
    [429, "gateway", true],
    [408, "all", true],
    [408, "gateway", true],
    [500, "all", true],
    [500, "gateway", false],
    [501, "gateway", false],
    [502, "all", true],
    [502, "gateway", true],
    [503, "gateway", true],
    [504, "gateway", true],
    [400, "all", false],
    [401, "all", false],
    [403, "all", false],
    [404, "all", false],
    [409, "gateway", false],
    [200, "all", false],
  ];
  it.each(table)("HTTP %i with %s 5xx passing: retry %s", (status, serverErrors, retry) => {
    const verdict = httpStatusVerdict(status, "Example", { serverErrors });
    expect(verdict.retry).toBe(retry);
    // A 5xx may come after the server acted; a 429 or 408 says it did not.
    const mayHaveTakenEffect = verdict.retry && verdict.mayHaveTakenEffect === true;
    expect(mayHaveTakenEffect).toBe(retry && status >= 500);
  });

  it("says who answered what", () => {
    expect(httpStatusVerdict(503, "Slack")).toEqual({
      retry: true,
      reason: "Slack answered HTTP 503",
      mayHaveTakenEffect: true,
    });
    expect(httpStatusVerdict(404, "the chat API")).toEqual({
      retry: false,
      reason: "the chat API answered HTTP 404",
    });
  });

  it("keeps to the wait a 429 named, and leaves it to the caller when none was named", () => {
    expect(httpStatusVerdict(429, "Discord", { retryAfterMs: 1250 })).toEqual({
      retry: true,
      afterMs: 1250,
      reason: "Discord is rate limiting the bot (HTTP 429); Retry-After 1.25 s",
    });
    const unnamed = httpStatusVerdict(429, "Discord");
    expect(unnamed.retry && unnamed.afterMs).toBeUndefined();
  });
});

describe("networkFailure", () => {
  const passing = [
    "ECONNREFUSED",
    "ECONNRESET",
    "ENOTFOUND",
    "EAI_AGAIN",
    "EHOSTUNREACH",
    "ETIMEDOUT",
    "EPIPE",
    "UND_ERR_SOCKET",
    "UND_ERR_CONNECT_TIMEOUT",
    "UND_ERR_HEADERS_TIMEOUT",
  ];
  it.each(passing)("%s, outermost or wrapped, passes", (code) => {
    expect(networkFailure(Object.assign(new Error(code), { code }), "X")?.retry).toBe(true);
    expect(networkFailure(wrapped(code), "X")).toMatchObject({
      retry: true,
      reason: `could not reach X: fetch failed (${code})`,
    });
  });

  it.each(passing)("%s may have been done unless the connection was never made", (code) => {
    const verdict = networkFailure(wrapped(code), "X");
    const mayHaveTakenEffect = verdict?.retry === true && verdict.mayHaveTakenEffect === true;
    expect(mayHaveTakenEffect).toBe(!CONNECT_CODES.has(code));
  });

  it("a timeout or an abort passes, in words", () => {
    // A request that timed out may have been received and done.
    expect(networkFailure(new DOMException("late", "TimeoutError"), "Slack")).toEqual({
      retry: true,
      reason: "Slack did not answer in time",
      mayHaveTakenEffect: true,
    });
    expect(isTimeout(Object.assign(new Error("aborted"), { name: "AbortError" }))).toBe(true);
  });

  it("anything else is not a network failure", () => {
    expect(networkFailure(Object.assign(new Error("no"), { code: "EACCES" }), "X")).toBeUndefined();
    expect(networkFailure(new TypeError("x is not a function"), "X")).toBeUndefined();
    expect(networkFailure("a string", "X")).toBeUndefined();
    expect(networkFailure(undefined, "X")).toBeUndefined();
  });

  it("a cause chain that loops is read, not followed forever", () => {
    const looping: Error & { cause?: unknown } = new Error("loop");
    looping.cause = looping;
    expect(networkFailure(looping, "X")).toBeUndefined();
  });

  it("a real refused connection is recognised through fetch's wrapping", async () => {
    const port = await closedPort();
    const failure = await fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(errorCode(failure)).toBe("ECONNREFUSED");
    // Refused: never sent, so it cannot have been done.
    expect(networkFailure(failure, "Example")).toEqual({
      retry: true,
      reason: "could not reach Example: fetch failed (ECONNREFUSED)",
    });
  });
});

describe("noAnswer", () => {
  it("always passes, naming the innermost code, or the cause's words when there is none", () => {
    expect(
      noAnswer(new Error("socket hang up", { cause: new Error("other side closed") }), "X"),
    ).toEqual({
      retry: true,
      reason: "could not reach X: socket hang up (other side closed)",
      mayHaveTakenEffect: true,
    });
    expect(noAnswer(new Error("odd"), "X")).toEqual({
      retry: true,
      reason: "could not reach X: odd",
      mayHaveTakenEffect: true,
    });
  });
});
