// What Discord's edge does on a bad day, queued by tests: 429 with retry_after on a route, 5xx
// pages during an outage. Each fault answers the next `times` matching requests instead of the
// route; the request is still recorded, as a real one would be.

export interface DiscordFault {
  method?: string;
  /** Matches the decoded path after /api/v10, e.g. /^\/webhooks\//. Any when absent. */
  path?: RegExp;
  /** 429 answers as Discord's rate limiter does; other statuses with an HTML error page. */
  status: number;
  /** Seconds, for 429; default 0.05. */
  retryAfter?: number;
  /** Default 1. */
  times?: number;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class DiscordFaults {
  private readonly queue: { fault: DiscordFault; remaining: number }[] = [];

  add(fault: DiscordFault): void {
    this.queue.push({ fault, remaining: fault.times ?? 1 });
  }

  /** How many matching requests the queued faults will still answer. */
  pending(): number {
    return this.queue.reduce((sum, entry) => sum + entry.remaining, 0);
  }

  take(method: string, path: string): HttpAnswer | undefined {
    const entry = this.queue.find(
      ({ fault }) =>
        (fault.method === undefined || fault.method === method) &&
        (fault.path === undefined || fault.path.test(path)),
    );
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.queue.splice(this.queue.indexOf(entry), 1);
    return answer(entry.fault);
  }
}

function answer(fault: DiscordFault): HttpAnswer {
  if (fault.status === 429) {
    const retryAfter = fault.retryAfter ?? 0.05;
    return {
      status: 429,
      headers: {
        "content-type": "application/json",
        "retry-after": String(retryAfter),
        "x-ratelimit-scope": "user",
      },
      body: JSON.stringify({
        message: "You are being rate limited.",
        retry_after: retryAfter,
        global: false,
      }),
    };
  }
  return {
    status: fault.status,
    headers: { "content-type": "text/html" },
    body: `<html><body><h1>${fault.status}</h1>upstream unavailable</body></html>`,
  };
}
