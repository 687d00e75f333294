import { request } from "undici";
import { describe, expect, it } from "vitest";
import { CREDENTIALS_ERROR_BODY } from "../../src/chat-api/schemas.js";
import { callApi, TOKEN, useEmulator } from "./helpers.js";

const ENDPOINTS: Array<{
  method: string;
  path: string;
  body?: unknown;
  query?: Record<string, string>;
}> = [
  { method: "GET", path: "/open_channel_groups" },
  { method: "GET", path: "/open_channels", query: { channel_group: "global" } },
  {
    method: "PUT",
    path: "/open_channels",
    body: { channel_group: "global", channel_name: "server-9", max_count: 5, is_default: false },
  },
  {
    method: "DELETE",
    path: "/open_channels",
    body: { channel_group: "global", channel_name: "server-1" },
  },
  { method: "GET", path: "/block_user_list" },
  { method: "PUT", path: "/block_user_chat", body: { gamer_id: "1234", days: 3 } },
  { method: "DELETE", path: "/block_user_chat", body: { gamer_id: "1234" } },
  { method: "GET", path: "/bad_word_list" },
  { method: "PUT", path: "/bad_word_list", body: { language: "ko-kr", filters: ["지엠"] } },
  { method: "GET", path: "/report_list" },
  {
    method: "POST",
    path: "/system_message",
    body: {
      channel_type: 1,
      channel_group: "global",
      channel_name: "server-1",
      channel_id: 1,
      message: "hi",
    },
  },
];

const BAD_CREDENTIALS: Array<{ label: string; token: string | null }> = [
  { label: "no Authorization header", token: null },
  { label: "a wrong token", token: "not-the-token" },
  { label: "a prefix of the token", token: TOKEN.slice(0, -1) },
  { label: "the token plus more", token: `${TOKEN}x` },
];

describe("the master token", () => {
  const start = useEmulator();

  for (const endpoint of ENDPOINTS) {
    it(`is required on ${endpoint.method} ${endpoint.path}`, async () => {
      const emulator = await start({ seed: "demo" });
      for (const { label, token } of BAD_CREDENTIALS) {
        const answer = await callApi(emulator, endpoint.method, endpoint.path, {
          ...endpoint,
          token,
        });
        expect(answer.status, label).toBe(400);
        expect(answer.json, label).toStrictEqual(CREDENTIALS_ERROR_BODY);
      }
      // Nothing changed while the token was wrong: the same call with the token works.
      const accepted = await callApi(emulator, endpoint.method, endpoint.path, endpoint);
      expect(accepted.status).toBe(200);
    });
  }

  it("is checked before routing, so unknown chat/v1 paths also answer 400701", async () => {
    const emulator = await start();
    const answer = await callApi(emulator, "GET", "/no_such_endpoint", { token: null });
    expect(answer.status).toBe(400);
    expect(answer.json).toStrictEqual(CREDENTIALS_ERROR_BODY);
  });

  it("needs the Bearer scheme (any case) and not another one", async () => {
    const emulator = await start();
    const lowerCase = await request(`${emulator.baseUrl}/report_list`, {
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(lowerCase.statusCode).toBe(200);
    await lowerCase.body.dump();
    const otherScheme = await request(`${emulator.baseUrl}/report_list`, {
      headers: { authorization: `Basic ${TOKEN}` },
    });
    expect(otherScheme.statusCode).toBe(400);
    expect(await otherScheme.body.json()).toStrictEqual(CREDENTIALS_ERROR_BODY);
  });

  it("never appears in the request log", async () => {
    const emulator = await start();
    await callApi(emulator, "GET", "/report_list");
    await callApi(emulator, "GET", "/report_list", { token: null });
    expect(emulator.requests.map((recorded) => recorded.headers.authorization)).toStrictEqual([
      "Bearer [redacted]",
      undefined,
    ]);
    expect(JSON.stringify(emulator.requests)).not.toContain(TOKEN);
  });
});
