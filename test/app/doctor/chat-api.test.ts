// The chat API checks against the emulator: it answers and takes the token; a wrong token; no
// answer; a proxy's page; no chat API configured at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatApiChecks } from "../../../app/doctor/chat-api.js";
import type { RunningEmulator } from "../../../emulator/server.js";
import { parseConfig } from "../../../src/config.js";
import { startTestEmulator, TEST_TOKEN } from "../../helpers/emulator.js";
import { closedPort } from "./closed-port.js";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

function run(env: Record<string, string | undefined>) {
  const config = parseConfig({
    CHAT_API_BASE_URL: emulator.baseUrl,
    CHAT_API_TOKEN: TEST_TOKEN,
    ...env,
  });
  return chatApiChecks(config, { signal: AbortSignal.timeout(5_000), requestTimeoutMs: 2_000 });
}

describe("chat API doctor checks", () => {
  it("passes an API that answers and accepts the token, with one read-only call", async () => {
    emulator.state.createChannel({
      channel_group: "global",
      channel_name: "en",
      max_count: 10,
      is_default: false,
    });
    const before = emulator.requests.length;
    const [reach, token] = await run({});
    expect(reach).toMatchObject({ name: "chat API", result: "pass" });
    expect(reach?.detail).toMatch(new RegExp(`^${emulator.baseUrl} answered in \\d+ ms$`));
    expect(token).toEqual({
      name: "chat API token",
      result: "pass",
      detail: "accepted (GET /open_channel_groups: 1 channel group(s))",
    });
    expect(emulator.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /open_channel_groups",
    ]);
  });

  it("fails a token the API rejects, with the fix", async () => {
    const [reach, token] = await run({ CHAT_API_TOKEN: "not-the-master-token" });
    expect(reach?.result).toBe("pass");
    expect(token).toEqual({
      name: "chat API token",
      result: "fail",
      detail: "rejected the master token (400701)",
      fix: "set CHAT_API_TOKEN to the chat/v1 master token",
    });
  });

  it("fails a 401 from a gateway in front of the API as a token problem too", async () => {
    emulator.faults.add({
      path: "/open_channel_groups",
      respond: {
        status: 401,
        body: JSON.stringify({ message: "token expired", code: 401000, error: true }),
      },
    });
    const [, token] = await run({});
    expect(token).toMatchObject({ result: "fail", detail: "HTTP 401 Unauthorized: token expired" });
  });

  it("fails an API it cannot reach, and skips the token", async () => {
    const port = await closedPort();
    const [reach, token] = await run({ CHAT_API_BASE_URL: `http://127.0.0.1:${port}/chat/v1` });
    expect(reach).toMatchObject({
      result: "fail",
      fix: "check CHAT_API_BASE_URL (host and port), and that this machine can reach it",
    });
    expect(reach?.detail).toContain("(connection refused, ECONNREFUSED)");
    expect(token?.result).toBe("skip");
  });

  it("fails a proxy's HTML page, pointing at the URL", async () => {
    emulator.faults.add({
      path: "/open_channel_groups",
      respond: { status: 502, body: "<html>Bad Gateway</html>", contentType: "text/html" },
    });
    const [reach] = await run({});
    expect(reach?.result).toBe("fail");
    expect(reach?.detail).toMatch(/HTTP 502 and a body that is not JSON/);
    expect(reach?.fix).toMatch(/^check that CHAT_API_BASE_URL points at the chat\/v1 API itself/);
  });

  it("never shows a password the URL carries", async () => {
    const url = new URL(emulator.baseUrl);
    url.username = "proxyuser";
    url.password = "proxy-password-secret";
    const checks = await run({ CHAT_API_BASE_URL: url.toString() });
    expect(JSON.stringify(checks)).not.toContain("proxy-password-secret");
  });

  it("says the demo emulator would be used when no chat API is configured", async () => {
    const checks = await run({ CHAT_API_BASE_URL: undefined, CHAT_API_TOKEN: undefined });
    expect(checks).toEqual([
      {
        name: "chat API",
        result: "pass",
        detail:
          "not configured: serve would run the built-in emulator with demo data (set CHAT_API_BASE_URL and CHAT_API_TOKEN for a game's chat)",
      },
    ]);
  });
});
