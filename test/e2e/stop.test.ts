// A graceful stop of the built `serve`: on SIGTERM it takes no new work (Slack hears 503),
// finishes the commands and the deliveries under way, says in one line what it finished and what
// it left, and exits 0. What it left in the outbox goes out after the next start, once.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { slashCommandPayload } from "../fakes/slack/payloads.js";
import { postSigned } from "../fakes/slack/signing.js";
import { seatPlayers } from "../helpers/emulator.js";
import {
  type BotWorld,
  DISCORD_REPORTS,
  discordModerator,
  type LogLine,
  SIGNING_SECRET,
  SLACK_REPORTS,
  slackModerator,
  startBotWorld,
} from "./bot-process.js";

const BURST = 12;
let w: BotWorld;

// A world per test: the first stops the bot, and the second counts the report channels' messages
// from an empty start.
beforeEach(async () => {
  w = await startBotWorld({
    // Real limits slow a burst down enough to stop the bot in the middle of it.
    discord: { channelRateLimit: { limit: 5, windowMs: 2_000 } },
    slack: { postRateLimit: { burst: 3, intervalMs: 1_000 } },
    env: { REPORT_BACKFILL: "0" },
  });
  // The players banned below are in a channel: the bot finds them there and bans without asking.
  seatPlayers(w.emulator.state, "stop-1", "stop-2", "stop-3");
  await w.platformsUp();
}, 60_000);
afterEach(() => w?.close());

function slackSlash(command: string, text: string, responseUrl: string) {
  const form = new URLSearchParams(
    slashCommandPayload({ command, text, user: slackModerator, responseUrl }),
  ).toString();
  return postSigned(
    `http://127.0.0.1:${w.bot.port}/slack/events`,
    form,
    "application/x-www-form-urlencoded",
    SIGNING_SECRET,
  );
}

function stopLine(): LogLine | undefined {
  return w.bot.logs.find((line) => line.msg.startsWith("stopped:"));
}

describe("chatwarden serve stopped with SIGTERM", () => {
  it("finishes commands the API answers in 3 s, refuses new Slack work meanwhile, and exits 0", async () => {
    w.emulator.faults.add({ method: "PUT", path: "/block_user_chat", latencyMs: 3_000, times: 2 });
    const onDiscord = w.discord.slash(discordModerator, "ban", {
      gamer_id: "stop-1",
      days: "3",
      reason: "spam",
    });
    const responseUrl = w.slack.responses.newUrl();
    expect((await slackSlash("/ban", "stop-2 3 spam", responseUrl)).status).toBe(200);
    // Both bans have reached the API, which takes 3 s to answer them.
    await vi.waitFor(
      () =>
        expect(
          w.emulator.requests.filter((r) => r.method === "PUT" && r.path === "/block_user_chat"),
        ).toHaveLength(2),
      { timeout: 10_000, interval: 20 },
    );

    const exited = w.bot.stop("SIGTERM");
    await w.bot.waitForLog("SIGTERM: stopping (a second SIGTERM stops at once)");
    // New work is refused while the old finishes: Slack retries it elsewhere or later.
    const late = await slackSlash("/bans", "", w.slack.responses.newUrl());
    expect(late.status).toBe(503);

    expect(JSON.stringify((await onDiscord.edit()).body)).toContain("Banned stop-1 for 3 days");
    const answer = await w.slack.responses.answer(responseUrl);
    expect(answer.body.text).toContain("Banned stop-2");
    expect(await exited).toBe(0);
    expect(w.emulator.state.runningBan("stop-1")).toBeDefined();
    expect(w.emulator.state.runningBan("stop-2")).toBeDefined();
    const stopped = stopLine();
    expect(stopped?.msg).toContain("discord: 1 interaction");
    expect(stopped?.msg).not.toContain("cut off");
  }, 60_000);

  it("ends at once on a second SIGTERM, leaving the command under way to the next start", async () => {
    // The API holds the ban far longer than the test waits: only the second signal can end it.
    w.emulator.faults.add({ method: "PUT", path: "/block_user_chat", latencyMs: 60_000 });
    w.discord.slash(discordModerator, "ban", { gamer_id: "stop-3", days: "3", reason: "spam" });
    await vi.waitFor(
      () =>
        expect(
          w.emulator.requests.filter((r) => r.method === "PUT" && r.path === "/block_user_chat"),
        ).toHaveLength(1),
      { timeout: 10_000, interval: 20 },
    );
    const first = w.bot.stop("SIGTERM");
    await w.bot.waitForLog("SIGTERM: stopping (a second SIGTERM stops at once)");
    // 128 + 15, as a shell reports a process ended by SIGTERM.
    expect(await w.bot.stop("SIGTERM")).toBe(143);
    expect(await first).toBe(143);
    expect(w.bot.logs.map((line) => line.msg)).toContain("chatwarden: SIGTERM again: stopping now");
    // It did not wait for the ban: no line says what the graceful stop finished.
    expect(stopLine()).toBeUndefined();
  }, 60_000);

  it("stops in the middle of a delivery burst, exits 0, and delivers the rest once after a restart", async () => {
    for (let n = 0; n < BURST; n++) w.emulator.state.injectReport({ to_gamer_id: `burst-${n}` });
    await vi.waitFor(
      () => {
        expect(w.discord.channelMessages(DISCORD_REPORTS).length).toBeGreaterThanOrEqual(2);
        expect(w.slack.api.messages(SLACK_REPORTS).length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(await w.bot.stop("SIGTERM")).toBe(0);
    const stopped = stopLine();
    // The rate limits hold most of the burst back: it waits in the outbox, named in the line.
    expect(stopped?.msg).toMatch(/left .*deliver(y|ies) in the outbox/);
    const postedBefore = w.discord.channelMessages(DISCORD_REPORTS).length;
    expect(postedBefore).toBeLessThan(BURST);

    await w.crashAndRestart();
    await vi.waitFor(
      () => {
        expect(w.discord.channelMessages(DISCORD_REPORTS)).toHaveLength(BURST);
        expect(w.slack.api.messages(SLACK_REPORTS)).toHaveLength(BURST);
      },
      { timeout: 60_000, interval: 100 },
    );
    const discordTitles = w.discord
      .channelMessages(DISCORD_REPORTS)
      .map((m) => String((m.embeds[0] as { title?: string }).title));
    const slackTexts = w.slack.api.messages(SLACK_REPORTS).map((m) => m.text.split(":")[0]);
    expect(new Set(discordTitles).size).toBe(BURST);
    expect(new Set(slackTexts).size).toBe(BURST);
  }, 120_000);
});
