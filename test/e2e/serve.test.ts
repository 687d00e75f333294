// End to end: the built `chatwarden serve` process with the emulator, a fake Discord and a fake
// Slack, configured only through its environment, as an operator would run it. A moderator
// bans from Discord, another unbans from Slack, and the audit channel shows both cases.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { type FakeDiscord, startFakeDiscord } from "../fakes/discord/server.js";
import { slashCommandPayload } from "../fakes/slack/payloads.js";
import { type FakeSlack, startFakeSlack } from "../fakes/slack/server.js";
import { postSigned } from "../fakes/slack/signing.js";
import { seatPlayers, startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";

const CLI = join(import.meta.dirname, "../../dist/cli.js");
const MODERATOR_ROLE = "400000000000000001";
const AUDIT_CHANNEL = "500000000000000001";
const SIGNING_SECRET = "e2e-signing-secret";

let emulator: RunningEmulator;
let discord: FakeDiscord;
let slack: FakeSlack;
let bot: ChildProcess;
let stdout = "";
let dataDir: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  // The player banned below is in a channel: the bot finds him there and bans without asking.
  seatPlayers(emulator.state, "e2e-1");
  discord = await startFakeDiscord({
    channels: [{ id: AUDIT_CHANNEL, name: "audit" }],
    roles: [{ id: MODERATOR_ROLE, name: "Moderators" }],
  });
  slack = await startFakeSlack();
  dataDir = mkdtempSync(join(tmpdir(), "chatwarden-e2e-"));
  bot = spawn(process.execPath, [CLI, "serve"], {
    cwd: dataDir,
    stdio: ["pipe", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: dataDir,
      PORT: "0",
      LOG_LEVEL: "warn",
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_GUILD_ID: discord.guildId,
      DISCORD_MODERATOR_ROLE_IDS: MODERATOR_ROLE,
      DISCORD_AUDIT_CHANNEL_ID: AUDIT_CHANNEL,
      DISCORD_API_URL: discord.apiUrl,
      SLACK_BOT_TOKEN: "xoxb-FAKE_bot-token-e2e",
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_MODERATOR_USER_IDS: "U0MOD",
      SLACK_API_URL: slack.apiUrl,
    },
  });
  bot.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  await vi.waitFor(() => expect(stdout).toMatch(/HTTP on port \d+/), {
    timeout: 15_000,
    interval: 50,
  });
});

afterAll(async () => {
  if (bot && bot.exitCode === null) {
    bot.kill("SIGKILL");
    await new Promise((resolve) => bot.once("exit", resolve));
  }
  await Promise.all([discord.close(), slack.close(), emulator.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const port = () => Number(/HTTP on port (\d+)/.exec(stdout)?.[1]);

// One bot's day, told in order: each test goes on from what the ones before it left (issue 12
// item 8 prefers tests that stand alone; until this story is split, its order is kept even when
// vitest shuffles).
describe("chatwarden serve with Discord and Slack", { shuffle: false }, () => {
  it("says it reached the chat API, and /healthz and /readyz answer", async () => {
    // The one group is seatPlayers' (the channel of the player banned below).
    expect(stdout).toContain("Connected to the chat API: 1 channel group(s).");
    const health = await fetch(`http://127.0.0.1:${port()}/healthz`);
    expect(health.status).toBe(200);
    // Every component is named, with its state; Discord and Slack come up beside the rest.
    const body = await vi.waitFor(
      async () => {
        const readiness = await fetch(`http://127.0.0.1:${port()}/readyz`);
        expect(readiness.status).toBe(200);
        return (await readiness.json()) as {
          status: string;
          components: Record<string, { ready: boolean; detail: string }>;
        };
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(body.status).toBe("ready");
    expect(Object.keys(body.components)).toEqual(
      expect.arrayContaining(["store", "chat-api", "http", "poller", "discord", "slack"]),
    );
    expect(body.components.store).toEqual({ ready: true, detail: "ok" });
  });

  it("registers its slash commands on Discord", async () => {
    await discord.log.waitFor((call) => call.method === "PUT" && call.path.endsWith("/commands"), {
      timeoutMs: 15_000,
    });
    expect(discord.commands().map((command) => command.name)).toContain("ban");
  });

  it("bans from Discord, unbans from Slack, and audits both in Discord", async () => {
    const moderator = { id: "200000000000000001", username: "mina", roles: [MODERATOR_ROLE] };
    const sent = discord.slash(moderator, "ban", { gamer_id: "e2e-1", days: "3", reason: "spam" });
    const edit = await sent.edit();
    expect(JSON.stringify(edit.body)).toContain("Banned e2e-1 for 3 days");
    expect(emulator.state.runningBan("e2e-1")?.count).toBe(1);

    const responseUrl = slack.responses.newUrl();
    const form = new URLSearchParams(
      slashCommandPayload({
        command: "/unban",
        text: "e2e-1 appeal accepted",
        user: { id: "U0MOD", name: "ari" },
        responseUrl,
      }),
    ).toString();
    const ack = await postSigned(
      `http://127.0.0.1:${port()}/slack/events`,
      form,
      "application/x-www-form-urlencoded",
      SIGNING_SECRET,
    );
    expect(ack.status).toBe(200);
    const answer = await slack.responses.answer(responseUrl);
    expect(answer.body.response_type).toBe("in_channel");
    expect(answer.body.text).toContain("Unbanned e2e-1");
    expect(emulator.state.runningBan("e2e-1")).toBeUndefined();

    const audited = (nth: number) =>
      discord.log.waitFor(
        (call) =>
          call.method === "POST" &&
          call.path === `/channels/${AUDIT_CHANNEL}/messages` &&
          discord.log
            .filter((c) => c.method === "POST" && c.path === `/channels/${AUDIT_CHANNEL}/messages`)
            .indexOf(call) === nth,
        { timeoutMs: 10_000 },
      );
    expect(JSON.stringify((await audited(0)).body)).toMatch(/Case #1: ban e2e-1/);
    expect(JSON.stringify((await audited(1)).body)).toMatch(/Case #2: unban e2e-1.*ari \(slack\)/);
  });

  it("stops cleanly on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) =>
      bot.once("exit", (code) => resolve(code)),
    );
    bot.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
