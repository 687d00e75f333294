// End to end: the built `chatwarden doctor`, configured only through its environment, against
// the emulator, a fake Discord and a fake Slack (one of each for the whole file, reconfigured
// between runs). An operator's good set-up, a wrong chat token, a Discord channel the bot cannot
// see, a revoked Slack token, --json, and no secret in any output.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RunningEmulator } from "../../emulator/server.js";
import { type FakeDiscord, startFakeDiscord } from "../fakes/discord/server.js";
import { type FakeSlack, startFakeSlack } from "../fakes/slack/server.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { CLI, DISCORD_AUDIT, DISCORD_REPORTS, MODERATOR_ROLE } from "./bot-process.js";

const SLACK_BOT_TOKEN = "xoxb-FAKE_doctor-e2e-slack-bot-token";
const SLACK_SIGNING_SECRET = "doctor-e2e-signing-secret";
const WRONG_CHAT_TOKEN = "doctor-e2e-wrong-master-token";

/** What `--json` prints, as a script would hold it to. */
const doctorDocumentSchema = z.strictObject({
  ok: z.boolean(),
  checks: z.array(
    z.strictObject({
      name: z.string().min(1),
      result: z.enum(["pass", "fail", "skip"]),
      detail: z.string(),
      fix: z.string().min(1).nullable(),
    }),
  ),
});

let emulator: RunningEmulator;
let discord: FakeDiscord;
let slack: FakeSlack;
let dataDir: string;
let secrets: string[];

beforeAll(async () => {
  [emulator, discord, slack] = await Promise.all([
    startTestEmulator(),
    startFakeDiscord({
      channels: [
        { id: DISCORD_REPORTS, name: "reports" },
        { id: DISCORD_AUDIT, name: "audit" },
      ],
      roles: [{ id: MODERATOR_ROLE, name: "Moderators" }],
    }),
    startFakeSlack(),
  ]);
  dataDir = mkdtempSync(join(tmpdir(), "chatwarden-e2e-doctor-"));
  secrets = [TEST_TOKEN, WRONG_CHAT_TOKEN, discord.token, SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET];
});

afterEach(() => {
  discord.access.reset();
  slack.api.tokenRevoked = false;
});

afterAll(async () => {
  await Promise.all([emulator.close(), discord.close(), slack.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

function environment(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    CHAT_API_BASE_URL: emulator.baseUrl,
    CHAT_API_TOKEN: TEST_TOKEN,
    DATA_DIR: join(dataDir, "data"),
    DISCORD_TOKEN: discord.token,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_GUILD_ID: discord.guildId,
    DISCORD_MODERATOR_ROLE_IDS: MODERATOR_ROLE,
    DISCORD_REPORT_CHANNEL_ID: DISCORD_REPORTS,
    DISCORD_AUDIT_CHANNEL_ID: DISCORD_AUDIT,
    DISCORD_API_URL: discord.apiUrl,
    SLACK_BOT_TOKEN,
    SLACK_SIGNING_SECRET,
    SLACK_MODERATOR_USER_IDS: "U0MOD",
    SLACK_REPORT_CHANNEL_ID: "C0REPORTS",
    SLACK_AUDIT_CHANNEL_ID: "C0AUDIT",
    SLACK_API_URL: slack.apiUrl,
  };
}

interface DoctorRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout's check lines, without the closing count. */
  lines: string[];
}

/** Runs the built `chatwarden doctor` in an empty folder (no .env) and checks it leaked nothing. */
async function doctor(
  args: string[] = [],
  env: NodeJS.ProcessEnv = environment(),
): Promise<DoctorRun> {
  const child = spawn(process.execPath, [CLI, "doctor", ...args], {
    cwd: dataDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  for (const secret of secrets) {
    expect(stdout, "a secret on stdout").not.toContain(secret);
    expect(stderr, "a secret on stderr").not.toContain(secret);
  }
  const lines = stdout.split("\n\n")[0]?.split("\n") ?? [];
  return { code, stdout, stderr, lines };
}

const lineOf = (run: DoctorRun, name: string) =>
  run.lines.find((line) => line.slice(2).startsWith(`${name} `));

describe("chatwarden doctor", () => {
  it("passes a good set-up: exit 0, one passing line per check", async () => {
    const run = await doctor();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.lines.map((line) => line.slice(0, 2))).toEqual(Array(15).fill("✓ "));
    expect(run.lines.map((line) => line.slice(2).split(/ {2,}/)[0]?.trim())).toEqual([
      "configuration",
      "DATA_DIR",
      "chat API",
      "chat API token",
      "Discord token",
      "Discord application",
      "Discord guild",
      "Discord report channel",
      "Discord audit channel",
      "Discord roles",
      "Slack token",
      "Slack scopes",
      "Slack report channel",
      "Slack audit channel",
      "Slack moderators",
    ]);
    expect(lineOf(run, "Discord audit channel")).toMatch(
      /#audit \(500000000000000011\): the bot can View Channel, Send Messages, Embed Links$/,
    );
    expect(run.stdout).toMatch(/\n\nAll 15 checks passed\.\n$/);
  });

  it("fails a wrong chat API token: exit 1, that line with its fix", async () => {
    const run = await doctor([], { ...environment(), CHAT_API_TOKEN: WRONG_CHAT_TOKEN });
    expect(run.code).toBe(1);
    expect(lineOf(run, "chat API token")).toMatch(
      /^✗ chat API token +rejected the master token \(400701\) → set CHAT_API_TOKEN to the chat\/v1 master token$/,
    );
    expect(lineOf(run, "chat API")).toMatch(
      /^✓ chat API +http:\/\/127\.0\.0\.1:\d+\/chat\/v1 answered in \d+ ms$/,
    );
    expect(run.lines.filter((line) => line.startsWith("✗"))).toHaveLength(1);
    expect(run.stdout).toMatch(/\n1 of 15 checks failed\.\n$/);
  });

  it("fails a Discord channel the bot cannot see: exit 1, that channel's line", async () => {
    discord.access.makePrivate(DISCORD_AUDIT);
    const run = await doctor();
    expect(run.code).toBe(1);
    expect(lineOf(run, "Discord audit channel")).toBe(
      `✗ Discord audit channel   #audit (${DISCORD_AUDIT}): the bot cannot see it and lacks View Channel, Send Messages, Embed Links → give the bot's role View Channel, Send Messages, Embed Links in that channel (Edit Channel → Permissions)`,
    );
    expect(lineOf(run, "Discord report channel")?.startsWith("✓")).toBe(true);
  });

  it("fails a revoked Slack token: exit 1, and what needs the token is skipped", async () => {
    slack.api.tokenRevoked = true;
    const run = await doctor();
    expect(run.code).toBe(1);
    expect(lineOf(run, "Slack token")).toMatch(
      /^✗ Slack token +auth\.test: token_revoked: Slack refused SLACK_BOT_TOKEN → reinstall the app/,
    );
    expect(lineOf(run, "Slack scopes")).toMatch(
      /^- Slack scopes +not checked: Slack did not accept the bot token$/,
    );
    expect(run.stdout).toMatch(/\n1 of 15 checks failed \(3 skipped\)\.\n$/);
  });

  it("prints one JSON document with --json, the exit code unchanged", async () => {
    const good = doctorDocumentSchema.parse(JSON.parse((await doctor(["--json"])).stdout));
    expect(good.ok).toBe(true);
    expect(good.checks).toHaveLength(15);
    expect(good.checks.every((check) => check.result === "pass" && check.fix === null)).toBe(true);

    slack.api.tokenRevoked = true;
    const revoked = await doctor(["--json"]);
    expect(revoked.code).toBe(1);
    const document = doctorDocumentSchema.parse(JSON.parse(revoked.stdout));
    expect(document.ok).toBe(false);
    expect(document.checks.find((check) => check.name === "Slack token")).toEqual({
      name: "Slack token",
      result: "fail",
      detail: "auth.test: token_revoked: Slack refused SLACK_BOT_TOKEN",
      fix: "reinstall the app to the workspace (OAuth & Permissions) and set SLACK_BOT_TOKEN to its Bot User OAuth Token",
    });
  });

  it("says the demo emulator would be used when no chat API is set, and passes", async () => {
    // An empty DATA_DIR stays empty: the doctor only reads (issue 20: it created the store).
    const folder = join(dataDir, "demo-data");
    mkdirSync(folder);
    const run = await doctor([], { PATH: process.env.PATH, DATA_DIR: folder });
    expect(readdirSync(folder)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.lines).toEqual([
      "✓ configuration  valid; no chat API (demo emulator), Discord off, Slack off",
      `✓ DATA_DIR       ${folder} is writable; no store yet: serve creates chatwarden.sqlite there on its first start`,
      "✓ chat API       not configured: serve would run the built-in emulator with demo data (set CHAT_API_BASE_URL and CHAT_API_TOKEN for a game's chat)",
    ]);
  });

  it("reports a variable that does not parse as the configuration's failure, text or JSON", async () => {
    const { DISCORD_APPLICATION_ID: _left, ...broken } = environment();
    const requests = emulator.requests.length;
    const run = await doctor([], broken);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    const detail = "DISCORD_APPLICATION_ID is required when DISCORD_TOKEN is set";
    const fix =
      "set DISCORD_APPLICATION_ID to a valid value, in the environment or .env; then run the doctor again to check the rest";
    expect(run.lines).toEqual([`✗ configuration  ${detail} → ${fix}`]);
    // A script reading --json gets the document it always gets, not an error line.
    const json = await doctor(["--json"], broken);
    expect(json.code).toBe(1);
    expect(doctorDocumentSchema.parse(JSON.parse(json.stdout))).toEqual({
      ok: false,
      checks: [{ name: "configuration", result: "fail", detail, fix }],
    });
    // Nothing else was checked: without a configuration there is nothing to check it against.
    expect(emulator.requests.length).toBe(requests);
  });

  it("names every variable that does not parse in its one failed check (issue 20)", async () => {
    const broken = {
      ...environment(),
      PORT: "abc",
      REQUIRE_REASON: "maybe",
      CHAT_API_BASE_URL: "foo",
      SLACK_BOT_TOKEN: "xapp-FAKE-doctor-e2e-swapped",
    };
    const run = await doctor([], broken);
    expect(run.code).toBe(1);
    const detail = [
      "CHAT_API_BASE_URL must be an http(s) URL",
      "SLACK_BOT_TOKEN must be the app's bot token, which starts xoxb- (OAuth & Permissions, Bot User OAuth Token); this one starts xapp-, as an app-level token does: is it SLACK_APP_TOKEN's?",
      "PORT must be a port number",
      "REQUIRE_REASON must be true or false",
    ].join("; ");
    // In the order of the Configuration table.
    const fix =
      "set CHAT_API_BASE_URL, SLACK_BOT_TOKEN, PORT, REQUIRE_REASON to valid values, in the environment or .env; then run the doctor again to check the rest";
    expect(run.lines).toEqual([`✗ configuration  ${detail} → ${fix}`]);
    expect(run.stdout).not.toContain("doctor-e2e-swapped");
  });

  it("refuses an unknown option with exit 64 and one line, checking nothing", async () => {
    const requests = emulator.requests.length;
    const run = await doctor(["--verbose"]);
    expect(run.code).toBe(64);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      'chatwarden: doctor: unknown option "--verbose"; usage: chatwarden doctor [--json]\n',
    );
    expect(emulator.requests.length).toBe(requests);
  });
});
