// Bans made elsewhere, end to end: the built `chatwarden serve` syncing the emulator's ban list
// every second. A ban that was there before the first sync is recorded as found and posted
// nowhere; a ban made in the vendor's console afterwards reaches both audit channels as a case of
// the chat API's actor, and a one-shot `history` on the same store lists it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../cli/cli-process.js";
import { type BotWorld, DISCORD_AUDIT, SLACK_AUDIT, startBotWorld } from "./bot-process.js";

let w: BotWorld;

beforeAll(async () => {
  w = await startBotWorld({
    env: { BAN_SYNC_CRON: "* * * * * *" },
    before: (emulator) => {
      emulator.state.ban("found-1", 7);
    },
  });
  await w.platformsUp();
});
afterAll(() => w?.close());

const discordAudit = () =>
  w.discord
    .channelMessages(DISCORD_AUDIT)
    .map((message) => JSON.stringify(message.embeds))
    .join("\n");
const slackAudit = () =>
  [...w.slack.api.messages(SLACK_AUDIT)].map((message) => JSON.stringify(message)).join("\n");

describe("bans made elsewhere, through the built binary", () => {
  it("records the bans of the first sync without posting, then posts a ban made elsewhere", async () => {
    await w.bot.waitForLog(
      "ban sync: first sync of this store; the bans found are recorded, not posted",
      undefined,
      20_000,
    );
    w.emulator.state.ban("outside-1", 3);

    await vi.waitFor(
      () => {
        expect(discordAudit()).toContain("ban outside-1");
        expect(slackAudit()).toContain("ban outside-1");
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(discordAudit()).toContain("chat API (outside chatwarden) (chat-api)");
    expect(slackAudit()).toContain("chat API (outside chatwarden) (chat-api)");
    expect(discordAudit()).not.toContain("found-1");
    expect(slackAudit()).not.toContain("found-1");

    const { DATA_DIR, CHAT_API_BASE_URL, CHAT_API_TOKEN } = w.env;
    const history = await runCli(["history", "found-1"], {
      DATA_DIR: DATA_DIR ?? "",
      CHAT_API_BASE_URL: CHAT_API_BASE_URL ?? "",
      CHAT_API_TOKEN: CHAT_API_TOKEN ?? "",
    });
    expect(history.stdout).toContain("ban 7 days by chat API (outside chatwarden) (chat-api)");
    expect(history.stdout).toContain("found at first sync");
  });
});
