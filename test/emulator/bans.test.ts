import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { blockedUserListSchema } from "../../src/chat-api/schemas.js";
import { callApi, useEmulator } from "./helpers.js";

const DAY_MS = 86_400_000;

/** A clock the test moves by hand. */
function manualClock(startIso: string) {
  let nowMs = Date.parse(startIso);
  return {
    now: () => new Date(nowMs),
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

async function ban(emulator: RunningEmulator, gamerId: string, days: unknown) {
  return callApi(emulator, "PUT", "/block_user_chat", { body: { gamer_id: gamerId, days } });
}

async function listBans(emulator: RunningEmulator) {
  const answer = await callApi(emulator, "GET", "/block_user_list");
  expect(answer.status).toBe(200);
  return blockedUserListSchema.parse(answer.json);
}

describe("chat bans", () => {
  const start = useEmulator();

  it("bans for whole days, echoes the body and lists the ban with second-precision UTC times", async () => {
    const clock = manualClock("2024-06-20T12:06:34.567Z");
    const emulator = await start({ now: clock.now, timeZone: "Asia/Seoul" });
    const answer = await ban(emulator, "1234", 1);
    expect(answer.status).toBe(200);
    expect(answer.json).toStrictEqual({ gamer_id: "1234", days: 1 });
    expect(await listBans(emulator)).toStrictEqual([
      {
        gamer_id: "1234",
        count: 1,
        start_time: "2024-06-20T12:06:34Z",
        end_time: "2024-06-21T12:06:34Z",
      },
    ]);
  });

  it("drops a ban from the list once its end_time has passed", async () => {
    const clock = manualClock("2024-06-20T12:00:00Z");
    const emulator = await start({ now: clock.now });
    await ban(emulator, "short", 1);
    await ban(emulator, "long", 3);
    clock.advance(DAY_MS - 1_000);
    expect((await listBans(emulator)).map((entry) => entry.gamer_id)).toStrictEqual([
      "short",
      "long",
    ]);
    clock.advance(1_000);
    expect((await listBans(emulator)).map((entry) => entry.gamer_id)).toStrictEqual(["long"]);
  });

  it("re-bans a banned user by counting up and restarting the period from now (default)", async () => {
    const clock = manualClock("2024-06-20T00:00:00Z");
    const emulator = await start({ now: clock.now });
    await ban(emulator, "1234", 7);
    clock.advance(DAY_MS);
    await ban(emulator, "1234", 2);
    expect(await listBans(emulator)).toStrictEqual([
      {
        gamer_id: "1234",
        count: 2,
        start_time: "2024-06-21T00:00:00Z",
        end_time: "2024-06-23T00:00:00Z",
      },
    ]);
  });

  it("can stack a re-ban onto the running period, or refuse it with a 409", async () => {
    const clock = manualClock("2024-06-20T00:00:00Z");
    const emulator = await start({ now: clock.now, behaviour: { rebanning: "stack" } });
    await ban(emulator, "1234", 7);
    clock.advance(DAY_MS);
    await ban(emulator, "1234", 2);
    expect(await listBans(emulator)).toStrictEqual([
      {
        gamer_id: "1234",
        count: 2,
        start_time: "2024-06-20T00:00:00Z",
        end_time: "2024-06-29T00:00:00Z",
      },
    ]);

    emulator.setBehaviour({ rebanning: "conflict" });
    const refused = await ban(emulator, "1234", 1);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 409902, error: true });
    expect((await listBans(emulator))[0]?.count).toBe(2);
  });

  it("counts a ban after an earlier one ended", async () => {
    const clock = manualClock("2024-06-20T00:00:00Z");
    const emulator = await start({ now: clock.now, behaviour: { rebanning: "conflict" } });
    await ban(emulator, "1234", 1);
    clock.advance(2 * DAY_MS);
    expect((await ban(emulator, "1234", 1)).status).toBe(200);
    expect((await listBans(emulator))[0]?.count).toBe(2);
  });

  it("lifts a ban and echoes the body; a user who is not banned is echoed too, or 404 when switched", async () => {
    const emulator = await start();
    await ban(emulator, "1234", 3);
    const lifted = await callApi(emulator, "DELETE", "/block_user_chat", {
      body: { gamer_id: "1234" },
    });
    expect(lifted.status).toBe(200);
    expect(lifted.json).toStrictEqual({ gamer_id: "1234" });
    expect(await listBans(emulator)).toStrictEqual([]);

    const again = await callApi(emulator, "DELETE", "/block_user_chat", {
      body: { gamer_id: "1234" },
    });
    expect(again.status).toBe(200);
    expect(again.json).toStrictEqual({ gamer_id: "1234" });

    emulator.setBehaviour({ unbanMissingUser: "not-found" });
    const missing = await callApi(emulator, "DELETE", "/block_user_chat", {
      body: { gamer_id: "1234" },
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 404902, error: true });
  });

  it("rejects days that are not a positive whole number with a 400 naming days", async () => {
    const emulator = await start();
    for (const days of [0, -1, 1.5, "3", null]) {
      const answer = await ban(emulator, "1234", days);
      expect(answer.status, String(days)).toBe(400);
      expect(answer.json, String(days)).toMatchObject({ code: 400900, error: true });
      expect((answer.json as { message: string }).message).toMatch(/^days: /);
    }
    const noId = await callApi(emulator, "PUT", "/block_user_chat", { body: { days: 1 } });
    expect((noId.json as { message: string }).message).toMatch(/^gamer_id: /);
    expect(await listBans(emulator)).toStrictEqual([]);
  });
});
