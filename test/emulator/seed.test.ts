import { describe, expect, it } from "vitest";
import { seedDemo } from "../../emulator/seed.js";
import { EmulatorState } from "../../emulator/state.js";
import {
  badWordListSchema,
  blockedUserListSchema,
  channelGroupListSchema,
  openChannelListSchema,
  reportListSchema,
} from "../../src/chat-api/schemas.js";
import { callApi, useEmulator } from "./helpers.js";

const SEED_TIME = new Date("2024-06-17T09:50:23Z");

describe("seeds", () => {
  const start = useEmulator();

  it("demo: every GET answers data that parses with the API's schemas", async () => {
    const emulator = await start({ seed: "demo", now: () => SEED_TIME });
    const groups = channelGroupListSchema.parse(
      (await callApi(emulator, "GET", "/open_channel_groups")).json,
    );
    expect(groups).toStrictEqual(["global", "kr", "en"]);
    for (const group of groups) {
      const answer = await callApi(emulator, "GET", "/open_channels", {
        query: { channel_group: group },
      });
      const channels = openChannelListSchema.parse(answer.json);
      expect(
        channels.filter((channel) => channel.is_default),
        group,
      ).toHaveLength(1);
      expect(
        channels.some((channel) => channel.players.length > 0),
        group,
      ).toBe(true);
    }

    const bans = blockedUserListSchema.parse(
      (await callApi(emulator, "GET", "/block_user_list")).json,
    );
    expect(bans.length).toBeGreaterThanOrEqual(3);
    expect(bans.find((ban) => ban.gamer_id === "10004")?.count).toBe(3);
    // The ban that ends two minutes after the seed.
    expect(bans.find((ban) => ban.gamer_id === "10009")?.end_time).toBe("2024-06-17T09:52:23Z");

    const words = badWordListSchema.parse((await callApi(emulator, "GET", "/bad_word_list")).json);
    expect(words.map((entry) => entry.language)).toStrictEqual(["all", "ko-kr", "en-us"]);

    const reports = reportListSchema.parse((await callApi(emulator, "GET", "/report_list")).json);
    expect(reports.length).toBeGreaterThanOrEqual(30);
    expect(new Set(reports.map((report) => report.keyword))).toStrictEqual(
      new Set(["INAPPROPRIATE", "SPAM", "CHEATING", "HARASSMENT"]),
    );
    expect(reports.some((report) => report.status !== 1)).toBe(true);
    // The newest reports show names, the priority and the ladder at work: one ShadowFox reports
    // the other (a name two players share), two players report the repeat offender for cheating
    // (the heaviest category), one reports another banned player for spam (the lightest).
    const newest = [...reports].sort((a, b) => b.create_at.localeCompare(a.create_at)).slice(0, 4);
    expect(
      newest.map((report) => [report.to_gamer_id, report.from_gamer_id, report.keyword]),
    ).toEqual([
      ["10003", "20017", "INAPPROPRIATE"],
      ["10004", "10014", "CHEATING"],
      ["10004", "10008", "CHEATING"],
      ["10017", "10011", "SPAM"],
    ]);
    expect(reports.some((report) => /[가-힣]/.test(report.reason))).toBe(true);
    const everything = JSON.stringify(reports);
    expect(everything).toContain("@everyone");
    expect(everything).toContain("**");
    expect(everything).toContain("<@&123>");
  });

  it("demo: autoscaled a full channel, and left a fixed-size one alone", async () => {
    const emulator = await start({ seed: "demo" });
    const global = emulator.state
      .listChannels("global")
      .filter((channel) => channel.channel_name === "lobby");
    expect(global.map((channel) => channel.players.length)).toStrictEqual([4, 1]);
    const staff = emulator.state
      .listChannels("en")
      .filter((channel) => channel.channel_name === "staff");
    expect(staff).toHaveLength(1);
    expect(staff[0]?.players).toHaveLength(staff[0]?.max_count ?? -1);
    expect(
      emulator.state.listChannels("global").find((channel) => channel.channel_name === "server-2")
        ?.last_chat_time,
    ).toBe("");
  });

  it("demo: the same clock gives the same data", () => {
    const first = new EmulatorState({ now: () => SEED_TIME });
    const second = new EmulatorState({ now: () => SEED_TIME });
    seedDemo(first);
    seedDemo(second);
    expect(second.listReports()).toStrictEqual(first.listReports());
    expect(second.listChannels("kr")).toStrictEqual(first.listChannels("kr"));
    expect(second.listBans()).toStrictEqual(first.listBans());
  });

  it("empty: no groups, no bans, an empty `all` list, no reports", async () => {
    const emulator = await start({ seed: "empty" });
    expect((await callApi(emulator, "GET", "/open_channel_groups")).json).toStrictEqual([]);
    expect((await callApi(emulator, "GET", "/block_user_list")).json).toStrictEqual([]);
    expect((await callApi(emulator, "GET", "/bad_word_list")).json).toStrictEqual([
      { language: "all", filters: [] },
    ]);
    expect((await callApi(emulator, "GET", "/report_list")).json).toStrictEqual([]);
  });
});
