// Every way a chat/v1 call can fail, as one hierarchy whose messages a moderator can act on.
// Messages name the call (method and path), never the token; fields hold only what is safe to
// print, because errors end up in logs, case records and chat messages.

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

const MAY_HAVE_APPLIED = "; the change may have been applied, check before trying again";

export abstract class ChatApiError extends Error {
  abstract readonly kind: ChatApiErrorKind;
  readonly method: string;
  readonly path: string;
  /** True when the server may have carried out a write even though the call failed. */
  readonly mayHaveApplied: boolean;

  protected constructor(call: ChatApiCall, message: string, mayHaveApplied: boolean) {
    super(mayHaveApplied && call.isWrite ? message + MAY_HAVE_APPLIED : message);
    this.name = new.target.name;
    this.method = call.method;
    this.path = call.path;
    this.mayHaveApplied = mayHaveApplied && call.isWrite;
  }
}

/** 400701: the master token is missing, wrong or lacks permission. */
export class ChatApiCredentialsError extends ChatApiError {
  readonly kind = "credentials";
  constructor(call: ChatApiCall) {
    super(call, "The chat API rejected the master token (400701): check CHAT_API_TOKEN", false);
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
    const detail =
      apiMessage !== undefined
        ? `: ${apiMessage}${code !== undefined ? ` (${code})` : ""}`
        : " and no error message";
    // A 5xx may come after the server acted on the write; a 4xx is a refusal.
    super(
      call,
      `The chat API answered ${call.method} ${call.path} with HTTP ${status}${detail}`,
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
    const when =
      retryAfterMs !== undefined ? `; try again in ${Math.ceil(retryAfterMs / 1000)} s` : "";
    super(
      call,
      `The chat API is rate limiting ${call.method} ${call.path} (HTTP 429)${when}`,
      false,
    );
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
      `The chat API answered ${call.method} ${call.path} with HTTP ${status} and a body that is not JSON (a proxy error page?): "${excerpt}"`,
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
    super(
      call,
      `The chat API's answer to ${call.method} ${call.path} is not what the spec documents: ${field}: ${problem}`,
      true,
    );
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
      `The chat API's answer to ${call.method} ${call.path} is larger than ${formatMegabytes(limitBytes)}`,
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
      `The chat API did not answer ${call.method} ${call.path} within ${formatSeconds(timeoutMs)}`,
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
      `Could not reach the chat API at ${origin} for ${call.method} ${call.path} (${reason})`,
      reachedServer,
    );
  }
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / 1_048_576;
  return `${Number.isInteger(megabytes) ? megabytes : Number(megabytes.toPrecision(2))} MB`;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
