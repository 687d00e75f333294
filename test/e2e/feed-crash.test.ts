// Exactly once across a crash: the bot is killed with SIGKILL while it is posting a burst of
// reports, and started again on the same DATA_DIR. Deliveries it had marked in flight are in
// doubt: on Discord they are posted again with the same nonce (enforce_nonce returns the message
// Discord already made), on Slack the channel's history is searched for their metadata first,
// page by page since the post was attempted, however many messages people wrote meanwhile.
// Every report is on each platform exactly once.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { type BotWorld, DISCORD_REPORTS, SLACK_REPORTS, startBotWorld } from "./bot-process.js";

const BURST = 12;
/** What people write in the report channel while the bot is down: more than a page of history. */
const CHATTER = 250;
let w: BotWorld;

/** The bot's own messages in Slack's report channel, not the people's. */
function slackPosts() {
  return w.slack.api.messages(SLACK_REPORTS).filter((message) => message.bot_id !== undefined);
}

beforeAll(async () => {
  w = await startBotWorld({
    // Real limits slow the burst down enough to kill the bot in the middle of it.
    discord: { channelRateLimit: { limit: 5, windowMs: 2_000 } },
    slack: { postRateLimit: { burst: 3, intervalMs: 1_000 } },
    env: { REPORT_BACKFILL: "0" },
  });
  await w.bot.waitForLog("Slack adapter started");
});
afterAll(() => w?.close());

it("posts every report exactly once on each platform after a SIGKILL mid-burst", async () => {
  for (let n = 0; n < BURST; n++) w.emulator.state.injectReport({ to_gamer_id: `crash-${n}` });
  await vi.waitFor(
    () => {
      expect(w.discord.channelMessages(DISCORD_REPORTS).length).toBeGreaterThanOrEqual(3);
      expect(slackPosts().length).toBeGreaterThanOrEqual(3);
    },
    { timeout: 20_000, interval: 20 },
  );
  // The next post on each platform takes effect but its answer never comes back: the bot is
  // killed while both deliveries are in flight, their messages made.
  w.discord.holdAnswers(
    (method, path) => method === "POST" && path === `/channels/${DISCORD_REPORTS}/messages`,
  );
  w.slack.api.holdAnswersOf.add("chat.postMessage");
  const discordBefore = w.discord.channelMessages(DISCORD_REPORTS).length;
  const slackBefore = slackPosts().length;
  await vi.waitFor(
    () => {
      expect(w.discord.channelMessages(DISCORD_REPORTS).length).toBeGreaterThan(discordBefore);
      expect(slackPosts().length).toBeGreaterThan(slackBefore);
    },
    { timeout: 20_000, interval: 20 },
  );
  w.discord.holdAnswers(undefined);
  w.slack.api.holdAnswersOf.clear();
  // The channel goes on: the post in doubt is far from the newest when the bot looks for it.
  for (let n = 0; n < CHATTER; n++) {
    w.slack.api.channels.addUserMessage(SLACK_REPORTS, `moderators talking ${n}`);
  }
  await w.crashAndRestart();
  // Slack: the history told the new process the message exists, so it was not posted again.
  await w.bot.waitForLog(
    "a delivery in doubt after a restart had been posted; not posting it again",
    (line) => line.destination === "slack:report",
    30_000,
  );
  await vi.waitFor(
    () => {
      expect(w.discord.channelMessages(DISCORD_REPORTS)).toHaveLength(BURST);
      expect(slackPosts()).toHaveLength(BURST);
    },
    { timeout: 60_000, interval: 100 },
  );
  const discordTitles = w.discord
    .channelMessages(DISCORD_REPORTS)
    .map((m) => String((m.embeds[0] as { title?: string }).title));
  const slackTexts = slackPosts().map((m) => m.text.split(":")[0]);
  expect(new Set(discordTitles).size).toBe(BURST);
  expect(new Set(slackTexts).size).toBe(BURST);
  // Discord: the in-doubt post went again with the same nonce, and Discord returned the first.
  const nonces = w.discord.log
    .filter(
      (call) => call.method === "POST" && call.path === `/channels/${DISCORD_REPORTS}/messages`,
    )
    .map((call) => (call.body as { nonce?: string }).nonce);
  expect(nonces.length).toBeGreaterThan(new Set(nonces).size);
}, 120_000);
