// Each way the chat API can fail, injected into the real emulator, and the message a moderator
// reads. Also: what is retried, what is not, and that the token never leaks into an error.
import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import type { ChatApiClient } from "../../src/chat-api/client.js";
import {
  ChatApiCredentialsError,
  type ChatApiError,
  ChatApiHttpError,
  ChatApiNetworkError,
  ChatApiNotJsonError,
  ChatApiRateLimitError,
  ChatApiTimeoutError,
} from "../../src/chat-api/errors.js";
import { clientFor, startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";

let emulator: RunningEmulator;
let client: ChatApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = clientFor(emulator.baseUrl);
});
afterEach(() => {
  emulator.faults.clear();
  emulator.requests.length = 0;
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

const PROXY_PAGE =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

function callsTo(method: string, path: string): number {
  return emulator.requests.filter((r) => r.method === method && r.path === path).length;
}

async function failureOf(promise: Promise<unknown>): Promise<ChatApiError> {
  const outcome = await promise.then(
    () => new Error("expected the call to fail"),
    (error: ChatApiError) => error,
  );
  if (!("kind" in outcome)) throw outcome;
  return outcome;
}

/** The token must not be in the message, any enumerable field, or a deep inspection. */
function expectNoToken(error: unknown, token = TEST_TOKEN) {
  expect(String(error)).not.toContain(token);
  expect(JSON.stringify(error)).not.toContain(token);
  expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(token);
}

describe("requests", () => {
  it("carry exactly the spec's headers", async () => {
    await client.listBans();
    await client.banUser({ gamer_id: "h-1", days: 1 });
    for (const request of emulator.requests) {
      expect(request.headers["content-type"]).toBe("application/json; charset=utf8");
      expect(request.headers.authorization).toBe("Bearer [redacted]");
      const extra = Object.keys(request.headers).filter(
        (name) =>
          !["content-type", "authorization", "host", "connection", "content-length"].includes(name),
      );
      expect(extra).toEqual([]);
    }
  });
});

describe("error kinds", () => {
  it("a wrong token: the 400701 credentials error, token nowhere in it", async () => {
    const wrongToken = "wrong-token-value-123";
    const badClient = clientFor(emulator.baseUrl, { token: wrongToken });
    const failure = await failureOf(badClient.listReports());
    await badClient.close();
    expect(failure).toBeInstanceOf(ChatApiCredentialsError);
    expect(failure.message).toBe(
      "The chat API rejected the master token (400701): check CHAT_API_TOKEN",
    );
    expectNoToken(failure, wrongToken);
  });

  it("an HTTP error with the documented shape: status, code and the API's message", async () => {
    emulator.faults.add({
      method: "DELETE",
      path: "/open_channels",
      respond: {
        status: 404,
        body: JSON.stringify({ message: "Channel not found.", code: 404100, error: true }),
      },
    });
    const failure = await failureOf(
      client.deleteChannel({ channel_group: "global", channel_name: "nope" }),
    );
    expect(failure).toBeInstanceOf(ChatApiHttpError);
    expect(failure).toMatchObject({ status: 404, code: 404100, mayHaveApplied: false });
    expect(failure.message).toBe(
      "The chat API answered DELETE /open_channels with HTTP 404: Channel not found. (404100)",
    );
  });

  it("an HTML proxy page: the status and the page's title, not its markup", async () => {
    emulator.faults.add({
      method: "PUT",
      path: "/block_user_chat",
      respond: { status: 502, body: PROXY_PAGE, contentType: "text/html" },
    });
    const failure = await failureOf(client.banUser({ gamer_id: "g-1", days: 1 }));
    expect(failure).toBeInstanceOf(ChatApiNotJsonError);
    expect(failure).toMatchObject({ status: 502, mayHaveApplied: true });
    // Issue 20: the markup was quoted ("<html> <head><title>502 Bad Gateway</title>…").
    expect(failure.message).toBe(
      'The chat API answered PUT /block_user_chat with HTTP 502 and a body that is not JSON (a proxy error page?): "502 Bad Gateway"; the change may have been applied, check before trying again',
    );
  });

  it("malformed JSON with a 200", async () => {
    emulator.faults.add({ method: "GET", path: "/report_list", malformedJson: true });
    const failure = await failureOf(client.listReports());
    expect(failure).toBeInstanceOf(ChatApiNotJsonError);
    expect(failure.message).toMatch(
      /^The chat API answered GET \/report_list with HTTP 200 and a body that is not JSON/,
    );
  });

  it("a timeout names the call and the limit", async () => {
    const slowClient = clientFor(emulator.baseUrl, { timeoutMs: 200 });
    emulator.faults.add({ method: "GET", path: "/bad_word_list", latencyMs: 1_000, times: 3 });
    const failure = await failureOf(slowClient.listBadWords());
    await slowClient.close();
    expect(failure).toBeInstanceOf(ChatApiTimeoutError);
    expect(failure.message).toBe("The chat API did not answer GET /bad_word_list within 0.2 s");
  });

  it("a dropped connection is a network error, retried for a read", async () => {
    emulator.faults.add({ method: "GET", path: "/block_user_list", drop: true, times: 3 });
    const failure = await failureOf(client.listBans());
    expect(failure).toBeInstanceOf(ChatApiNetworkError);
    expect(failure.message).toMatch(
      /^Could not reach the chat API at http:\/\/127\.0\.0\.1:\d+ for GET \/block_user_list \(/,
    );
    expect(callsTo("GET", "/block_user_list")).toBe(3);
  });

  it("nothing listening: connection refused, in words", async () => {
    const nowhere = await startTestEmulator();
    const baseUrl = nowhere.baseUrl;
    await nowhere.close();
    const orphan = clientFor(baseUrl);
    const failure = await failureOf(orphan.listChannelGroups());
    await orphan.close();
    expect(failure).toBeInstanceOf(ChatApiNetworkError);
    expect(failure.message).toContain("(connection refused, ECONNREFUSED)");
  });

  it("no error kind carries the token, even when a server echoes it", async () => {
    emulator.faults.add({
      method: "GET",
      path: "/report_list",
      respond: {
        status: 500,
        body: JSON.stringify({ message: `bad header Bearer ${TEST_TOKEN}`, code: 1, error: true }),
      },
      times: 3,
    });
    const echoed = await failureOf(client.listReports());
    expect(echoed.message).toContain("Bearer [redacted]");
    expectNoToken(echoed);

    emulator.faults.add({
      method: "GET",
      path: "/report_list",
      respond: { status: 502, body: `<p>${TEST_TOKEN}</p>` },
      times: 3,
    });
    expectNoToken(await failureOf(client.listReports()));
    expectNoToken(client);
  });
});

describe("retries", () => {
  it("a GET succeeds after two 503s", async () => {
    emulator.faults.add({
      method: "GET",
      path: "/open_channel_groups",
      respond: { status: 503, body: "Service Unavailable", contentType: "text/plain" },
      times: 2,
    });
    await expect(client.listChannelGroups()).resolves.toEqual([]);
    expect(callsTo("GET", "/open_channel_groups")).toBe(3);
  });

  it("a GET gives up after three tries", async () => {
    emulator.faults.add({
      method: "GET",
      path: "/open_channel_groups",
      respond: {
        status: 504,
        body: JSON.stringify({ message: "upstream", code: 504, error: true }),
      },
      times: 5,
    });
    const failure = await failureOf(client.listChannelGroups());
    expect(failure).toBeInstanceOf(ChatApiHttpError);
    expect(callsTo("GET", "/open_channel_groups")).toBe(3);
  });

  it("a 400 is not retried", async () => {
    emulator.faults.add({
      method: "GET",
      path: "/report_list",
      respond: { status: 400, body: JSON.stringify({ message: "bad", code: 400000, error: true }) },
    });
    await failureOf(client.listReports());
    expect(callsTo("GET", "/report_list")).toBe(1);
  });

  it("a timed-out PUT is sent once", async () => {
    const slowClient = clientFor(emulator.baseUrl, { timeoutMs: 200 });
    emulator.faults.add({ method: "PUT", path: "/block_user_chat", latencyMs: 600 });
    const failure = await failureOf(slowClient.banUser({ gamer_id: "slow-1", days: 2 }));
    await slowClient.close();
    expect(failure).toBeInstanceOf(ChatApiTimeoutError);
    expect(failure.mayHaveApplied).toBe(true);
    expect(failure.message).toBe(
      "The chat API did not answer PUT /block_user_chat within 0.2 s; the change may have been applied, check before trying again",
    );
    expect(callsTo("PUT", "/block_user_chat")).toBe(1);
  });

  it("a PUT answered 503 is not sent again", async () => {
    emulator.faults.add({
      method: "PUT",
      path: "/bad_word_list",
      respond: { status: 503, body: JSON.stringify({ message: "busy", code: 503, error: true }) },
    });
    const failure = await failureOf(client.putBadWords({ language: "all", filters: ["x"] }));
    expect(failure.mayHaveApplied).toBe(true);
    expect(callsTo("PUT", "/bad_word_list")).toBe(1);
  });

  it("a dropped PUT is not sent again", async () => {
    emulator.faults.add({ method: "PUT", path: "/block_user_chat", drop: true });
    const failure = await failureOf(client.banUser({ gamer_id: "drop-1", days: 1 }));
    expect(failure).toBeInstanceOf(ChatApiNetworkError);
    expect(failure.mayHaveApplied).toBe(true);
    expect(callsTo("PUT", "/block_user_chat")).toBe(1);
  });

  it("a 429 with Retry-After is waited out, then the call succeeds", async () => {
    emulator.faults.add({
      method: "GET",
      path: "/block_user_list",
      respond: {
        status: 429,
        body: JSON.stringify({ message: "Too many requests", code: 429, error: true }),
        headers: { "retry-after": "1" },
      },
    });
    const started = performance.now();
    await expect(client.listBans()).resolves.toBeInstanceOf(Array);
    // Honoured means it waited at least the second it was told to (a lower bound, not a timing
    // claim: the backoff of this test client alone would retry after 20 ms at most).
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(callsTo("GET", "/block_user_list")).toBe(2);
  });

  it("a Retry-After beyond the call's deadline fails at once, saying when to retry", async () => {
    emulator.faults.add({
      method: "GET",
      path: "/block_user_list",
      respond: { status: 429, body: "{}", headers: { "retry-after": "120" } },
    });
    const failure = await failureOf(client.listBans());
    expect(failure).toBeInstanceOf(ChatApiRateLimitError);
    expect(failure.message).toBe(
      "The chat API is rate limiting GET /block_user_list (HTTP 429); try again in 120 s",
    );
    expect(callsTo("GET", "/block_user_list")).toBe(1);
  });
});
