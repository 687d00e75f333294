// Discord's per-route rate limits on the routes the report feed and the audit trail use: posting
// and editing channel messages, counted per channel (a "top-level resource"), in fixed windows.
// As https://discord.com/developers/docs/topics/rate-limits documents them, every answer carries
//   X-RateLimit-Limit        requests allowed in the window
//   X-RateLimit-Remaining    requests left in it
//   X-RateLimit-Reset        when it resets, epoch seconds with decimals
//   X-RateLimit-Reset-After  seconds until then, with decimals
//   X-RateLimit-Bucket       an id for the limit, the same for every channel ("non-inclusive of
//                            top-level resources in the path")
// and a request over the limit gets 429 with a JSON body { message, retry_after (seconds, with
// decimals), global }, a Retry-After header (seconds) and X-RateLimit-Scope (`user` for a bot's
// own per-route limit). discord.js's REST queue reads these headers and waits before the limit
// is hit, so a bot that uses it well never draws a 429; the call log shows whether it did.
import type { HttpAnswer } from "./faults.js";

export interface RateLimit {
  /** Requests allowed per window on one route of one channel. */
  limit: number;
  windowMs: number;
}

/**
 * Discord does not publish its limits (they come in the headers); 5 messages per 5 s in a channel
 * is what bots observe. Tests shorten the window to see the waiting without waiting long.
 */
export const DEFAULT_CHANNEL_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 5_000 };

/** Creating and editing messages are limited separately (two buckets), each per channel. */
const LIMITED_ROUTES: { method: string; path: RegExp; bucket: string }[] = [
  { method: "POST", path: /^\/channels\/([^/]+)\/messages$/, bucket: "fake-message-create" },
  { method: "PATCH", path: /^\/channels\/([^/]+)\/messages\/[^/]+$/, bucket: "fake-message-edit" },
];

export interface RateLimitDecision {
  /** Set when the request is over the limit: the 429 to answer instead of the route. */
  refusal?: HttpAnswer;
  /** The X-RateLimit-* headers for the answer. */
  headers: Record<string, string>;
}

export class ChannelRateLimits {
  private readonly windows = new Map<string, { resetAt: number; remaining: number }>();

  constructor(
    private readonly rule: RateLimit = DEFAULT_CHANNEL_RATE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the request against its bucket; undefined for routes that are not limited. */
  take(method: string, path: string): RateLimitDecision | undefined {
    for (const route of LIMITED_ROUTES) {
      const channelId = route.method === method ? route.path.exec(path)?.[1] : undefined;
      if (channelId !== undefined) return this.count(route.bucket, channelId);
    }
    return undefined;
  }

  private count(bucket: string, channelId: string): RateLimitDecision {
    const now = this.now();
    const key = `${bucket}:${channelId}`;
    let window = this.windows.get(key);
    if (!window || now >= window.resetAt) {
      window = { resetAt: now + this.rule.windowMs, remaining: this.rule.limit };
      this.windows.set(key, window);
    }
    const allowed = window.remaining > 0;
    if (allowed) window.remaining -= 1;
    const resetAfter = (window.resetAt - now) / 1000;
    const headers = {
      "x-ratelimit-limit": String(this.rule.limit),
      "x-ratelimit-remaining": String(window.remaining),
      "x-ratelimit-reset": (window.resetAt / 1000).toFixed(3),
      "x-ratelimit-reset-after": resetAfter.toFixed(3),
      "x-ratelimit-bucket": bucket,
    };
    if (allowed) return { headers };
    return {
      headers,
      refusal: {
        status: 429,
        headers: {
          ...headers,
          "content-type": "application/json",
          "retry-after": resetAfter.toFixed(3),
          "x-ratelimit-scope": "user",
        },
        body: JSON.stringify({
          message: "You are being rate limited.",
          retry_after: resetAfter,
          global: false,
        }),
      },
    };
  }
}
