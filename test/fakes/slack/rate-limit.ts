// Slack's rate limits, as the fake enforces them (https://docs.slack.dev/apis/web-api/rate-limits):
// - chat.postMessage "generally allows posting one message per second per channel" ("Posting
//   messages: 1 per second, short bursts >1 allowed");
// - conversations.history is Tier 3, "50+ per minute … Sporadic bursts are welcome", applied
//   "per API method per workspace/team per app". That is the tier of internal customer-built
//   apps, which chatwarden is (each studio creates its own from slack-manifest.yml); since May
//   29, 2025 a commercially distributed app outside the Marketplace gets 1 a minute and at most
//   15 messages a page (the method's reference), which would not fit chatwarden's use.
// Slack publishes no burst size, so the fake's is a parameter; a token bucket per key (a
// channel, a method) models "a burst, then one per interval".

export interface RateLimit {
  /** Calls that may arrive at once after a quiet spell. */
  burst: number;
  /** After the burst, one call per this many milliseconds. */
  intervalMs: number;
  /**
   * How early a call may arrive and still pass. A sender that paces itself exactly to the limit
   * measures from when it sent, the fake from when it received, so without some slack a
   * well-behaved sender would draw 429s from network jitter alone. Slack itself is no stricter
   * than "about one per second". Default 50 ms.
   */
  toleranceMs?: number;
}

/** The fake's default for chat.postMessage, per channel. */
export const DEFAULT_POST_RATE_LIMIT: RateLimit = { burst: 3, intervalMs: 1000 };

/** The fake's default for conversations.history: Tier 3's 50 a minute, a minute's worth at once. */
export const DEFAULT_HISTORY_RATE_LIMIT: RateLimit = { burst: 50, intervalMs: 60_000 / 50 };

const DEFAULT_TOLERANCE_MS = 50;

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly threshold: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.threshold = 1 - (limit.toleranceMs ?? DEFAULT_TOLERANCE_MS) / limit.intervalMs;
  }

  /**
   * Takes one call's token for `key`: undefined when the call may pass, otherwise how many
   * milliseconds until it would. A refused call takes nothing, as a refused post is not sent.
   */
  take(key: string): number | undefined {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    const tokens = Math.min(
      this.limit.burst,
      bucket.tokens + (now - bucket.at) / this.limit.intervalMs,
    );
    if (tokens >= this.threshold) {
      this.buckets.set(key, { tokens: Math.max(0, tokens - 1), at: now });
      return undefined;
    }
    this.buckets.set(key, { tokens, at: now });
    return (1 - tokens) * this.limit.intervalMs;
  }
}

/** Retry-After as Slack sends it: whole seconds, at least one. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
