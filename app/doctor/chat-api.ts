// The chat API: it answers at CHAT_API_BASE_URL, and it accepts CHAT_API_TOKEN. One read-only
// call (GET /open_channel_groups), tried once: the doctor reports what it sees instead of
// retrying it away, and stays within its time.

import { BYTES_PER_MB, ChatApiClient } from "../../src/chat-api/client.js";
import {
  ChatApiCredentialsError,
  ChatApiError,
  ChatApiHttpError,
  ChatApiNetworkError,
  ChatApiNotJsonError,
  ChatApiRateLimitError,
  ChatApiSchemaError,
  ChatApiTimeoutError,
} from "../../src/chat-api/errors.js";
import type { Config } from "../../src/config.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
import { type CheckBudget, fail, pass, skip } from "./check.js";

const REACH = "chat API";
const TOKEN = "chat API token";
const TOKEN_FIX = "set CHAT_API_TOKEN to the chat/v1 master token";

export async function chatApiChecks(
  config: Readonly<Config>,
  budget: CheckBudget,
): Promise<DoctorCheck[]> {
  if (!config.chatApi) {
    return [
      pass(
        REACH,
        "not configured: serve would run the built-in emulator with demo data (set CHAT_API_BASE_URL and CHAT_API_TOKEN for a game's chat)",
      ),
    ];
  }
  const where = printable(config.chatApi.baseUrl);
  const client = new ChatApiClient({
    baseUrl: config.chatApi.baseUrl,
    token: config.chatApi.token.reveal(),
    timeoutMs: Math.min(config.chatApiTimeoutMs, budget.requestTimeoutMs),
    maxBodyBytes: config.chatApiMaxBodyMb * BYTES_PER_MB,
    retry: { maxAttempts: 1 },
  });
  const started = performance.now();
  const answered = () => `${where} answered in ${Math.round(performance.now() - started)} ms`;
  try {
    const groups = await client.listChannelGroups();
    return [
      pass(REACH, answered()),
      pass(TOKEN, `accepted (GET /open_channel_groups: ${groups.length} channel group(s))`),
    ];
  } catch (error) {
    if (!(error instanceof ChatApiError)) throw error;
    if (isRefusedToken(error)) {
      return [pass(REACH, answered()), fail(TOKEN, refusal(error), TOKEN_FIX)];
    }
    return [
      fail(REACH, error.message, reachFix(error)),
      skip(TOKEN, "not checked: the chat API did not answer as chat/v1 does"),
    ];
  } finally {
    await client.close();
  }
}

function isRefusedToken(error: ChatApiError): boolean {
  if (error instanceof ChatApiCredentialsError) return true;
  return error instanceof ChatApiHttpError && (error.status === 401 || error.status === 403);
}

function refusal(error: ChatApiError): string {
  if (error instanceof ChatApiCredentialsError) return "rejected the master token (400701)";
  if (error instanceof ChatApiHttpError) {
    const said = error.apiMessage === undefined ? "" : `: ${error.apiMessage}`;
    return `HTTP ${error.status} ${error.status === 401 ? "Unauthorized" : "Forbidden"}${said}`;
  }
  return error.message;
}

function reachFix(error: ChatApiError): string {
  if (error instanceof ChatApiNetworkError) {
    return "check CHAT_API_BASE_URL (host and port), and that this machine can reach it";
  }
  if (error instanceof ChatApiTimeoutError) {
    return "check that the chat API is up; a slow one needs a larger CHAT_API_TIMEOUT_MS";
  }
  if (error instanceof ChatApiRateLimitError) return "wait a minute and run the doctor again";
  if (error instanceof ChatApiNotJsonError || error instanceof ChatApiSchemaError) {
    return "check that CHAT_API_BASE_URL points at the chat/v1 API itself (ending in /chat/v1), not a proxy or a web page";
  }
  if (error instanceof ChatApiHttpError && error.status === 404) {
    return "check CHAT_API_BASE_URL: it must end in /chat/v1";
  }
  return "the chat API is failing: try again later, or ask its operators";
}

/** The address without any user:password a URL may carry. */
function printable(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.host}${url.pathname}`;
}
