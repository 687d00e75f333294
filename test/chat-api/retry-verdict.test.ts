// Which failed chat/v1 tries are made again: reads after passing trouble, writes only when the
// server provably never saw them. The rules are the shared ones, narrowed where
// src/runtime/failure-verdict.ts says why.
import { describe, expect, it } from "vitest";
import {
  type ChatApiCall,
  ChatApiCredentialsError,
  type ChatApiError,
  ChatApiHttpError,
  ChatApiNetworkError,
  ChatApiNotJsonError,
  ChatApiRateLimitError,
  ChatApiTimeoutError,
} from "../../src/chat-api/errors.js";
import { chatApiVerdict } from "../../src/chat-api/retry.js";

const read: ChatApiCall = { method: "GET", path: "/report_list", isWrite: false };
const write: ChatApiCall = { method: "PUT", path: "/block_user_chat", isWrite: true };

function failures(call: ChatApiCall): Array<[string, ChatApiError]> {
  return [
    ["HTTP 502", new ChatApiHttpError(call, 502, 502, "bad gateway")],
    ["HTTP 503", new ChatApiHttpError(call, 503, undefined, undefined)],
    ["HTTP 504 page", new ChatApiNotJsonError(call, 504, "<html>")],
    ["HTTP 500", new ChatApiHttpError(call, 500, 500900, "boom")],
    ["HTTP 404", new ChatApiHttpError(call, 404, 404900, "no")],
    ["429", new ChatApiRateLimitError(call, 1000)],
    ["refused connection", new ChatApiNetworkError(call, "http://127.0.0.1:9", "refused", false)],
    ["reset connection", new ChatApiNetworkError(call, "http://127.0.0.1:9", "reset", true)],
    ["timeout", new ChatApiTimeoutError(call, 200)],
    ["credentials", new ChatApiCredentialsError(call)],
  ];
}

const readRetries = [
  "HTTP 502",
  "HTTP 503",
  "HTTP 504 page",
  "429",
  "refused connection",
  "reset connection",
];
const writeRetries = ["429", "refused connection"];

describe("chatApiVerdict", () => {
  it.each(failures(read))("a read after %s", (what, failure) => {
    expect(chatApiVerdict(failure, false).retry).toBe(readRetries.includes(what));
  });
  it.each(failures(write))("a write after %s", (what, failure) => {
    expect(chatApiVerdict(failure, true).retry).toBe(writeRetries.includes(what));
  });
  it("keeps to the Retry-After of a 429", () => {
    expect(chatApiVerdict(new ChatApiRateLimitError(read, 3000), false)).toMatchObject({
      retry: true,
      afterMs: 3000,
    });
  });
});
