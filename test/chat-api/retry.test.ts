import { describe, expect, it } from "vitest";
import { backoffDelayMs, defaultRetryPolicy, parseRetryAfterMs } from "../../src/chat-api/retry.js";

describe("backoff", () => {
  const policy = { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 300, totalDeadlineMs: 10_000 };

  it("doubles per attempt and is capped", () => {
    expect(backoffDelayMs(policy, 1, () => 1)).toBe(100);
    expect(backoffDelayMs(policy, 2, () => 1)).toBe(200);
    expect(backoffDelayMs(policy, 3, () => 1)).toBe(300);
    expect(backoffDelayMs(policy, 9, () => 1)).toBe(300);
  });

  it("jitters within the upper half of the step", () => {
    expect(backoffDelayMs(policy, 2, () => 0)).toBe(100);
    expect(backoffDelayMs(policy, 2, () => 0.5)).toBe(150);
  });

  it("defaults: three tries within twice the per-request timeout", () => {
    expect(defaultRetryPolicy(5_000)).toMatchObject({ maxAttempts: 3, totalDeadlineMs: 10_000 });
  });
});

describe("Retry-After", () => {
  const now = Date.parse("2026-11-21T10:00:00Z");

  it("reads delta-seconds", () => {
    expect(parseRetryAfterMs("3", now)).toBe(3_000);
    expect(parseRetryAfterMs(["0"], now)).toBe(0);
  });

  it("reads an HTTP date", () => {
    expect(parseRetryAfterMs("Sat, 21 Nov 2026 10:00:05 GMT", now)).toBe(5_000);
    expect(parseRetryAfterMs("Sat, 21 Nov 2026 09:00:00 GMT", now)).toBe(0);
  });

  it("is undefined when absent or unreadable", () => {
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
    expect(parseRetryAfterMs("", now)).toBeUndefined();
    expect(parseRetryAfterMs("soon", now)).toBeUndefined();
  });
});
