// A burst of 40 reports against 40 players, against fakes that hold the platforms' own limits:
// Discord 5 messages per 5 s per channel (answered with its rate-limit headers, which discord.js
// follows), Slack 1 chat.postMessage per second per channel after a burst of 3. Every report
// arrives once on each platform, and neither platform answers a single 429.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { type BotWorld, DISCORD_REPORTS, SLACK_REPORTS, startBotWorld } from "./bot-process.js";

const BURST = 40;
let w: BotWorld;

beforeAll(async () => {
  w = await startBotWorld({
    discord: { channelRateLimit: { limit: 5, windowMs: 5_000 } },
    slack: { postRateLimit: { burst: 3, intervalMs: 1_000 } },
    env: { REPORT_BACKFILL: "0" },
  });
  // The first poll has recorded the (empty) list: what comes next is new.
  await w.bot.waitForLog("Slack adapter started");
});
afterAll(() => w?.close());

it("delivers a 40-report burst to both platforms, each report once, drawing no 429", async () => {
  for (let n = 0; n < BURST; n++) w.emulator.state.injectReport({ to_gamer_id: `burst-${n}` });
  await vi.waitFor(
    () => {
      expect(w.discord.channelMessages(DISCORD_REPORTS)).toHaveLength(BURST);
      expect(w.slack.api.messages(SLACK_REPORTS)).toHaveLength(BURST);
    },
    { timeout: 90_000, interval: 200 },
  );
  const discordStatuses = w.discord.log
    .filter((call) => call.path === `/channels/${DISCORD_REPORTS}/messages`)
    .map((call) => call.status);
  expect(
    discordStatuses.filter((status) => status === 429),
    discordStatuses.join(" "),
  ).toEqual([]);
  const slackPosts = w.slack.api.callsTo("chat.postMessage");
  const slackTiming = slackPosts
    .map(
      (call, n) =>
        `${call.status}@+${Math.round(call.at - (slackPosts[n - 1]?.at ?? call.at))}:${String(call.args.channel)}:${String(call.args.text).slice(0, 30)}`,
    )
    .join(" ");
  expect(w.slack.api.rateLimited("chat.postMessage"), slackTiming).toEqual([]);
  const titles = new Set(
    w.discord
      .channelMessages(DISCORD_REPORTS)
      .map((m) => String((m.embeds[0] as { title?: string }).title)),
  );
  expect(titles.size).toBe(BURST);
}, 120_000);
