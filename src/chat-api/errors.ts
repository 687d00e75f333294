// Every way a chat/v1 call can fail, as one hierarchy whose messages a moderator can act on.
// Messages name the call (method and path), never the token; fields hold only what is safe to
// print, because errors end up in logs, case records and chat messages. The message is English
// (logs, case records); `shown()` says the same in the language of the moderator reading it.
import { type MessageKey, type MessageValues, t, textIn } from "../i18n/translate.js";

export interface ChatApiCall {
  method: string;
  path: string;
  /** A write whose outcome is unknown must not be repeated blindly: the message says so. */
  isWrite: boolean;
}

export type ChatApiErrorKind =
  | "credentials"
  | "http"
  | "rate-limited"
  | "not-json"
  | "schema"
  | "too-large"
  | "timeout"
  | "network";

/** What a failure says, as a catalogue text and its values. */
interface FailureText {
  key: MessageKey;
  values?: MessageValues;
}

export abstract class ChatApiError extends Error {
  abstract readonly kind: ChatApiErrorKind;
  readonly method: string;
  readonly path: string;
  /** True when the server may have carried out a write even though the call failed. */
  readonly mayHaveApplied: boolean;

  private readonly text: FailureText;

  protected constructor(call: ChatApiCall, text: FailureText, mayHaveApplied: boolean) {
    const applied = mayHaveApplied && call.isWrite;
    super(inLanguage((key, values) => textIn("en", key, values), text, applied));
    this.name = new.target.name;
    this.method = call.method;
    this.path = call.path;
    this.mayHaveApplied = applied;
    this.text = text;
  }

  /** The message in the language of the work running now: what a moderator reads. */
  shown(): string {
    return inLanguage(t, this.text, this.mayHaveApplied);
  }
}

/** The failure's text, and that a write may have been applied, by `translate`. */
function inLanguage(
  translate: (key: MessageKey, values?: MessageValues) => string,
  { key, values }: FailureText,
  mayHaveApplied: boolean,
): string {
  const message = translate(key, values);
  return mayHaveApplied ? translate("chatApi.mayHaveApplied", { message }) : message;
}

/** `GET /chat/v1/reports`: the call as every message names it. */
function callOf(call: ChatApiCall): string {
  return `${call.method} ${call.path}`;
}

/** 400701: the master token is missing, wrong or lacks permission. */
export class ChatApiCredentialsError extends ChatApiError {
  readonly kind = "credentials";
  constructor(call: ChatApiCall) {
    super(call, { key: "chatApi.credentials" }, false);
  }
}

/** A non-2xx answer. `code` and `apiMessage` are set when the body had the documented shape. */
export class ChatApiHttpError extends ChatApiError {
  readonly kind = "http";
  constructor(
    call: ChatApiCall,
    readonly status: number,
    readonly code: number | undefined,
    readonly apiMessage: string | undefined,
  ) {
    const detail = apiMessage === undefined ? "none" : code === undefined ? "message" : "code";
    // A 5xx may come after the server acted on the write; a 4xx is a refusal.
    super(
      call,
      {
        key: "chatApi.http",
        values: {
          call: callOf(call),
          status,
          detail,
          apiMessage: apiMessage ?? "",
          code: String(code ?? ""),
        },
      },
      status >= 500,
    );
  }
}

/** 429 after the allowed retries, or with a Retry-After longer than the call may wait. */
export class ChatApiRateLimitError extends ChatApiError {
  readonly kind = "rate-limited";
  constructor(
    call: ChatApiCall,
    readonly retryAfterMs: number | undefined,
  ) {
    const seconds = retryAfterMs === undefined ? "none" : String(Math.ceil(retryAfterMs / 1000));
    super(call, { key: "chatApi.rateLimited", values: { call: callOf(call), seconds } }, false);
  }
}

/** The body was not JSON: typically an HTML error page from a proxy in front of the API. */
export class ChatApiNotJsonError extends ChatApiError {
  readonly kind = "not-json";
  constructor(
    call: ChatApiCall,
    readonly status: number,
    readonly excerpt: string,
  ) {
    super(
      call,
      { key: "chatApi.notJson", values: { call: callOf(call), status, excerpt } },
      status < 400 || status >= 500,
    );
  }
}

/** JSON of the wrong shape: `field` names the first offending place, e.g. `[3].report_id`. */
export class ChatApiSchemaError extends ChatApiError {
  readonly kind = "schema";
  constructor(
    call: ChatApiCall,
    readonly field: string,
    readonly problem: string,
  ) {
    super(call, { key: "chatApi.schema", values: { call: callOf(call), field, problem } }, true);
  }
}

/**
 * An answer larger than CHAT_API_MAX_BODY_MB: the call stopped reading it there, so that no
 * server, hostile or broken, can fill the bot's memory.
 */
export class ChatApiBodyTooLargeError extends ChatApiError {
  readonly kind = "too-large";
  constructor(
    call: ChatApiCall,
    readonly limitBytes: number,
  ) {
    super(
      call,
      {
        key: "chatApi.tooLarge",
        values: { call: callOf(call), megabytes: formatMegabytes(limitBytes) },
      },
      true,
    );
  }
}

export class ChatApiTimeoutError extends ChatApiError {
  readonly kind = "timeout";
  constructor(
    call: ChatApiCall,
    readonly timeoutMs: number,
  ) {
    super(
      call,
      { key: "chatApi.timeout", values: { call: callOf(call), seconds: formatSeconds(timeoutMs) } },
      true,
    );
  }
}

/** No HTTP answer at all: refused, reset, DNS. `reachedServer` false means nothing was sent. */
export class ChatApiNetworkError extends ChatApiError {
  readonly kind = "network";
  constructor(
    call: ChatApiCall,
    readonly origin: string,
    readonly reason: string,
    readonly reachedServer: boolean,
  ) {
    super(
      call,
      { key: "chatApi.network", values: { call: callOf(call), origin, reason } },
      reachedServer,
    );
  }
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / 1_048_576;
  return String(Number.isInteger(megabytes) ? megabytes : Number(megabytes.toPrecision(2)));
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}
