import { describe, expect, it } from "vitest";
import { openChannelListSchema } from "../../src/chat-api/schemas.js";
import { callApi, callControl, useEmulator } from "./helpers.js";

describe("the control surface", () => {
  const start = useEmulator();

  it("does not exist unless asked for: /__control answers like any unknown path", async () => {
    const emulator = await start({ seed: "demo" });
    for (const [method, path, body] of [
      ["POST", "/reports", { message: "x" }],
      ["PATCH", "/reports/1", { status: 2 }],
      ["POST", "/faults", { drop: true }],
      ["GET", "/requests", undefined],
      ["POST", "/bans", { gamer_id: "7", days: 1 }],
      ["PATCH", "/behaviour", { badWordPut: "merge" }],
      [
        "POST",
        "/players",
        { channel_group: "global", channel_name: "server-1", gamer_id: "9", gamer_name: "x" },
      ],
    ] as const) {
      const answer = await callControl(emulator, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.json).toStrictEqual({
        message: `no such path: /__control${path}`,
        code: 404900,
        error: true,
      });
    }
    expect(emulator.faults.pending()).toStrictEqual([]);
    // The demo's 36 reports, and one ShadowFox reporting the other.
    expect((await callApi(emulator, "GET", "/report_list")).json).toHaveLength(37);
  });

  it("joins players to a channel, autoscaling as they arrive", async () => {
    const emulator = await start({ controls: true });
    await callApi(emulator, "PUT", "/open_channels", {
      body: { channel_group: "global", channel_name: "lobby", max_count: 1, is_default: false },
    });
    const joined = await callControl(emulator, "POST", "/players", {
      channel_group: "global",
      channel_name: "lobby",
      gamer_id: "1",
      gamer_name: "**bold** @everyone",
    });
    expect(joined.status).toBe(200);
    expect(joined.json).toStrictEqual({
      channel_group: "global",
      channel_name: "lobby",
      channel_id: 1,
    });
    const listed = await callApi(emulator, "GET", "/open_channels", {
      query: { channel_group: "global" },
    });
    const channels = openChannelListSchema.parse(listed.json);
    expect(channels.map((channel) => channel.players)).toStrictEqual([
      [{ gamer_id: "1", gamer_name: "**bold** @everyone" }],
      [],
    ]);

    const nowhere = await callControl(emulator, "POST", "/players", {
      channel_group: "global",
      channel_name: "nope",
      gamer_id: "2",
      gamer_name: "b",
    });
    expect(nowhere.status).toBe(404);
    expect(nowhere.json).toMatchObject({ code: 404901 });
  });

  it("bans and lifts bans as the vendor's console would, beside the API", async () => {
    const emulator = await start({ controls: true });
    const banned = await callControl(emulator, "POST", "/bans", { gamer_id: "7", days: 3 });
    expect(banned.status).toBe(200);
    expect(banned.json).toMatchObject({ gamer_id: "7", count: 1 });
    const stacked = await callControl(emulator, "POST", "/bans", {
      gamer_id: "7",
      days: 2,
      mode: "stack",
    });
    expect(stacked.json).toMatchObject({ gamer_id: "7", count: 2 });
    expect((await callApi(emulator, "GET", "/block_user_list")).json).toStrictEqual([stacked.json]);
    expect((await callControl(emulator, "DELETE", "/bans/7")).json).toStrictEqual({
      lifted: true,
    });
    expect((await callControl(emulator, "DELETE", "/bans/7")).json).toStrictEqual({
      lifted: false,
    });
    expect((await callApi(emulator, "GET", "/block_user_list")).json).toStrictEqual([]);
    const typo = await callControl(emulator, "POST", "/bans", { gamer_id: "7", dayz: 3 });
    expect(typo.status).toBe(400);
  });

  it("switches behaviour and rejects unknown keys and values", async () => {
    const emulator = await start({ controls: true });
    const patched = await callControl(emulator, "PATCH", "/behaviour", { badWordPut: "merge" });
    expect(patched.json).toStrictEqual({
      badWordPut: "merge",
      rebanning: "extend",
      deleteMissingChannel: "empty",
      unbanMissingUser: "echo",
      createExistingChannel: "conflict",
      systemMessage: "offered",
    });
    await callApi(emulator, "PUT", "/bad_word_list", { body: { language: "all", filters: ["a"] } });
    await callApi(emulator, "PUT", "/bad_word_list", { body: { language: "all", filters: ["b"] } });
    expect(emulator.state.listBadWords()).toStrictEqual([{ language: "all", filters: ["a", "b"] }]);

    const typo = await callControl(emulator, "PATCH", "/behaviour", { badWordsPut: "merge" });
    expect(typo.status).toBe(400);
    const badValue = await callControl(emulator, "PATCH", "/behaviour", { rebanning: "forever" });
    expect(badValue.status).toBe(400);
    expect((badValue.json as { message: string }).message).toMatch(/^rebanning: /);
  });

  it("shows and clears the request log, with the token redacted", async () => {
    const emulator = await start({ controls: true });
    await callApi(emulator, "PUT", "/block_user_chat", { body: { gamer_id: "1234", days: 3 } });
    await callApi(emulator, "GET", "/open_channels", { query: { channel_group: "kr" } });
    const log = await callControl(emulator, "GET", "/requests");
    expect(log.json).toMatchObject([
      {
        method: "PUT",
        path: "/block_user_chat",
        query: {},
        headers: {
          authorization: "Bearer [redacted]",
          "content-type": "application/json; charset=utf8",
        },
        body: { gamer_id: "1234", days: 3 },
      },
      { method: "GET", path: "/open_channels", query: { channel_group: "kr" } },
    ]);
    // An empty body is undefined in process, so absent from the JSON.
    expect((log.json as object[])[1]).not.toHaveProperty("body");
    // Control calls themselves are not logged.
    expect(emulator.requests).toHaveLength(2);
    expect((await callControl(emulator, "DELETE", "/requests")).json).toStrictEqual({ cleared: 2 });
    expect(emulator.requests).toStrictEqual([]);
  });
});
