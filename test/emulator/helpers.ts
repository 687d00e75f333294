// Real HTTP to a real emulator on 127.0.0.1 (undici's `request`, as the bot's client uses), so
// these tests see exactly what a client sees: status, headers, bytes.
import { request } from "undici";
import { afterEach } from "vitest";
import {
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator,
} from "../../emulator/server.js";

export const TOKEN = "test-master-token";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body as JSON; undefined when it is not JSON. */
  json: unknown;
}

export interface CallOptions {
  /** Defaults to TOKEN; null sends no Authorization header. */
  token?: string | null;
  body?: unknown;
  /** Sent as is instead of `body`. */
  rawBody?: string;
  query?: Record<string, string>;
  contentType?: string;
}

/** Starts an emulator for one test and closes it after the test, whatever happens. */
export function useEmulator(): (options?: Partial<EmulatorOptions>) => Promise<RunningEmulator> {
  const started: RunningEmulator[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((emulator) => emulator.close()));
  });
  return async (options = {}) => {
    const emulator = await startEmulator({ token: TOKEN, ...options });
    started.push(emulator);
    return emulator;
  };
}

/** A chat/v1 call; `path` is the part after /chat/v1. */
export function callApi(
  emulator: RunningEmulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : "";
  const headers: Record<string, string> = {
    "content-type": options.contentType ?? "application/json; charset=utf8",
  };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  return send(method, `${emulator.baseUrl}${path}${query}`, headers, bodyText(options));
}

/** A call to the control surface; `path` is the part after /__control. */
export function callControl(
  emulator: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const headers = { "content-type": "application/json" };
  const text = body === undefined ? undefined : JSON.stringify(body);
  return send(method, `${emulator.origin}/__control${path}`, headers, text);
}

async function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Answer> {
  const response = await request(url, { method, headers, body });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}

function bodyText(options: CallOptions): string | undefined {
  if (options.rawBody !== undefined) return options.rawBody;
  return options.body === undefined ? undefined : JSON.stringify(options.body);
}
