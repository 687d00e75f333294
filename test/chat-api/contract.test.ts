// Every ChatApiClient method against the emulator's real handlers over HTTP: what is written
// can be read back, in the documented shapes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import type { ChatApiClient } from "../../src/chat-api/client.js";
import { ChatApiHttpError } from "../../src/chat-api/errors.js";
import { parseUtcTimestamp } from "../../src/chat-api/time.js";
import { clientFor, startTestEmulator } from "../helpers/emulator.js";

let emulator: RunningEmulator;
let client: ChatApiClient;
const now = new Date("2026-11-21T10:00:00Z");

beforeAll(async () => {
  emulator = await startTestEmulator({ now: () => now, timeZone: "Asia/Seoul" });
  client = clientFor(emulator.baseUrl);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

describe("ChatApiClient against the emulator", () => {
  it("channels: create, list groups, list, delete", async () => {
    const created = await client.createChannel({
      channel_group: "kr",
      channel_name: "서버-1",
      max_count: 2,
      is_default: true,
    });
    expect(created).toMatchObject({
      channel_group: "kr",
      channel_name: "서버-1",
      max_count: 2,
      is_default: true,
    });
    // The emulator writes local times in its zone: 10:00 UTC is 19:00 in Seoul.
    expect(created.create_at).toBe("2026-11-21 19:00:00");

    await expect(client.listChannelGroups()).resolves.toContain("kr");
    const [channel] = await client.listChannels("kr");
    expect(channel).toMatchObject({
      channel_name: "서버-1",
      channel_id: created.channel_id,
      players: [],
      last_chat_time: "",
    });

    const deleted = await client.deleteChannel({ channel_group: "kr", channel_name: "서버-1" });
    expect(deleted).toEqual([
      { channel_group: "kr", channel_name: "서버-1", channel_id: created.channel_id },
    ]);
    await expect(client.listChannels("kr")).resolves.toEqual([]);
  });

  it("bans: ban, list with count and period, unban", async () => {
    await expect(client.banUser({ gamer_id: "c-1", days: 3 })).resolves.toEqual({
      gamer_id: "c-1",
      days: 3,
    });
    const ban = (await client.listBans()).find((entry) => entry.gamer_id === "c-1");
    expect(ban?.count).toBe(1);
    const start = parseUtcTimestamp(ban?.start_time ?? "");
    const end = parseUtcTimestamp(ban?.end_time ?? "");
    expect(start?.toISOString()).toBe(now.toISOString());
    expect(end && start ? end.getTime() - start.getTime() : 0).toBe(3 * 86_400_000);

    await expect(client.unbanUser({ gamer_id: "c-1" })).resolves.toEqual({ gamer_id: "c-1" });
    expect((await client.listBans()).some((entry) => entry.gamer_id === "c-1")).toBe(false);
  });

  it("word lists: read, replace one language, read back", async () => {
    const before = await client.listBadWords();
    expect(before.some((entry) => entry.language === "all")).toBe(true);
    await expect(
      client.putBadWords({ language: "ko-kr", filters: ["지엠", "마스터"] }),
    ).resolves.toEqual({
      language: "ko-kr",
      filters: ["지엠", "마스터"],
    });
    const after = await client.listBadWords();
    expect(after.find((entry) => entry.language === "ko-kr")?.filters).toEqual(["지엠", "마스터"]);
  });

  it("reports: injected reports are listed with every documented field", async () => {
    const injected = emulator.state.injectReport({
      reason: "비속어 및 성적 발언",
      keyword: "INAPPROPRIATE",
    });
    const reports = await client.listReports();
    expect(reports).toContainEqual(injected);
  });

  it("system message: posted into an existing channel, refused for a missing one", async () => {
    const created = await client.createChannel({
      channel_group: "global",
      channel_name: "server-1",
      max_count: 50,
      is_default: true,
    });
    const message = {
      channel_type: 1,
      channel_group: "global",
      channel_name: "server-1",
      channel_id: created.channel_id,
      message: "Maintenance in 10 minutes",
    };
    await expect(client.postSystemMessage(message)).resolves.toEqual(message);
    await expect(
      client.postSystemMessage({ ...message, channel_name: "nowhere" }),
    ).rejects.toBeInstanceOf(ChatApiHttpError);
  });
});
