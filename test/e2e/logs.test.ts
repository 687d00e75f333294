// The log as an operator reads it, from the built `chatwarden`: a one-shot command that meets a
// proxy's HTML 502 prints its one error line and nothing else; an outage of Discord's gateway
// or of Slack's Socket Mode is two lines (down; back after how long and how many tries), not a
// line per reconnect; LOG_FORMAT=pretty gives human lines, and JSON is the default off a terminal.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { lines, runCli } from "../cli/cli-process.js";
import { startFakeDiscord } from "../fakes/discord/server.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { type BotWorld, CLI, type LogLine, startBotWorld } from "./bot-process.js";

const WAIT = { timeout: 15_000, interval: 20 };
const BAD_GATEWAY = "<html><body><h1>502 Bad Gateway</h1>nginx</body></html>";

describe("a one-shot command against an HTML 502", () => {
  let emulator: RunningEmulator;
  const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-logs-"));
  afterAll(async () => {
    await emulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (env: Record<string, string> = {}) => {
    emulator ??= await startTestEmulator();
    emulator.faults.clear();
    emulator.faults.add({
      path: "/block_user_list",
      times: 50,
      respond: { status: 502, body: BAD_GATEWAY, contentType: "text/html" },
    });
    return runCli(["bans"], {
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: dataDir,
      ...env,
    });
  };

  it("prints exactly one line, on stderr, and fails", async () => {
    const result = await run();
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    // The page's visible text, not its markup (a page with a <title> is quoted by its title, as
    // docs/operations.md shows for nginx's own page).
    expect(lines(result.stderr)).toEqual([
      'chatwarden: bans failed: The chat API answered GET /block_user_list with HTTP 502 and a body that is not JSON (a proxy error page?): "502 Bad Gateway nginx"',
    ]);
    expect(result.stderr).not.toContain(TEST_TOKEN);
    // It did try again before giving up: the retries were there, only not shown.
    expect(
      emulator.requests.filter((request) => request.path === "/block_user_list").length,
    ).toBeGreaterThan(1);
  });

  it("shows its retries with LOG_LEVEL=debug, and still ends with the one error line", async () => {
    const quiet = lines((await run()).stderr);
    const result = await run({ LOG_LEVEL: "debug" });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    const logged = lines(result.stderr);
    expect(logged.at(-1)).toBe(quiet[0]);
    const records = logged.slice(0, -1).map((line) => JSON.parse(line) as LogLine);
    expect(records).toContainEqual(
      expect.objectContaining({ level: 20, msg: "chat API call failed, retrying" }),
    );
    expect(result.stderr).not.toContain(TEST_TOKEN);
  });
});

describe("outages in the log of `chatwarden serve`", () => {
  let world: BotWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  /** The bot's lines from `from` on that `about` matches, as written. */
  const linesAbout = (from: number, about: RegExp) =>
    (world?.bot.logs ?? []).slice(from).filter((line) => about.test(JSON.stringify(line)));

  it("Discord's gateway down for a while: one line down, one back (pretty format)", async () => {
    world = await startBotWorld({ env: { LOG_FORMAT: "pretty" } });
    const { bot, discord } = world;
    // Pretty lines are not JSON: the harness keeps each as it was written, in `msg`.
    await vi.waitFor(() => {
      expect(bot.logs.map((line) => line.msg)).toContainEqual(
        expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}discord {2}Discord gateway connected$/),
      );
    }, WAIT);
    const from = bot.logs.length;

    const end = discord.gateway.outage();
    // discord.js tries again every 500 ms: let a few tries fail.
    await vi.waitFor(() => expect(discord.gateway.refused).toBeGreaterThanOrEqual(4), WAIT);
    const resumed = discord.gateway.nextSession("resumed");
    end();
    await resumed;
    await vi.waitFor(() => expect(linesAbout(from, /gateway back/)).toHaveLength(1), WAIT);

    const told = linesAbout(from, /Discord gateway/).map((line) => line.msg);
    expect(told).toEqual([
      expect.stringMatching(
        /^\d\d:\d\d:\d\d WARN {2}discord {2}Discord gateway down \(close 1006\); reconnecting$/,
      ),
      expect.stringMatching(
        /^\d\d:\d\d:\d\d INFO {2}discord {2}Discord gateway back after \d+(\.\d)? s, \d+ tries$/,
      ),
    ]);
    // Every refused handshake was a try, and so was the one that worked.
    const tries = Number(/, (\d+) tries$/.exec(told[1] ?? "")?.[1]);
    expect(tries).toBe(discord.gateway.refused + 1);
    // No other line about the gateway, and nothing that is not a human line.
    expect(linesAbout(from, /reconnecting/)).toHaveLength(1);
    expect(bot.logs.slice(from).filter((line) => line.level !== 0)).toEqual([]);
  }, 30_000);

  it("Slack's Socket Mode dropped, a try failing: one line down, one back (JSON format)", async () => {
    world = await startBotWorld({ env: { SLACK_APP_TOKEN: "xapp-FAKE-app-token-e2e" } });
    const { bot, slack } = world;
    await bot.waitForLog("Slack Socket Mode connected", () => true, 15_000);
    // The start-up doctor opens a Socket Mode URL too: it must not take the failure meant for
    // the reconnect.
    await vi.waitFor(
      () => expect(bot.logs.some((line) => typeof line.checks === "number")).toBe(true),
      WAIT,
    );
    const from = bot.logs.length;

    // Slack recycles the connection, and the first try to open a new one fails.
    slack.api.failNext("apps.connections.open", "internal_error");
    slack.socketMode.dropConnections();
    // The Socket Mode connection waits 2 s before its second try.
    await vi.waitFor(() => expect(linesAbout(from, /Socket Mode back/)).toHaveLength(1), WAIT);

    const told = linesAbout(from, /Socket Mode/).filter((line) => line.level >= 30);
    expect(told).toEqual([
      expect.objectContaining({
        level: 40,
        adapter: "slack",
        msg: "Slack Socket Mode down (connection closed); reconnecting",
      }),
      expect.objectContaining({
        level: 30,
        adapter: "slack",
        msg: expect.stringMatching(/^Slack Socket Mode back after 2\.\d s, 2 tries$/),
        downSeconds: expect.closeTo(2, 0),
        tries: 2,
      }),
    ]);
  }, 30_000);
});

describe("Discord unreachable when serve starts", () => {
  it("says once that it cannot connect, then how long connecting took and in how many tries", async () => {
    const emulator = await startTestEmulator();
    const discord = await startFakeDiscord();
    // Two logins fail: discord.js itself tries each REST call 4 times before giving up.
    discord.faults.add({ method: "GET", path: /^\/gateway\/bot$/, status: 503, times: 8 });
    const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-logs-start-"));
    const bot = spawn(process.execPath, [CLI, "serve"], {
      cwd: dataDir,
      stdio: ["pipe", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH,
        CHAT_API_BASE_URL: emulator.baseUrl,
        CHAT_API_TOKEN: TEST_TOKEN,
        DATA_DIR: dataDir,
        PORT: "0",
        LOG_LEVEL: "info",
        DISCORD_TOKEN: discord.token,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_GUILD_ID: discord.guildId,
        DISCORD_API_URL: discord.apiUrl,
      },
    });
    let stderr = "";
    bot.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const told = () =>
      lines(stderr)
        .map((line) => JSON.parse(line) as LogLine)
        .filter((line) => line.msg.startsWith("Discord gateway"));
    try {
      await vi.waitFor(() => expect(told()).toHaveLength(2), WAIT);
      expect(told()).toEqual([
        expect.objectContaining({
          level: 40,
          msg: expect.stringMatching(/^Discord gateway cannot connect \(.*\); retrying$/),
        }),
        expect.objectContaining({
          level: 30,
          msg: expect.stringMatching(/^Discord gateway connected after \d+(\.\d)? s, 3 tries$/),
          tries: 3,
        }),
      ]);
      expect(discord.faults.pending()).toBe(0);
    } finally {
      bot.kill("SIGKILL");
      await Promise.all([discord.close(), emulator.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
