// Discord's REST API as the doctor reads it: a few GETs at DISCORD_API_URL with the bot token,
// each answer parsed with zod, each failure kept as what Discord said (status, JSON code and
// message) or why there was no answer. Plain undici rather than discord.js: the doctor needs no
// gateway, no cache and no rate-limit queue, and starts faster without them.
import { request } from "undici";
import { z } from "zod";
import type { Secret } from "../../src/config.js";
import { t } from "../../src/i18n/translate.js";
import { type CheckBudget, noAnswer, requestSignal } from "./check.js";

export type RestAnswer<T> =
  | { kind: "ok"; value: T }
  /** Discord answered and said no: 401 for a bad token, 403 Missing Access, 404 Unknown …. */
  | { kind: "refused"; status: number; code: number | undefined; message: string }
  /** No answer, or one that is not Discord's (a proxy page, an unexpected shape). */
  | { kind: "unanswered"; reason: string };

const errorBodySchema = z.object({ code: z.number(), message: z.string() });
const rateLimitBodySchema = z.object({ retry_after: z.number() });

/** Discord asks bots to say who they are, as "DiscordBot ($url, $version)" (API Reference). */
const USER_AGENT = "DiscordBot (chatwarden, doctor)";

export class DoctorRest {
  readonly #authorization: string;
  private readonly base: string;
  private readonly host: string;

  constructor(
    apiUrl: string,
    token: Secret,
    private readonly budget: CheckBudget,
  ) {
    // DISCORD_API_URL is the REST root without a version, as discord.js takes it.
    this.base = `${apiUrl.replace(/\/+$/, "")}/v10`;
    this.host = new URL(apiUrl).host;
    this.#authorization = `Bot ${token.reveal()}`;
  }

  async get<Schema extends z.ZodType>(
    path: string,
    schema: Schema,
  ): Promise<RestAnswer<z.output<Schema>>> {
    const signal = requestSignal(this.budget);
    let status: number;
    let text: string;
    try {
      const response = await request(`${this.base}${path}`, {
        method: "GET",
        headers: { authorization: this.#authorization, "user-agent": USER_AGENT },
        signal,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      return { kind: "unanswered", reason: this.noAnswer(path, error, signal) };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return {
        kind: "unanswered",
        reason: t("terminal.doctor.request.notJson", {
          host: this.host,
          request: `GET ${path}`,
          status,
        }),
      };
    }
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(json);
      if (parsed.success) return { kind: "ok", value: parsed.data };
      const field = parsed.error.issues[0]?.path.join(".") || "(body)";
      return {
        kind: "unanswered",
        reason: t("terminal.doctor.request.unknownBody", {
          host: this.host,
          request: `GET ${path}`,
          platform: "Discord",
          field,
        }),
      };
    }
    if (status === 429) {
      const limit = rateLimitBodySchema.safeParse(json);
      const wait = limit.success ? `; retry after ${Math.ceil(limit.data.retry_after)} s` : "";
      return { kind: "refused", status, code: undefined, message: `rate limited${wait}` };
    }
    const error = errorBodySchema.safeParse(json);
    return error.success
      ? { kind: "refused", status, code: error.data.code, message: error.data.message }
      : { kind: "refused", status, code: undefined, message: `HTTP ${status}` };
  }

  private noAnswer(path: string, error: unknown, signal: AbortSignal): string {
    return noAnswer(this.host, `GET ${path}`, error, { budget: this.budget, signal });
  }
}

/** What a refusal says, for a line: "404 Unknown Channel (10003)". */
export function describeRefusal(answer: {
  status: number;
  code: number | undefined;
  message: string;
}): string {
  const code = answer.code === undefined || answer.code === 0 ? "" : ` (${answer.code})`;
  // Discord's 401 message is "401: Unauthorized"; others are bare ("Missing Access").
  const message = answer.message.replace(/^\d{3}: /, "");
  return `${answer.status} ${message}${code}`;
}
