// Every check together, against the emulator and both fakes: the order an operator reads them
// in, and a bounded wait when every server hangs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doctorChecks } from "../../../app/doctor/command.js";
import type { RunningEmulator } from "../../../emulator/server.js";
import { type Config, parseConfig } from "../../../src/config.js";
import { type FakeDiscord, startFakeDiscord } from "../../fakes/discord/server.js";
import { type FakeSlack, startFakeSlack } from "../../fakes/slack/server.js";
import { startTestEmulator, TEST_TOKEN } from "../../helpers/emulator.js";

const DISCORD_REPORTS = "500000000000000010";
const MODERATORS = "400000000000000001";

let emulator: RunningEmulator;
let discord: FakeDiscord;
let slack: FakeSlack;
let dataDir: string;
let config: Readonly<Config>;

beforeAll(async () => {
  [emulator, discord, slack] = await Promise.all([
    startTestEmulator(),
    startFakeDiscord({
      channels: [{ id: DISCORD_REPORTS, name: "reports" }],
      roles: [{ id: MODERATORS, name: "Moderators" }],
    }),
    startFakeSlack(),
  ]);
  dataDir = mkdtempSync(join(tmpdir(), "chatwarden-doctor-all-"));
  config = parseConfig({
    CHAT_API_BASE_URL: emulator.baseUrl,
    CHAT_API_TOKEN: TEST_TOKEN,
    DATA_DIR: dataDir,
    DISCORD_TOKEN: discord.token,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_GUILD_ID: discord.guildId,
    DISCORD_REPORT_CHANNEL_ID: DISCORD_REPORTS,
    DISCORD_MODERATOR_ROLE_IDS: MODERATORS,
    DISCORD_API_URL: discord.apiUrl,
    SLACK_BOT_TOKEN: "xoxb-FAKE_slack-bot-token",
    SLACK_SIGNING_SECRET: "fake-signing-secret",
    SLACK_REPORT_CHANNEL_ID: "C0REPORTS",
    SLACK_MODERATOR_USER_IDS: "U0MOD",
    SLACK_API_URL: slack.apiUrl,
  });
});

afterAll(async () => {
  await Promise.all([emulator.close(), discord.close(), slack.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("doctorChecks", () => {
  it("runs every check, local ones first, then the chat API, Discord and Slack", async () => {
    const checks = await doctorChecks(config);
    expect(checks.map((check) => `${check.result} ${check.name}`)).toEqual([
      "pass configuration",
      "pass DATA_DIR",
      "pass chat API",
      "pass chat API token",
      "pass Discord token",
      "pass Discord application",
      "pass Discord guild",
      "pass Discord report channel",
      "pass Discord audit channel",
      "pass Discord roles",
      "pass Slack token",
      "pass Slack scopes",
      "pass Slack report channel",
      "pass Slack audit channel",
      "pass Slack moderators",
    ]);
  });

  it("hides a secret a server echoes back", async () => {
    slack.api.failNext("auth.test", "xoxb-FAKE_slack-bot-token");
    const checks = await doctorChecks(config);
    expect(checks.find((check) => check.name === "Slack token")?.detail).toBe(
      "auth.test: [redacted]",
    );
  });

  // No clock here: every server holds its answer longer than this test may run (Discord and
  // Slack until they close, the chat API for the longest latency the emulator takes), so the
  // doctor answering at all shows that nothing waited for them, and each line says it was the
  // doctor's deadline (0.3 s) that ended its wait, not a request's own limit (5 s).
  it("ends at its deadline when every server hangs, saying so", async () => {
    emulator.faults.add({ path: "/open_channel_groups", latencyMs: 120_000 });
    discord.holdAnswers(() => true);
    slack.api.holdAnswersOf.add("auth.test");
    try {
      const checks = await doctorChecks(config, { requestTimeoutMs: 5_000, totalTimeoutMs: 300 });
      const detail = (name: string) => checks.find((check) => check.name === name)?.detail;
      expect(detail("chat API")).toMatch(/did not answer GET \/open_channel_groups within 0\.3 s/);
      expect(detail("Discord token")).toMatch(
        /did not answer GET \/users\/@me before the doctor's time ran out$/,
      );
      expect(detail("Slack token")).toMatch(
        /did not answer auth\.test before the doctor's time ran out$/,
      );
    } finally {
      discord.holdAnswers(undefined);
      slack.api.holdAnswersOf.delete("auth.test");
      emulator.faults.clear();
    }
  });
});
