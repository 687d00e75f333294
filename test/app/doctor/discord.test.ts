// The Discord checks against the fake Discord's REST API: what an operator reads for a good
// set-up, and for each way a Discord set-up goes wrong.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { discordDoctorChecks } from "../../../app/doctor/discord.js";
import { type Config, parseConfig } from "../../../src/config.js";
import type { DoctorCheck } from "../../../src/runtime/component.js";
import { FAKE_PERMISSION } from "../../fakes/discord/guild-access.js";
import { type FakeDiscord, startFakeDiscord } from "../../fakes/discord/server.js";
import { closedPort } from "./closed-port.js";

const REPORTS = "500000000000000010";
const AUDIT = "500000000000000011";
const MODERATORS = "400000000000000001";

let discord: FakeDiscord;

beforeAll(async () => {
  discord = await startFakeDiscord({
    channels: [
      { id: REPORTS, name: "reports" },
      { id: AUDIT, name: "audit" },
    ],
    roles: [{ id: MODERATORS, name: "Moderators" }],
  });
});
afterEach(() => discord.access.reset());
afterAll(() => discord.close());

function discordConfig(env: Record<string, string> = {}): NonNullable<Config["discord"]> {
  const config = parseConfig({
    DISCORD_TOKEN: discord.token,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_GUILD_ID: discord.guildId,
    DISCORD_REPORT_CHANNEL_ID: REPORTS,
    DISCORD_AUDIT_CHANNEL_ID: AUDIT,
    DISCORD_MODERATOR_ROLE_IDS: MODERATORS,
    DISCORD_API_URL: discord.apiUrl,
    ...env,
  }).discord;
  if (!config) throw new Error("Discord is not configured");
  return config;
}

async function run(
  env: Record<string, string> = {},
  requestTimeoutMs = 2_000,
): Promise<Record<string, DoctorCheck>> {
  const budget = { signal: AbortSignal.timeout(5_000), requestTimeoutMs };
  const checks = await discordDoctorChecks(discordConfig(env), budget);
  return Object.fromEntries(checks.map((check) => [check.name, check]));
}

describe("Discord doctor checks", () => {
  it("passes a good set-up and says what it found", async () => {
    const checks = await run();
    expect(Object.keys(checks)).toEqual([
      "Discord token",
      "Discord application",
      "Discord guild",
      "Discord report channel",
      "Discord audit channel",
      "Discord roles",
    ]);
    expect(Object.values(checks).map((check) => check.result)).toEqual(Array(6).fill("pass"));
    expect(checks["Discord token"]?.detail).toBe(
      `valid: bot chatwarden (${discord.applicationId})`,
    );
    expect(checks["Discord report channel"]?.detail).toBe(
      `#reports (${REPORTS}): the bot can View Channel, Send Messages, Embed Links`,
    );
    expect(checks["Discord roles"]?.detail).toBe("moderators: Moderators; admins: none set");
  });

  it("fails a token Discord refuses, with the fix, and checks nothing else", async () => {
    const checks = await run({ DISCORD_TOKEN: "not-the-fake-bot-token" });
    expect(checks["Discord token"]).toEqual({
      name: "Discord token",
      result: "fail",
      detail: "401 Unauthorized: Discord refused DISCORD_TOKEN",
      fix: "set DISCORD_TOKEN to the bot's token (Developer Portal → your app → Bot → Reset Token)",
    });
    expect(checks["Discord guild"]?.result).toBe("skip");
    expect(checks["Discord roles"]?.result).toBe("skip");
  });

  it("fails an application id that is not the token's", async () => {
    const checks = await run({ DISCORD_APPLICATION_ID: "123456789012345678" });
    expect(checks["Discord application"]).toMatchObject({
      result: "fail",
      detail: `DISCORD_APPLICATION_ID is 123456789012345678, but the token is the bot of application ${discord.applicationId} (chatwarden)`,
      fix: `set DISCORD_APPLICATION_ID to ${discord.applicationId}, or DISCORD_TOKEN to the bot token of application 123456789012345678`,
    });
    expect(checks["Discord guild"]?.result).toBe("pass");
  });

  it("fails when the bot is not in the guild, and skips what needs the guild", async () => {
    discord.access.botInGuild = false;
    const checks = await run();
    expect(checks["Discord guild"]).toMatchObject({
      result: "fail",
      detail: `the bot is not a member of guild ${discord.guildId}: 404 Unknown Guild (10004)`,
    });
    expect(checks["Discord guild"]?.fix).toMatch(/^invite the bot with the OAuth2 URL/);
    expect(checks["Discord report channel"]?.result).toBe("skip");
    expect(checks["Discord roles"]?.result).toBe("skip");
  });

  it("fails a private channel the bot was not let into, naming what it lacks", async () => {
    discord.access.makePrivate(AUDIT);
    const checks = await run();
    expect(checks["Discord audit channel"]).toEqual({
      name: "Discord audit channel",
      result: "fail",
      detail: `#audit (${AUDIT}): the bot cannot see it and lacks View Channel, Send Messages, Embed Links`,
      fix: "give the bot's role View Channel, Send Messages, Embed Links in that channel (Edit Channel → Permissions)",
    });
    expect(checks["Discord report channel"]?.result).toBe("pass");
  });

  it("passes a private channel the bot's role is allowed into", async () => {
    discord.access.makePrivate(AUDIT);
    discord.access.setOverwrite(AUDIT, {
      id: discord.access.botRoleId,
      type: 0,
      allow: String(FAKE_PERMISSION.viewChannel),
      deny: "0",
    });
    expect((await run())["Discord audit channel"]?.result).toBe("pass");
  });

  it("fails a channel where the bot may post but not embed (report cards are embeds)", async () => {
    discord.access.setOverwrite(REPORTS, {
      id: discord.access.botRoleId,
      type: 0,
      allow: "0",
      deny: String(FAKE_PERMISSION.embedLinks),
    });
    expect((await run())["Discord report channel"]).toMatchObject({
      result: "fail",
      detail: `#reports (${REPORTS}): the bot can see it and lacks Embed Links`,
    });
  });

  it("fails a channel Discord will not show the bot (403 Missing Access)", async () => {
    discord.faults.add({
      method: "GET",
      path: new RegExp(`^/channels/${AUDIT}$`),
      status: 403,
      code: 50001,
      message: "Missing Access",
    });
    expect((await run())["Discord audit channel"]).toMatchObject({
      result: "fail",
      detail: `the bot cannot see channel ${AUDIT}: 403 Missing Access (50001)`,
    });
  });

  it("fails a channel id that does not exist", async () => {
    const checks = await run({ DISCORD_REPORT_CHANNEL_ID: "500000000000000099" });
    expect(checks["Discord report channel"]).toMatchObject({
      result: "fail",
      detail: "no channel 500000000000000099: 404 Unknown Channel (10003)",
      fix: "set DISCORD_REPORT_CHANNEL_ID to a text channel of the guild (right-click it → Copy Channel ID)",
    });
  });

  it("passes unset channels, saying what is then not posted", async () => {
    const config = discordConfig();
    const checks = await discordDoctorChecks(
      { ...config, reportChannelId: undefined, auditChannelId: undefined },
      { signal: AbortSignal.timeout(5_000), requestTimeoutMs: 2_000 },
    );
    expect(checks.find((check) => check.name === "Discord audit channel")).toMatchObject({
      result: "pass",
      detail: "DISCORD_AUDIT_CHANNEL_ID is not set: cases are not posted to Discord",
    });
  });

  it("fails role ids that are not roles of the guild, and an empty role set-up", async () => {
    const unknown = await run({ DISCORD_ADMIN_ROLE_IDS: "400000000000000077" });
    expect(unknown["Discord roles"]).toMatchObject({
      result: "fail",
      detail: `DISCORD_ADMIN_ROLE_IDS names 400000000000000077, which is not a role of guild ${discord.guildId}`,
    });
    const empty = await run({ DISCORD_MODERATOR_ROLE_IDS: "" });
    expect(empty["Discord roles"]?.result).toBe("fail");
    expect(empty["Discord roles"]?.detail).toMatch(/nobody on Discord can run moderator/);
  });

  it("fails when Discord cannot be reached, or answers with an outage page", async () => {
    const closed = await closedPort();
    const unreachable = await run({ DISCORD_API_URL: `http://127.0.0.1:${closed}/api` });
    expect(unreachable["Discord token"]).toMatchObject({
      result: "fail",
      detail: `could not reach 127.0.0.1:${closed} (ECONNREFUSED)`,
      fix: "check DISCORD_API_URL (unset: https://discord.com/api) and that this machine can reach it",
    });

    const endOutage = discord.faults.outage({ status: 503 });
    try {
      const down = await run();
      expect(down["Discord token"]?.detail).toMatch(
        /answered GET \/users\/@me with HTTP 503 and a body that is not JSON \(a proxy page\?\)$/,
      );
    } finally {
      endOutage();
    }
  });

  it("gives up on a request after its timeout", async () => {
    discord.holdAnswers((method, path) => method === "GET" && path === "/users/@me");
    try {
      const checks = await run({}, 200);
      expect(checks["Discord token"]?.detail).toMatch(
        /did not answer GET \/users\/@me within 0\.2 s$/,
      );
    } finally {
      discord.holdAnswers(undefined);
    }
  });
});
