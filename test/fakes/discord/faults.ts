// What Discord's edge does on a bad day, queued by tests: 429 with retry_after on a route, 5xx
// pages during an outage, a refusal such as Missing Permissions. Each fault answers the next
// `times` matching requests instead of the route; an outage answers every matching request until
// it is ended. The request is still recorded, as a real one would be.

export interface DiscordFault {
  method?: string;
  /** Matches the decoded path after /api/v10, e.g. /^\/webhooks\//. Any when absent. */
  path?: RegExp;
  /**
   * Matches the request's parsed body: a fault meant for one message is not taken by another the
   * bot happens to send first (an audit post still draining from an earlier test). Any when absent.
   */
  body?: (body: unknown) => boolean;
  /** 429 answers as Discord's rate limiter does; other statuses with an HTML error page. */
  status: number;
  /** Seconds, for 429; default 0.05. */
  retryAfter?: number;
  /**
   * A JSON error code, answered as Discord's API answers a refusal: `{ code, message }` (403 with
   * 50013 Missing Permissions, 50001 Missing Access). Without it, a status other than 429 is the
   * edge's HTML page.
   */
  code?: number;
  message?: string;
  /**
   * The request takes effect and only its answer is lost: Discord created the message, then its
   * edge answered 502 (a timeout between Discord's services). A retry must not duplicate it.
   */
  afterRoute?: boolean;
  /** Default 1. */
  times?: number;
}

export type DiscordOutage = Omit<DiscordFault, "times" | "retryAfter" | "afterRoute" | "body">;

/** A fault's answer, and whether the route runs first (`afterRoute`). */
export interface FaultAnswer extends HttpAnswer {
  afterRoute: boolean;
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

  /**
   * Every matching request fails (default: every REST request with a 503 page) until the returned
   * function is called: Discord down for as long as the test needs.
   */
  outage(outage: DiscordOutage = { status: 503 }): () => void {
    const entry = { fault: outage, remaining: Number.POSITIVE_INFINITY };
    this.queue.push(entry);
    return () => {
      const at = this.queue.indexOf(entry);
      if (at >= 0) this.queue.splice(at, 1);
    };
  }

  /** How many matching requests the queued faults will still answer (Infinity during an outage). */
  pending(): number {
    return this.queue.reduce((sum, entry) => sum + entry.remaining, 0);
  }

  take(method: string, path: string, body: unknown): FaultAnswer | undefined {
    const entry = this.queue.find(
      ({ fault }) =>
        (fault.method === undefined || fault.method === method) &&
        (fault.path === undefined || fault.path.test(path)) &&
        (fault.body === undefined || fault.body(body)),
    );
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.queue.splice(this.queue.indexOf(entry), 1);
    return { ...answer(entry.fault), afterRoute: entry.fault.afterRoute ?? false };
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
  if (fault.code !== undefined) {
    return {
      status: fault.status,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: fault.code, message: fault.message ?? `error ${fault.code}` }),
    };
  }
  return {
    status: fault.status,
    headers: { "content-type": "text/html" },
    body: `<html><body><h1>${fault.status}</h1>upstream unavailable</body></html>`,
  };
}
