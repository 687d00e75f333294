// `stats` through Discord: a slash command whose period is one of three fixed choices, answered
// privately with the figures as an embed, the days as fields a page at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLocalTimestamp } from "../../../src/chat-api/time.js";
import { madeReport, onNewCard } from "../../helpers/stored-reports.js";
import { callbackOf, EPHEMERAL, embedOf, messageOf } from "./answers.js";
import { type DiscordHarness, moderator, player, startDiscordHarness } from "./harness.js";

let h: DiscordHarness;
beforeAll(async () => {
  h = await startDiscordHarness({ audit: false });
  // Two reports on one card, made an hour ago on the chat API's clock (UTC here).
  const made = formatLocalTimestamp(new Date(Date.now() - 3_600_000), "UTC");
  await onNewCard(
    h.core,
    [madeReport(9001, "dc-stats", "spam", made), madeReport(9002, "dc-stats", "spam", made)],
    new Date(),
  );
});
afterAll(() => h.close());

describe("stats on Discord", () => {
  it("is registered with its period as the three choices, none required", () => {
    const stats = h.discord.commands().find((command) => command.name === "stats");
    expect(stats?.options).toEqual([
      expect.objectContaining({
        name: "period",
        required: false,
        choices: [
          { name: "24h", value: "24h" },
          { name: "7d", value: "7d" },
          { name: "30d", value: "30d" },
        ],
      }),
    ]);
  });

  it("answers a moderator privately with the figures, the days a page at a time", async () => {
    const sent = h.discord.slash(moderator, "stats", { period: "30d" });
    expect(callbackOf(await sent.callback())).toEqual({ type: 5, ephemeral: true });
    const answer = await sent.edit();
    const embed = embedOf(answer);
    expect(embed.title).toBe("Moderation statistics: last 30 days");
    const field = (name: string) => embed.fields?.find((entry) => entry.name === name)?.value;
    expect(field("Reports received")).toBe("2");
    expect(field("By category")).toBe("SPAM 2");
    expect(field("Open backlog now")).toBe("1 card; the oldest is card 1, against dc-stats");
    expect(field("Reports per day")).toMatch(/^[▁-█]{31} {2}(0 ){30}2$/);
    // 31 days: 12 fields of figures and 10 days a page, within Discord's 25 fields.
    expect(embed.fields).toHaveLength(22);
    expect(embed.footer?.text).toContain("Page 1 of 4");
    expect(messageOf(answer).allowed_mentions).toEqual({ parse: [] });
    expect(sent.original()?.flags).toBe(EPHEMERAL);
    // The chart of the days comes with it: a PNG attached and shown in the embed.
    const upload = await h.discord.log.waitFor(
      (call) => call.path.includes(sent.token) && call.files !== undefined,
    );
    expect(upload.files).toEqual([
      expect.objectContaining({ filename: "stats.png", contentType: "image/png" }),
    ]);
    expect(JSON.stringify(upload.body)).toContain("attachment://stats.png");
  });

  it("refuses a player", async () => {
    const sent = h.discord.slash(player, "stats", {});
    await sent.callback();
    expect(embedOf(await sent.edit()).title).toBe("Not allowed");
  });
});
