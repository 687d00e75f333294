// The report feed end to end: the built `chatwarden serve` polling the emulator every second and
// posting to a fake Discord and a fake Slack, each with a report and an audit channel. A
// moderator's day: the backlog, a new report, a flood, a dismissal on Slack that changes the
// Discord message too, a ban from Discord, a press by someone without the role, the chat API
// and both platforms failing, and a CLI ban audited by the running bot.

import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FakeMessage as DiscordMessage } from "../fakes/discord/payloads.js";
import type { FakeMessage as SlackMessage } from "../fakes/slack/channels.js";
import { FIRST_OFFENCE_BUTTONS } from "../feed/harness.js";
import { seatPlayers } from "../helpers/emulator.js";
import {
  type BotWorld,
  CLI,
  DISCORD_AUDIT,
  DISCORD_REPORTS,
  discordModerator,
  discordPlayer,
  SLACK_AUDIT,
  SLACK_REPORTS,
  slackModerator,
  startBotWorld,
} from "./bot-process.js";

let w: BotWorld;
const BACKLOG = 12;

beforeAll(async () => {
  w = await startBotWorld({
    // Generous limits here: the burst test holds the platforms' real ones.
    discord: { channelRateLimit: { limit: 50, windowMs: 1000 } },
    slack: { postRateLimit: false },
    before: (emulator) => {
      for (let n = 1; n <= BACKLOG; n++) {
        emulator.state.injectReport({
          to_gamer_id: `backlog-${n}`,
          to_gamer_name: `Backlog ${n}`,
          createdAt: new Date(Date.now() - (BACKLOG - n) * 60_000),
        });
      }
    },
  });
});
afterAll(() => w?.close());

const discordCards = (): DiscordMessage[] => w.discord.channelMessages(DISCORD_REPORTS);
const slackCards = (): SlackMessage[] => [...w.slack.api.messages(SLACK_REPORTS)].reverse();
const titleOf = (message: DiscordMessage) =>
  String((message.embeds[0] as { title?: string } | undefined)?.title ?? "");
const descriptionOf = (message: DiscordMessage) =>
  String((message.embeds[0] as { description?: string } | undefined)?.description ?? "");
const labelsOf = (message: DiscordMessage) =>
  (message.components as { components: { label: string }[] }[]).flatMap((row) =>
    row.components.map((button) => button.label),
  );
const discordCard = (title: string) => discordCards().find((m) => titleOf(m).includes(title));
const slackCard = (title: string) => slackCards().find((m) => m.text.includes(title));
const pollsSoFar = () => w.emulator.requests.filter((r) => r.path === "/report_list").length;
/** Resolves after the bot has polled `count` more times: what "nothing more happened" waits on. */
const morePolls = (count: number) => {
  const target = pollsSoFar() + count;
  return vi.waitFor(() => expect(pollsSoFar()).toBeGreaterThanOrEqual(target), {
    timeout: 10_000,
    interval: 50,
  });
};
const until = (check: () => void, timeout = 15_000) => vi.waitFor(check, { timeout, interval: 50 });

// One bot's day, told in order: each test goes on from what the ones before it left (issue 12
// item 8 prefers tests that stand alone; until this story is split, its order is kept even when
// vitest shuffles).
describe("chatwarden serve with the report feed", { shuffle: false }, () => {
  it("posts the newest REPORT_BACKFILL reports of the backlog to both platforms, once", async () => {
    await until(() => {
      expect(discordCards()).toHaveLength(10);
      expect(slackCards()).toHaveLength(10);
    });
    await morePolls(2);
    expect(discordCards()).toHaveLength(10);
    expect(slackCards()).toHaveLength(10);
    // The two oldest were recorded as seen, not posted.
    expect(discordCard("(backlog-1)")).toBeUndefined();
    expect(discordCard("(backlog-3)")).toBeDefined();
    expect(slackCard("(backlog-12)")).toBeDefined();
  });

  it("posts a new report on both platforms, inert, with its buttons", async () => {
    w.emulator.state.injectReport({
      to_gamer_id: "gamer-7",
      to_gamer_name: "Night @everyone",
      from_gamer_id: "gamer-3",
      from_gamer_name: "<@&123>",
      keyword: "SPAM",
      reason: "gold selling",
      message: "cheap gold <!channel> **now**",
    });
    await until(() => {
      expect(discordCard("(gamer-7)")).toBeDefined();
      expect(slackCard("(gamer-7)")).toBeDefined();
    });
    const discord = discordCard("(gamer-7)") as DiscordMessage;
    expect(labelsOf(discord)).toEqual(FIRST_OFFENCE_BUTTONS);
    const sent = w.discord.log.filter(
      (call) => call.method === "POST" && call.path === `/channels/${DISCORD_REPORTS}/messages`,
    );
    expect(sent.at(-1)?.body).toMatchObject({ allowed_mentions: { parse: [] } });
    expect(JSON.stringify(discord.embeds)).not.toContain("@everyone");
    const slack = slackCard("(gamer-7)") as SlackMessage;
    expect(JSON.stringify(slack.blocks)).toContain("&lt;!channel&gt;");
    expect(JSON.stringify(slack.blocks)).not.toContain("<!channel>");
  });

  it("groups a flood against one player into one message on each platform", async () => {
    for (let n = 0; n < 3; n++) {
      w.emulator.state.injectReport({
        to_gamer_id: "flooder",
        to_gamer_name: "Flood",
        from_gamer_id: `reporter-${n}`,
      });
    }
    await until(() => {
      expect(discordCard("reports against Flood")).toBeDefined();
      expect(slackCard("reports against Flood")).toBeDefined();
    });
    expect(titleOf(discordCard("Flood") as DiscordMessage)).toBe(
      "3 reports against Flood (flooder)",
    );
    expect(discordCards().filter((m) => titleOf(m).includes("Flood"))).toHaveLength(1);
    expect(slackCards().filter((m) => m.text.includes("Flood"))).toHaveLength(1);
  });

  it("Dismiss on Slack changes the Discord message; a second press hears who handled it", async () => {
    const slack = slackCard("(gamer-7)") as SlackMessage;
    const { responseUrl } = await w.pressOnSlack(slackModerator, slack.ts, "Dismiss");
    const answer = await w.slack.responses.answer(responseUrl);
    expect(answer.body.response_type).toBe("ephemeral");
    expect(JSON.stringify(answer.body)).toContain("Dismissed report #13");

    await until(() => {
      const discord = discordCard("(gamer-7)") as DiscordMessage;
      expect(labelsOf(discord)).toEqual(["History"]);
      expect(descriptionOf(discord)).toMatch(/^Dismissed by ari \(slack\) at .* UTC, case #\d+\.$/);
    });
    await until(() => expect((slackCard("(gamer-7)") as SlackMessage).text).toContain("Dismissed"));

    // The Discord message lost its Ban button; a moderator holding an old client presses it.
    const discordId = (discordCard("(gamer-7)") as DiscordMessage).id;
    const banButton = "cw:report:13:ban1";
    const late = w.discord.button(discordModerator, banButton, { id: discordId });
    const followUp = await late.followUp();
    expect(JSON.stringify(followUp.body)).toMatch(/Handled by ari on slack/);
    expect((followUp.body as { flags?: number }).flags).toBe(64);
    expect(w.emulator.state.runningBan("gamer-7")).toBeUndefined();
  });

  it("a press by a member without the role does nothing", async () => {
    const flood = discordCard("Flood") as DiscordMessage;
    const press = w.pressOnDiscord(discordPlayer, flood.id, "Ban 1d · 1st offence");
    const followUp = await press.followUp();
    expect(JSON.stringify(followUp.body)).toContain("Not allowed");
    expect(w.emulator.state.runningBan("flooder")).toBeUndefined();
    expect(labelsOf(discordCard("Flood") as DiscordMessage)).toContain("Dismiss");
  });

  it("the suggested ban on Discord bans through the API and settles the message on Slack", async () => {
    const flood = discordCard("Flood") as DiscordMessage;
    const puts = () =>
      w.emulator.requests.filter((r) => r.method === "PUT" && r.path === "/block_user_chat");
    const before = puts().length;
    const press = w.pressOnDiscord(discordModerator, flood.id, "Ban 1d · 1st offence");
    const followUp = await press.followUp();
    expect(JSON.stringify(followUp.body)).toContain("Banned Flood (flooder) for 1 day");
    expect(puts().length).toBe(before + 1);
    expect(puts().at(-1)?.body).toEqual({ gamer_id: "flooder", days: 1 });
    await until(() => {
      const slack = slackCard("Flood") as SlackMessage;
      expect(slack.text).toContain("Banned for 1 day by Mina (discord)");
      expect(JSON.stringify(slack.blocks)).not.toContain("cw:report:14:dismiss");
    });
  });

  it("survives a chat API outage: one warning, nothing posted, one line when it ends", async () => {
    const posted = discordCards().length;
    w.emulator.faults.add({
      method: "GET",
      path: "/report_list",
      respond: { status: 503, body: "<html>down</html>", contentType: "text/html" },
      times: 12,
    });
    await w.bot.waitForLog(
      "report feed: the chat API's report list cannot be read; polling goes on",
    );
    await until(() => expect(w.emulator.faults.pending()).toHaveLength(0), 30_000);
    await w.bot.waitForLog("report feed: the report list can be read again", () => true, 15_000);
    const warnings = w.bot.logs.filter((line) => line.msg.startsWith("report feed: the chat API"));
    expect(warnings).toHaveLength(1);
    expect(discordCards()).toHaveLength(posted);
    w.emulator.state.injectReport({ to_gamer_id: "after-outage" });
    await until(() => expect(discordCard("(after-outage)")).toBeDefined());
  });

  it("posts once through 5xx and 429 answers from each platform", async () => {
    // Only the card for this report meets the faults, not a post still draining from before.
    const weathered = (text: unknown) => String(text).includes("(weathered)");
    // Discord: created, but the answer lost (a 502 after the fact), then a 429.
    w.discord.faults.add({
      method: "POST",
      path: new RegExp(`^/channels/${DISCORD_REPORTS}/messages$`),
      body: (body) => weathered(JSON.stringify(body)),
      status: 502,
      afterRoute: true,
      times: 4,
    });
    w.discord.faults.add({
      method: "POST",
      path: new RegExp(`^/channels/${DISCORD_REPORTS}/messages$`),
      body: (body) => weathered(JSON.stringify(body)),
      status: 429,
      retryAfter: 0.3,
    });
    // Slack: a 500 page, then a 429 with Retry-After.
    const slackCardFor = (args: Record<string, unknown>) => weathered(args.text);
    w.slack.api.answerNext(
      "chat.postMessage",
      { status: 500, body: "<html>oops</html>" },
      slackCardFor,
    );
    w.slack.api.rateLimitNext("chat.postMessage", 1, slackCardFor);
    w.emulator.state.injectReport({ to_gamer_id: "weathered" });
    await until(() => {
      expect(discordCard("(weathered)")).toBeDefined();
      expect(slackCard("(weathered)")).toBeDefined();
    }, 30_000);
    await morePolls(2);
    expect(discordCards().filter((m) => titleOf(m).includes("(weathered)"))).toHaveLength(1);
    // Every fault met the card: the retries above were the ones this test asked for.
    expect(w.discord.faults.pending()).toBe(0);
    expect(slackCards().filter((m) => m.text.includes("(weathered)"))).toHaveLength(1);
    const slackTries = w.slack.api
      .callsTo("chat.postMessage")
      .filter((call) => String(call.args.text).includes("(weathered)"));
    expect(slackTries.map((call) => call.status)).toEqual([500, 429, 200]);
    expect((slackTries[2]?.at ?? 0) - (slackTries[1]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it("audits a case recorded by a one-shot CLI through the running bot", async () => {
    seatPlayers(w.emulator.state, "cli-target");
    const cli = spawn(
      process.execPath,
      [CLI, "ban", "cli-target", "3", "--reason", "from the CLI"],
      {
        cwd: w.dataDir,
        env: w.env,
      },
    );
    const code = await new Promise<number | null>((resolve) => cli.once("exit", resolve));
    expect(code).toBe(0);
    await until(() => {
      const discord = w.discord
        .channelMessages(DISCORD_AUDIT)
        .filter((m) => titleOf(m).includes("ban cli-target"));
      expect(discord).toHaveLength(1);
      const slack = w.slack.api
        .messages(SLACK_AUDIT)
        .filter((m) => m.text.includes("ban cli-target"));
      expect(slack).toHaveLength(1);
    });
    const slackAudit = w.slack.api.messages(SLACK_AUDIT).find((m) => m.text.includes("cli-target"));
    expect(JSON.stringify(slackAudit?.blocks)).toContain("(cli)");
  });
});
