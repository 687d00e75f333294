// The command line read as a person types it: a lone number is the reports limit, --page past
// the end says how many pages there are, --help after any command prints its usage and starts
// nothing, the emulator's busy port reads like serve's, and a doubtful setting is warned about.
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RunningEmulator } from "../../emulator/server.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { lines, runCli } from "./cli-process.js";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
});

async function freshDirectory(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "chatwarden-args-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An emulator holding `reports` reports against players "p0", "p1", …, and a way to run. */
async function withReports(reports: number) {
  const emulator = await startTestEmulator();
  cleanups.push(() => emulator.close());
  for (let i = 0; i < reports; i++) {
    emulator.state.injectReport({ to_gamer_id: `p${i}`, from_gamer_id: "10001" });
  }
  const dataDir = await freshDirectory();
  const cli = (args: string[], env: Record<string, string> = {}, cwd = dataDir) =>
    runCli(
      args,
      {
        CHAT_API_BASE_URL: emulator.baseUrl,
        CHAT_API_TOKEN: TEST_TOKEN,
        DATA_DIR: dataDir,
        ...env,
      },
      { cwd },
    );
  return { emulator, cli };
}

describe("reports and its limit", () => {
  it("takes a lone whole number as the limit, not as a player", async () => {
    const { cli } = await withReports(25);
    const run = await cli(["reports", "20"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("Reports: 25 reports");
    expect(run.stdout).toContain("Showing the newest 20 of 25");
    // It says how it read the number, and how to ask for a player with that id instead.
    expect(run.stdout).toContain("reports 20 50");

    const json = await cli(["reports", "20", "--json"]);
    expect((JSON.parse(json.stdout) as { data: unknown[] }).data).toHaveLength(20);
  });

  it("takes --limit, and a player with a limit, as before", async () => {
    const { cli } = await withReports(25);
    const limited = await cli(["reports", "--limit", "5"]);
    expect(limited.stdout).toContain("Showing the newest 5 of 25");
    const player = await cli(["reports", "10001", "3"]);
    // The emulator names the reporter a1 unless told otherwise: the title shows Name (id).
    expect(player.stdout).toContain("Reports against or by a1 (10001): 25");
    expect(player.stdout).toContain("Showing the newest 3 of 25");
  });

  it("reads a number above the largest limit as a player id", async () => {
    const { cli } = await withReports(3);
    const run = await cli(["reports", "10001"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("Reports against or by a1 (10001): 3");
  });
});

describe("--page", () => {
  it("shows the last page when asked for it", async () => {
    const { cli } = await withReports(25);
    const run = await cli(["reports", "--page", "3"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("page 3 of 3");
  });

  it("past the last page, says how many pages there are instead of showing another", async () => {
    const { cli } = await withReports(25);
    const run = await cli(["reports", "--page", "9"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(/there are 3 pages/i);
  });
});

describe("--help after a command", () => {
  it.each([
    [["serve", "--help"], "chatwarden serve"],
    [["demo", "--help"], "chatwarden demo"],
    [["emulator", "--help"], "--port N"],
    [["emulator", "--port", "4999", "-h"], "--port N"],
    [["ban", "--help"], "chatwarden ban <gamer_id> <days>"],
    [["ban", "gamer-42", "--help"], "chatwarden ban <gamer_id> <days>"],
    [["channels", "--help"], "chatwarden channels delete <group> <name>"],
    [["channels", "delete", "-h"], "chatwarden channels delete <group> <name>"],
    [["help", "reports"], "chatwarden reports [gamer_id] [limit]"],
    [["doctor", "--help"], "chatwarden doctor [--json]"],
    [["backup", "--help"], "chatwarden backup FILE [--force]"],
    [["cases", "export", "--help"], "chatwarden cases export [--since DATE] [--until DATE]"],
    [["help", "cases"], "chatwarden cases export [--since DATE] [--until DATE]"],
    [["help"], "  cases        every case of a time range on stdout, as CSV or JSON Lines"],
  ])("%j prints its usage, exits 0 and starts nothing", async (args, usage) => {
    const home = await freshDirectory();
    const dataDir = join(home, "data");
    // No chat API: serve and demo would start the emulator, a command would refuse to run.
    const run = await runCli(args, { DATA_DIR: dataDir, PORT: "0" }, { cwd: home });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(usage);
    // Nothing started: no emulator's address or token, no HTTP server, no store.
    expect(run.stdout).not.toMatch(/http:\/\/|master token|HTTP on port/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("says what reports' limit is and that --limit names it", async () => {
    const run = await runCli(["reports", "--help"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("--limit");
  });
});

describe("help --json", () => {
  const commandSchema = z.strictObject({
    name: z.string(),
    usage: z.string(),
    summary: z.string(),
    role: z.enum(["anyone", "moderator", "admin"]),
  });
  const answerSchema = z.object({ outcome: z.literal("info"), data: z.array(commandSchema) });

  it("prints the catalogue as one JSON document, with no chat API configured", async () => {
    const home = await freshDirectory();
    const run = await runCli(["help", "--json"], {}, { cwd: home });
    expect(run.code, run.stderr).toBe(0);
    const names = answerSchema.parse(JSON.parse(run.stdout)).data.map((command) => command.name);
    expect(names).toEqual(expect.arrayContaining(["ban", "unban", "channels delete", "help"]));
  });

  it("explains one command, or a group's subcommands", async () => {
    const ban = answerSchema.parse(
      JSON.parse((await runCli(["help", "ban", "--json"], {})).stdout),
    );
    expect(ban.data.map((command) => command.name)).toEqual(["ban"]);
    const channels = answerSchema.parse(
      JSON.parse((await runCli(["help", "channels", "--json"], {})).stdout),
    );
    expect(channels.data.map((command) => command.name)).toEqual([
      "channels create",
      "channels delete",
      "channels list",
    ]);
  });

  it("answers an unknown command as the text form does, in JSON", async () => {
    const run = await runCli(["help", "nope", "--json"], {});
    expect(run.code).toBe(64);
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: "error", error: { kind: "usage" } });
    expect(lines(run.stderr)).toEqual([
      'chatwarden: no command "nope"; run "chatwarden help" for the list',
    ]);
  });

  it.each([
    [
      ["help", "bnas"],
      'chatwarden: no command "bnas" (did you mean bans?); run "chatwarden help" for the list',
    ],
    [
      ["help", "srve", "--json"],
      'chatwarden: no command "srve" (did you mean serve?); run "chatwarden help" for the list',
    ],
  ])("offers the near miss for %j", async (args, line) => {
    const run = await runCli(args, {});
    expect(run.code).toBe(64);
    expect(lines(run.stderr)).toEqual([line]);
  });
});

describe("chatwarden emulator", () => {
  let busy: RunningEmulator;
  it("names a busy port as serve does", async () => {
    busy = await startTestEmulator();
    cleanups.push(() => busy.close());
    const port = new URL(busy.baseUrl).port;
    const run = await runCli(["emulator", "--port", port], {});
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `chatwarden: port ${port} is already in use: set --port to a free port\n`,
    );
  });

  it("refuses an unknown option in one line that points to --help", async () => {
    const run = await runCli(["emulator", "--frobnicate"], {});
    expect(run.code).toBe(64);
    expect(lines(run.stderr)).toEqual([
      'chatwarden: emulator has no option --frobnicate; "chatwarden emulator --help" lists them',
    ]);
  });
});

describe("chatwarden serve", () => {
  it("on a busy PORT, off a terminal, says so in its one line and logs no stop summary before it", async () => {
    const { cli } = await withReports(0);
    const busy = await startTestEmulator();
    cleanups.push(() => busy.close());
    const port = new URL(busy.baseUrl).port;
    const run = await cli(["serve"], { PORT: port, LOG_FORMAT: "json" });
    expect(run.code).toBe(1);
    // Nothing had started, so there is nothing to summarise: the failure is the last word.
    expect(run.stdout).not.toContain("stopped: finished nothing");
    expect(lines(run.stderr)).toEqual([
      `chatwarden: port ${port} is already in use: set PORT to a free port`,
    ]);
  });
});

describe("settings that cannot work as meant", () => {
  it("warns at start when CONFIRM_BAN_DAYS_OVER is above MAX_BAN_DAYS, and still runs", async () => {
    const { cli } = await withReports(1);
    const run = await cli(["bans"], { CONFIRM_BAN_DAYS_OVER: "400", MAX_BAN_DAYS: "365" });
    expect(run.code).toBe(0);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(
        /^chatwarden: warning: CONFIRM_BAN_DAYS_OVER \(400\) is above MAX_BAN_DAYS \(365\)/,
      ),
    ]);
  });

  it("names a line of .env that is not KEY=value before running", async () => {
    const { cli } = await withReports(0);
    const home = await freshDirectory();
    await writeFile(join(home, ".env"), "LOG_LEVEL=warn\nnot a setting\n");
    const run = await cli(["bans"], {}, home);
    expect(run.code).toBe(0);
    expect(lines(run.stderr)).toEqual([expect.stringMatching(/^chatwarden: warning: .*line 2/)]);
  });

  it("reads booleans in any case", async () => {
    const { cli, emulator } = await withReports(0);
    const run = await cli(["ban", "gamer-42", "3"], { REQUIRE_REASON: "TRUE" });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain("reason is required");
    expect(emulator.requests).toEqual([]);
  });
});

describe("a configuration that does not parse", () => {
  /** `serve` in a fresh data folder; it must stop before opening anything there. */
  async function serveWith(env: Record<string, string>) {
    const dataDir = await freshDirectory();
    const run = await runCli(["serve"], { DATA_DIR: dataDir, ...env });
    expect(existsSync(join(dataDir, "chatwarden.sqlite"))).toBe(false);
    expect(run.code).toBe(1);
    return lines(run.stderr);
  }

  it("stops serve naming every invalid variable, one line each (issue 20)", async () => {
    const env = { PORT: "abc", REQUIRE_REASON: "maybe", CHAT_API_BASE_URL: "foo" };
    expect(await serveWith({ ...env, CHAT_API_TOKEN: "fake-chat-token" })).toEqual([
      "chatwarden: configuration: CHAT_API_BASE_URL must be an http(s) URL",
      "chatwarden: configuration: PORT must be a port number",
      "chatwarden: configuration: REQUIRE_REASON must be true or false",
    ]);
  });

  it("refuses Slack tokens in each other's place, without printing them", async () => {
    const stderr = await serveWith({
      SLACK_BOT_TOKEN: "xapp-FAKE-swapped-app-secret",
      SLACK_APP_TOKEN: "xoxb-FAKE_swapped-bot-secret",
    });
    expect(stderr).toEqual([
      "chatwarden: configuration: SLACK_BOT_TOKEN must be the app's bot token, which starts xoxb- (OAuth & Permissions, Bot User OAuth Token); this one starts xapp-, as an app-level token does: is it SLACK_APP_TOKEN's?",
      "chatwarden: configuration: SLACK_APP_TOKEN must be an app-level token, which starts xapp- (Basic Information, App-Level Tokens); this one starts xoxb-, as a bot token does: is it SLACK_BOT_TOKEN's?",
    ]);
    expect(stderr.join("\n")).not.toContain("swapped");
  });
});

describe("--version", () => {
  it("prints the package's version and starts nothing", async () => {
    const manifest = await readFile(new URL("../../package.json", import.meta.url), "utf8");
    const { version } = JSON.parse(manifest) as { version: string };
    const result = await runCli(["--version"], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`chatwarden ${version}\n`);
  });
});
