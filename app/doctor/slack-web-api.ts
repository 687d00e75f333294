// Slack's Web API as the doctor reads it: a few calls at SLACK_API_URL with the bot token, each
// answer parsed with zod, plus the scopes the token holds, which Slack sends with every call in
// the `x-oauth-scopes` header, comma-separated (Slack's OAuth v2 guide,
// api.slack.com/authentication/oauth-v2; @slack/web-api 8.2's WebClient reads the same header
// into response_metadata.scopes, splitting it on commas).
// Plain undici rather than bolt's WebClient: no retries that would hide what is wrong, and the
// doctor never loads bolt.
import { request } from "undici";
import { z } from "zod";
import type { Secret } from "../../src/config.js";
import { t } from "../../src/i18n/translate.js";
import { type CheckBudget, noAnswer, requestSignal } from "./check.js";

export type SlackAnswer<T> =
  | { kind: "ok"; value: T; scopes: string[] | undefined }
  /** Slack answered `ok: false`: `invalid_auth`, `token_revoked`, `not_in_channel`…. */
  | { kind: "error"; error: string; needed: string | undefined }
  /** No answer, or one that is not Slack's (a proxy page, an HTTP error). */
  | { kind: "unanswered"; reason: string };

const envelopeSchema = z.union([
  z.object({ ok: z.literal(true) }).loose(),
  z.object({ ok: z.literal(false), error: z.string(), needed: z.string().optional() }),
]);

export class DoctorWebApi {
  readonly #authorization: string;
  private readonly host: string;

  constructor(
    private readonly apiUrl: string,
    token: Secret,
    private readonly budget: CheckBudget,
  ) {
    this.host = new URL(apiUrl).host;
    this.#authorization = `Bearer ${token.reveal()}`;
  }

  async call<Schema extends z.ZodType>(
    method: string,
    args: Record<string, string>,
    schema: Schema,
  ): Promise<SlackAnswer<z.output<Schema>>> {
    const signal = requestSignal(this.budget);
    let status: number;
    let scopesHeader: string | string[] | undefined;
    let retryAfter: string | string[] | undefined;
    let text: string;
    try {
      // SLACK_API_URL keeps its trailing slash (config.ts), so the method joins onto it.
      const response = await request(`${this.apiUrl}${method}`, {
        method: "POST",
        headers: {
          authorization: this.#authorization,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(args).toString(),
        signal,
      });
      status = response.statusCode;
      scopesHeader = response.headers["x-oauth-scopes"];
      retryAfter = response.headers["retry-after"];
      text = await response.body.text();
    } catch (error) {
      return { kind: "unanswered", reason: this.noAnswer(method, error, signal) };
    }
    if (status === 429) {
      const wait = typeof retryAfter === "string" ? `; retry after ${retryAfter} s` : "";
      return { kind: "error", error: `ratelimited${wait}`, needed: undefined };
    }
    const json = parseJson(text);
    const envelope = envelopeSchema.safeParse(json);
    if (status !== 200 || !envelope.success) {
      return {
        kind: "unanswered",
        reason: t("terminal.doctor.request.slackHttp", {
          host: this.host,
          request: method,
          status,
          envelope: envelope.success ? "yes" : "no",
        }),
      };
    }
    if (!envelope.data.ok) {
      return { kind: "error", error: envelope.data.error, needed: envelope.data.needed };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") || "(body)";
      return {
        kind: "unanswered",
        reason: t("terminal.doctor.request.unknownBody", {
          host: this.host,
          request: method,
          platform: "Slack",
          field,
        }),
      };
    }
    return { kind: "ok", value: parsed.data, scopes: scopeList(scopesHeader) };
  }

  private noAnswer(method: string, error: unknown, signal: AbortSignal): string {
    return noAnswer(this.host, method, error, { budget: this.budget, signal });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** "commands,chat:write, channels:history" → the scopes; undefined when Slack sent none. */
export function scopeList(header: string | string[] | undefined): string[] | undefined {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value === undefined) return undefined;
  return value
    .split(",")
    .map((scope) => scope.trim())
    .filter((scope) => scope !== "");
}
