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
import { t } from "../../src/i18n/translate.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
import { type CheckBudget, fail, pass, skip } from "./check.js";

const REACH = "chat API";
const TOKEN = "chat API token";

export async function chatApiChecks(
  config: Readonly<Config>,
  budget: CheckBudget,
): Promise<DoctorCheck[]> {
  if (!config.chatApi) {
    return [pass(REACH, t("terminal.doctor.chatApi.notConfigured"))];
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
  const answered = () =>
    t("terminal.doctor.chatApi.answered", {
      where,
      ms: String(Math.round(performance.now() - started)),
    });
  try {
    const groups = await client.listChannelGroups();
    return [
      pass(REACH, answered()),
      pass(TOKEN, t("terminal.doctor.chatApi.accepted", { groups: groups.length })),
    ];
  } catch (error) {
    if (!(error instanceof ChatApiError)) throw error;
    if (isRefusedToken(error)) {
      return [
        pass(REACH, answered()),
        fail(TOKEN, refusal(error), t("terminal.doctor.chatApi.tokenFix")),
      ];
    }
    return [
      fail(REACH, error.message, reachFix(error)),
      skip(TOKEN, t("terminal.doctor.chatApi.tokenNotChecked")),
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
  if (error instanceof ChatApiCredentialsError) return t("terminal.doctor.chatApi.rejected");
  if (error instanceof ChatApiHttpError) {
    const said = error.apiMessage === undefined ? "" : `: ${error.apiMessage}`;
    return `HTTP ${error.status} ${error.status === 401 ? "Unauthorized" : "Forbidden"}${said}`;
  }
  return error.message;
}

function reachFix(error: ChatApiError): string {
  if (error instanceof ChatApiNetworkError) return t("terminal.doctor.chatApi.networkFix");
  if (error instanceof ChatApiTimeoutError) return t("terminal.doctor.chatApi.timeoutFix");
  if (error instanceof ChatApiRateLimitError) return t("terminal.doctor.rateLimitFix");
  if (error instanceof ChatApiNotJsonError || error instanceof ChatApiSchemaError) {
    return t("terminal.doctor.chatApi.notChatV1Fix");
  }
  if (error instanceof ChatApiHttpError && error.status === 404) {
    return t("terminal.doctor.chatApi.notFoundFix");
  }
  return t("terminal.doctor.chatApi.failingFix");
}

/** The address without any user:password a URL may carry. */
function printable(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.host}${url.pathname}`;
}
