// The built `chatwarden serve` as an operator runs it, configured only through its environment,
// against the emulator (in this process, with its controls), a fake Discord and a fake Slack,
// each with a report and an audit channel. A test can kill it (SIGKILL, as a crash would) and
// start it again on the same DATA_DIR, and read its log lines as they come.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, vi } from "vitest";
import { z } from "zod";
import type { RunningEmulator } from "../../emulator/server.js";
import type { FakeDiscordOptions } from "../fakes/discord/server.js";
import { type FakeDiscord, type FakeUser, startFakeDiscord } from "../fakes/discord/server.js";
import { type SlackTestUser, slashCommandPayload } from "../fakes/slack/payloads.js";
import type { FakeSlackOptions } from "../fakes/slack/server.js";
import { type FakeSlack, startFakeSlack } from "../fakes/slack/server.js";
import { postSigned } from "../fakes/slack/signing.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";

export const CLI = join(import.meta.dirname, "../../dist/cli.js");
export const MODERATOR_ROLE = "400000000000000001";
export const DISCORD_REPORTS = "500000000000000010";
export const DISCORD_AUDIT = "500000000000000011";
export const SLACK_REPORTS = "C0REPORTS";
export const SLACK_AUDIT = "C0AUDIT";
export const SIGNING_SECRET = "e2e-signing-secret";

export const discordModerator: FakeUser = {
  id: "200000000000000001",
  username: "mina",
  nick: "Mina",
  roles: [MODERATOR_ROLE],
};
export const discordPlayer: FakeUser = { id: "200000000000000003", username: "random", roles: [] };
export const slackModerator: SlackTestUser = { id: "U0MOD", name: "ari" };

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface BotWorld {
  emulator: RunningEmulator;
  discord: FakeDiscord;
  slack: FakeSlack;
  dataDir: string;
  /** The environment serve runs with (a one-shot CLI beside it uses the same). */
  env: NodeJS.ProcessEnv;
  bot: RunningBot;
  /** Kills the bot with SIGKILL, as a crash would, and starts another on the same DATA_DIR. */
  crashAndRestart(): Promise<void>;
  /**
   * Resolves once a moderator could use both platforms: Slack serves, Discord's gateway is ready
   * and its slash commands are registered. The HTTP port is printed before either: Discord is
   * leader work, started after the store has elected this process.
   */
  platformsUp(): Promise<void>;
  /** Presses a button on a report message in Discord's report channel. */
  pressOnDiscord(
    user: FakeUser,
    messageId: string,
    label: string,
  ): ReturnType<FakeDiscord["button"]>;
  /** Presses a button on a report message in Slack's report channel; answers the response_url. */
  pressOnSlack(user: SlackTestUser, ts: string, label: string): Promise<{ responseUrl: string }>;
  /** A slash command typed on Slack (`/ban`, "gamer-1 3"); answers the response_url. */
  slashOnSlack(
    user: SlackTestUser,
    command: string,
    text: string,
  ): Promise<{ responseUrl: string }>;
  close(): Promise<void>;
}

const probeBodySchema = z.object({
  status: z.string(),
  detail: z.string().optional(),
  components: z.record(z.string(), z.object({ ready: z.boolean(), detail: z.string() })).optional(),
});

/** What /healthz or /readyz of a running bot answers. */
export async function probeBot(port: number, path: "/healthz" | "/readyz") {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: answer.status, body: probeBodySchema.parse(await answer.json()) };
}

export interface RunningBot {
  process: ChildProcess;
  port: number;
  logs: LogLine[];
  /** The first log line, past or future, with this message (and matching fields). */
  waitForLog(msg: string, match?: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startBotWorld(
  options: {
    discord?: FakeDiscordOptions;
    slack?: FakeSlackOptions;
    env?: Record<string, string>;
    /** Before the bot's first start: reports that already exist. */
    before?: (emulator: RunningEmulator) => void;
  } = {},
): Promise<BotWorld> {
  const emulator = await startTestEmulator();
  options.before?.(emulator);
  const discord = await startFakeDiscord({
    channels: [
      { id: DISCORD_REPORTS, name: "reports" },
      { id: DISCORD_AUDIT, name: "audit" },
    ],
    roles: [{ id: MODERATOR_ROLE, name: "Moderators" }],
    ...options.discord,
  });
  const slack = await startFakeSlack(options.slack);
  const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-e2e-feed-"));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    CHAT_API_BASE_URL: emulator.baseUrl,
    CHAT_API_TOKEN: TEST_TOKEN,
    DATA_DIR: dataDir,
    PORT: "0",
    LOG_LEVEL: "info",
    REPORT_POLL_CRON: "*/1 * * * * *",
    DISCORD_TOKEN: discord.token,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_GUILD_ID: discord.guildId,
    DISCORD_MODERATOR_ROLE_IDS: MODERATOR_ROLE,
    DISCORD_REPORT_CHANNEL_ID: DISCORD_REPORTS,
    DISCORD_AUDIT_CHANNEL_ID: DISCORD_AUDIT,
    DISCORD_API_URL: discord.apiUrl,
    SLACK_BOT_TOKEN: "xoxb-FAKE_bot-token-e2e",
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_MODERATOR_USER_IDS: slackModerator.id,
    SLACK_REPORT_CHANNEL_ID: SLACK_REPORTS,
    SLACK_AUDIT_CHANNEL_ID: SLACK_AUDIT,
    SLACK_API_URL: slack.apiUrl,
    ...options.env,
  };
  const world: BotWorld = {
    emulator,
    discord,
    slack,
    dataDir,
    env,
    bot: await startBot(env, dataDir),
    async crashAndRestart() {
      await world.bot.stop("SIGKILL");
      world.bot = await startBot(env, dataDir);
    },
    async platformsUp() {
      await world.bot.waitForLog("Slack adapter started");
      await vi.waitFor(
        async () => {
          const readiness = await fetch(`http://127.0.0.1:${world.bot.port}/readyz`);
          const body = (await readiness.json()) as {
            components: Record<string, { ready: boolean }>;
          };
          expect(body.components.discord?.ready).toBe(true);
          expect(discord.commands().map((command) => command.name)).toContain("ban");
        },
        { timeout: 20_000, interval: 50 },
      );
    },
    pressOnDiscord(user, messageId, label) {
      const message = discord.message(messageId);
      const rows = (message?.components ?? []) as {
        components?: { label?: string; custom_id?: string }[];
      }[];
      const button = rows.flatMap((row) => row.components ?? []).find((b) => b.label === label);
      if (!button?.custom_id)
        throw new Error(`Discord message ${messageId} has no button ${label}`);
      return discord.button(user, button.custom_id, { id: messageId });
    },
    async pressOnSlack(user, ts, label) {
      const click = slack.clickOn({ channel: SLACK_REPORTS, ts, button: label, user });
      await postToSlackEndpoint(world.bot.port, { payload: JSON.stringify(click.payload) });
      return { responseUrl: click.responseUrl };
    },
    async slashOnSlack(user, command, text) {
      const responseUrl = slack.responses.newUrl();
      await postToSlackEndpoint(
        world.bot.port,
        slashCommandPayload({ command, text, user, responseUrl }),
      );
      return { responseUrl };
    },
    async close() {
      await world.bot.stop("SIGKILL");
      await Promise.all([discord.close(), slack.close(), emulator.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}

/** Posts a form to the bot's /slack/events, signed as Slack signs it; expects the 200 ack. */
export async function postToSlackEndpoint(
  port: number,
  form: Record<string, string>,
): Promise<void> {
  const ack = await postSigned(
    `http://127.0.0.1:${port}/slack/events`,
    new URLSearchParams(form).toString(),
    "application/x-www-form-urlencoded",
    SIGNING_SECRET,
  );
  expect(ack.status).toBe(200);
}

/** One `chatwarden serve` with `env`, in `cwd`; resolves once it says its HTTP port. */
export async function startBot(env: NodeJS.ProcessEnv, cwd: string): Promise<RunningBot> {
  const child = spawn(process.execPath, [CLI, "serve"], {
    cwd,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let partial = "";
  const logs: LogLine[] = [];
  const waiters = new Set<() => void>();
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    partial += chunk.toString();
    const lines = partial.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: 0, msg: line });
      }
    }
    for (const wake of waiters) wake();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  await vi
    .waitFor(() => expect(stdout).toMatch(/HTTP on port \d+/), { timeout: 15_000, interval: 20 })
    .catch((error: unknown) => {
      // A bot that never came up is not left running behind a failed test.
      child.kill("SIGKILL");
      throw error;
    });
  const port = Number(/HTTP on port (\d+)/.exec(stdout)?.[1]);
  return {
    process: child,
    port,
    logs,
    waitForLog(msg, match = () => true, timeoutMs = 10_000) {
      const find = () => logs.find((line) => line.msg === msg && match(line));
      const found = find();
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no log line "${msg}" within ${timeoutMs} ms; saw: ${logs.map((l) => l.msg).join(" | ")}`,
            ),
          );
        }, timeoutMs);
        const check = () => {
          const line = find();
          if (!line) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(line);
        };
        waiters.add(check);
      });
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
