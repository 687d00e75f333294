// The fake Web API at SLACK_API_URL: the methods the adapter calls, answered as Slack answers
// them (HTTP 200 with `ok`), every call recorded with its arguments. Faults are queued per
// method: a 429 with Retry-After, an `ok: false` error, an HTTP error; `down` answers every
// call with a 503, as an outage or a broken proxy would.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Recorder } from "./recorder.js";

export interface WebApiCall {
  method: string;
  args: Record<string, unknown>;
  /** The Authorization header, which carries the token. */
  authorization: string | undefined;
  at: number;
}

export interface CannedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const FAKE_TEAM = { id: "T0FAKE", name: "Fake Team" };
export const FAKE_BOT = { userId: "U0BOT", botId: "B0BOT", name: "chatwarden" };

export class FakeWebApi {
  readonly calls = new Recorder<WebApiCall>();
  /** Every call fails with HTTP 503 while set. */
  down = false;
  private readonly queued = new Map<string, CannedAnswer[]>();
  private ts = 1_700_000_000;

  constructor(private readonly socketUrl: () => string) {}

  /** The next call of `method` gets this answer instead of the normal one. */
  answerNext(method: string, answer: CannedAnswer): void {
    const queue = this.queued.get(method) ?? [];
    queue.push(answer);
    this.queued.set(method, queue);
  }

  rateLimitNext(method: string, retryAfterSeconds: number): void {
    this.answerNext(method, {
      status: 429,
      body: { ok: false, error: "ratelimited" },
      headers: { "retry-after": String(retryAfterSeconds) },
    });
  }

  failNext(method: string, error: string): void {
    this.answerNext(method, { status: 200, body: { ok: false, error } });
  }

  callsTo(method: string): WebApiCall[] {
    return this.calls.items.filter((call) => call.method === method);
  }

  /** The `nth` (1: the first) call of `method` that `match` accepts, past or future. */
  waitForCall(
    method: string,
    match: (call: WebApiCall) => boolean = () => true,
    nth = 1,
  ): Promise<WebApiCall> {
    const matching = (call: WebApiCall) => call.method === method && match(call);
    return this.calls.waitFor(
      (call) => matching(call) && this.calls.items.filter(matching).indexOf(call) === nth - 1,
      `call ${nth} of ${method}`,
    );
  }

  handle(method: string, request: IncomingMessage, response: ServerResponse, raw: string): void {
    this.calls.add({
      method,
      args: parseArguments(raw, request.headers["content-type"]),
      authorization: request.headers.authorization,
      at: performance.now(),
    });
    const answer = this.down
      ? { status: 503, body: "<html><body>Service Unavailable</body></html>" }
      : (this.queued.get(method)?.shift() ?? this.normalAnswer(method));
    const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      "content-type": typeof answer.body === "string" ? "text/html" : "application/json",
      ...answer.headers,
    });
    response.end(body);
  }

  private normalAnswer(method: string): CannedAnswer {
    const ok = (body: Record<string, unknown>) => ({ status: 200, body: { ok: true, ...body } });
    switch (method) {
      case "auth.test":
        return ok({
          url: "https://fake.slack.test/",
          team: FAKE_TEAM.name,
          team_id: FAKE_TEAM.id,
          user: FAKE_BOT.name,
          user_id: FAKE_BOT.userId,
          bot_id: FAKE_BOT.botId,
        });
      case "chat.postMessage":
      case "chat.postEphemeral":
        this.ts += 1;
        return ok({ channel: "C0FAKE", ts: `${this.ts}.000100` });
      case "views.open":
        return ok({ view: { id: "V0FAKE" } });
      case "apps.connections.open":
        return ok({ url: this.socketUrl() });
      default:
        return { status: 200, body: { ok: false, error: "unknown_method" } };
    }
  }
}

/** The Web API client sends form fields, with objects (blocks, views) as JSON strings. */
function parseArguments(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (contentType?.includes("application/json")) return JSON.parse(raw || "{}");
  const args: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    args[name] = /^[[{]/.test(value) ? tryJson(value) : value;
  }
  return args;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
