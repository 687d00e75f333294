import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import {
  channelGroupListSchema,
  createdChannelSchema,
  deletedChannelListSchema,
  openChannelListSchema,
} from "../../src/chat-api/schemas.js";
import { callApi, useEmulator } from "./helpers.js";

const CREATED_AT = new Date("2024-06-21T07:34:59Z");

async function createChannel(
  emulator: RunningEmulator,
  group: string,
  name: string,
  maxCount = 50,
  isDefault = false,
) {
  return callApi(emulator, "PUT", "/open_channels", {
    body: { channel_group: group, channel_name: name, max_count: maxCount, is_default: isDefault },
  });
}

async function listChannels(emulator: RunningEmulator, group: string) {
  const answer = await callApi(emulator, "GET", "/open_channels", {
    query: { channel_group: group },
  });
  expect(answer.status).toBe(200);
  return openChannelListSchema.parse(answer.json);
}

describe("open channels", () => {
  const start = useEmulator();

  it("creates a channel with the sample's answer shape and lists it", async () => {
    const emulator = await start({ now: () => CREATED_AT });
    const created = await createChannel(emulator, "global", "server-1", 50, true);
    expect(created.status).toBe(200);
    expect(createdChannelSchema.parse(created.json)).toStrictEqual({
      channel_group: "global",
      channel_name: "server-1",
      channel_id: 1,
      max_count: 50,
      is_default: true,
      create_at: "2024-06-21 07:34:59",
    });

    const groups = await callApi(emulator, "GET", "/open_channel_groups");
    expect(channelGroupListSchema.parse(groups.json)).toStrictEqual(["global"]);
    expect(await listChannels(emulator, "global")).toStrictEqual([
      {
        channel_name: "server-1",
        channel_id: 1,
        max_count: 50,
        is_default: true,
        is_autoscaling: true,
        players: [],
        last_chat_time: "",
        create_at: "2024-06-21 07:34:59",
      },
    ]);
  });

  it("writes YYYY-MM-DD HH:MM:SS timestamps in the configured zone", async () => {
    const emulator = await start({ now: () => CREATED_AT, timeZone: "Asia/Seoul" });
    const created = await createChannel(emulator, "kr", "서버-1");
    expect(createdChannelSchema.parse(created.json).create_at).toBe("2024-06-21 16:34:59");
  });

  it("answers an unknown group with an empty list and a missing channel_group with a 400", async () => {
    const emulator = await start();
    expect(await listChannels(emulator, "nowhere")).toStrictEqual([]);
    const missing = await callApi(emulator, "GET", "/open_channels");
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: 400900, error: true });
    expect((missing.json as { message: string }).message).toMatch(/^channel_group: /);
  });

  it("numbers channels per group, increasing and never reused", async () => {
    const emulator = await start();
    await createChannel(emulator, "global", "a");
    await createChannel(emulator, "global", "b");
    await createChannel(emulator, "en", "general");
    await callApi(emulator, "DELETE", "/open_channels", {
      body: { channel_group: "global", channel_name: "b" },
    });
    const again = await createChannel(emulator, "global", "b");
    expect(createdChannelSchema.parse(again.json).channel_id).toBe(3);
    expect((await listChannels(emulator, "en")).map((channel) => channel.channel_id)).toStrictEqual(
      [1],
    );
  });

  it("keeps one FALLBACK channel per group: the newest default takes the flag", async () => {
    const emulator = await start();
    await createChannel(emulator, "global", "server-1", 50, true);
    await createChannel(emulator, "global", "server-2", 50, true);
    await createChannel(emulator, "en", "general", 50, true);
    const global = await listChannels(emulator, "global");
    expect(global.map((channel) => [channel.channel_name, channel.is_default])).toStrictEqual([
      ["server-1", false],
      ["server-2", true],
    ]);
    expect((await listChannels(emulator, "en"))[0]?.is_default).toBe(true);
  });

  it("adds another channel number of the same name when players reach max_count", async () => {
    const emulator = await start();
    await createChannel(emulator, "global", "lobby", 2, true);
    emulator.state.joinPlayer("global", "lobby", { gamer_id: "1", gamer_name: "a1" });
    expect(await listChannels(emulator, "global")).toHaveLength(1);

    emulator.state.joinPlayer("global", "lobby", { gamer_id: "2", gamer_name: "a2" });
    const scaled = await listChannels(emulator, "global");
    expect(
      scaled.map((channel) => [channel.channel_name, channel.channel_id, channel.players.length]),
    ).toStrictEqual([
      ["lobby", 1, 2],
      ["lobby", 2, 0],
    ]);
    expect(scaled[1]).toMatchObject({ max_count: 2, is_default: false, is_autoscaling: true });

    const third = emulator.state.joinPlayer("global", "lobby", { gamer_id: "3", gamer_name: "a3" });
    expect(third).toStrictEqual({
      outcome: "joined",
      channel: { channel_group: "global", channel_name: "lobby", channel_id: 2 },
    });
    const deleted = await callApi(emulator, "DELETE", "/open_channels", {
      body: { channel_group: "global", channel_name: "lobby" },
    });
    expect(deletedChannelListSchema.parse(deleted.json)).toStrictEqual([
      { channel_group: "global", channel_name: "lobby", channel_id: 1 },
      { channel_group: "global", channel_name: "lobby", channel_id: 2 },
    ]);
    const groups = await callApi(emulator, "GET", "/open_channel_groups");
    expect(groups.json).toStrictEqual([]);
  });

  it("keeps a channel that does not autoscale at max_count", async () => {
    const emulator = await start();
    emulator.state.createChannel(
      { channel_group: "en", channel_name: "staff", max_count: 1, is_default: false },
      { isAutoscaling: false },
    );
    expect(
      emulator.state.joinPlayer("en", "staff", { gamer_id: "1", gamer_name: "a1" }).outcome,
    ).toBe("joined");
    expect(
      emulator.state.joinPlayer("en", "staff", { gamer_id: "2", gamer_name: "a2" }).outcome,
    ).toBe("full");
    expect(await listChannels(emulator, "en")).toHaveLength(1);
  });

  it("answers a delete of a missing channel with [] by default, or 404 when switched", async () => {
    const emulator = await start();
    const body = { channel_group: "global", channel_name: "ghost" };
    const empty = await callApi(emulator, "DELETE", "/open_channels", { body });
    expect(empty.status).toBe(200);
    expect(empty.json).toStrictEqual([]);

    emulator.setBehaviour({ deleteMissingChannel: "not-found" });
    const notFound = await callApi(emulator, "DELETE", "/open_channels", { body });
    expect(notFound.status).toBe(404);
    expect(notFound.json).toMatchObject({ code: 404901, error: true });
  });

  it("refuses to create an existing name with a 409 by default, or adds a number when switched", async () => {
    const emulator = await start();
    await createChannel(emulator, "global", "server-1");
    const conflict = await createChannel(emulator, "global", "server-1");
    expect(conflict.status).toBe(409);
    expect(conflict.json).toStrictEqual({
      message: 'channel_name: "server-1" already exists in channel_group "global"',
      code: 409901,
      error: true,
    });

    emulator.setBehaviour({ createExistingChannel: "add-number" });
    const added = await createChannel(emulator, "global", "server-1");
    expect(createdChannelSchema.parse(added.json).channel_id).toBe(2);
    expect(await listChannels(emulator, "global")).toHaveLength(2);
  });

  it("rejects a bad create body with a 400 that names the field", async () => {
    const emulator = await start();
    const cases: Array<[unknown, string]> = [
      [{ channel_group: "g", channel_name: "n", max_count: 0, is_default: false }, "max_count"],
      [{ channel_group: "g", channel_name: "n", max_count: 1.5, is_default: false }, "max_count"],
      [{ channel_group: "g", channel_name: " ", max_count: 5, is_default: false }, "channel_name"],
      [{ channel_group: "g", channel_name: "n", max_count: 5 }, "is_default"],
      [{ channel_name: "n", max_count: 5, is_default: true }, "channel_group"],
    ];
    for (const [body, field] of cases) {
      const answer = await callApi(emulator, "PUT", "/open_channels", { body });
      expect(answer.status, field).toBe(400);
      expect(answer.json, field).toMatchObject({ code: 400900, error: true });
      expect((answer.json as { message: string }).message, field).toMatch(
        new RegExp(`^${field}: `),
      );
    }
    expect(emulator.state.channelGroups()).toStrictEqual([]);
  });

  it("echoes a system message into an existing channel and 404s an unknown one", async () => {
    const emulator = await start({ now: () => CREATED_AT });
    await createChannel(emulator, "global", "server-1");
    const message = {
      channel_type: 1,
      channel_group: "global",
      channel_name: "server-1",
      channel_id: 1,
      message: "서버 점검 10분 전",
    };
    const posted = await callApi(emulator, "POST", "/system_message", { body: message });
    expect(posted.status).toBe(200);
    expect(posted.json).toStrictEqual(message);
    expect(emulator.state.systemMessages).toStrictEqual([message]);
    expect((await listChannels(emulator, "global"))[0]?.last_chat_time).toBe("2024-06-21 07:34:59");

    const unknown = await callApi(emulator, "POST", "/system_message", {
      body: { ...message, channel_id: 7 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 404901, error: true });
    const guild = await callApi(emulator, "POST", "/system_message", {
      body: { ...message, channel_type: 2 },
    });
    expect(guild.status).toBe(400);
    expect((guild.json as { message: string }).message).toMatch(/^channel_type: /);
  });

  // An API without the vendor's endpoint (issue 22, item 7): the path is unknown there, so it
  // answers as any unknown path does, whatever the method, and nothing is kept.
  it("answers /system_message as an unknown path when switched to an API without it", async () => {
    const emulator = await start();
    await createChannel(emulator, "global", "server-1");
    emulator.setBehaviour({ systemMessage: "absent" });
    const message = {
      channel_type: 1,
      channel_group: "global",
      channel_name: "server-1",
      channel_id: 1,
      message: "maintenance",
    };
    const posted = await callApi(emulator, "POST", "/system_message", { body: message });
    expect(posted.status).toBe(404);
    expect(posted.json).toStrictEqual({
      message: "no such path: /system_message",
      code: 404900,
      error: true,
    });
    expect((await callApi(emulator, "GET", "/system_message")).status).toBe(404);
    expect(emulator.state.systemMessages).toStrictEqual([]);

    emulator.setBehaviour({ systemMessage: "offered" });
    expect((await callApi(emulator, "POST", "/system_message", { body: message })).status).toBe(
      200,
    );
    expect((await callApi(emulator, "GET", "/system_message")).status).toBe(405);
  });
});
