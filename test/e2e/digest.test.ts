// The shift digest through the built `chatwarden serve`, posting to a fake Discord and a fake
// Slack: with DIGEST_CRON naming every minute, the bot owes the digest of the minute it starts in
// and posts it to both report channels; killed and started again, it posts each slot once per
// channel: the posts on each platform are exactly the slots the bot logged as owed, however the
// restart fell.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FakeMessage as DiscordMessage } from "../fakes/discord/payloads.js";
import {
  type BotWorld,
  DISCORD_REPORTS,
  type LogLine,
  SLACK_REPORTS,
  startBotWorld,
} from "./bot-process.js";

let w: BotWorld;
beforeAll(async () => {
  w = await startBotWorld({
    env: { DIGEST_CRON: "* * * * *" },
    before: (emulator) => {
      emulator.state.injectReport({ to_gamer_id: "waiting", to_gamer_name: "Waiting" });
    },
  });
});
afterAll(() => w?.close());

const OWED = "shift digest owed";
const titleOf = (message: DiscordMessage) =>
  String((message.embeds[0] as { title?: string } | undefined)?.title ?? "");
const discordDigests = () =>
  w.discord.channelMessages(DISCORD_REPORTS).filter((m) => titleOf(m).startsWith("Shift digest"));
const slackDigests = () =>
  w.slack.api.messages(SLACK_REPORTS).filter((m) => m.text.startsWith("Shift digest"));
/** The slots the bot's runs logged as owed, each once however many lines name it. */
const slotsIn = (logs: readonly LogLine[]) =>
  new Set(logs.filter((line) => line.msg === OWED).map((line) => String(line.slot)));
const until = (check: () => void) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

describe("chatwarden serve with DIGEST_CRON", { shuffle: false }, () => {
  it("posts the digest of the minute it starts in to both report channels", async () => {
    await w.bot.waitForLog(OWED, undefined, 20_000);
    await until(() => {
      expect(discordDigests().length).toBeGreaterThanOrEqual(1);
      expect(slackDigests().length).toBeGreaterThanOrEqual(1);
    });
    // Read when it is sent: the first poll's card may or may not be stored by then.
    expect(titleOf(discordDigests()[0] as DiscordMessage)).toMatch(
      /^Shift digest: (0 cards|1 card) waiting$/,
    );
  });

  it("posts each slot once per channel across a kill and a restart", async () => {
    const before = [...w.bot.logs];
    await w.crashAndRestart();
    // Up again, it looks at once: a slot already owed is owed nothing, a new minute is owed.
    await w.platformsUp();
    await until(() => {
      const slots = new Set([...slotsIn(before), ...slotsIn(w.bot.logs)]);
      expect(discordDigests()).toHaveLength(slots.size);
      expect(slackDigests()).toHaveLength(slots.size);
    });
  });
});
