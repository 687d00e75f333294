// The Slack checks against the fake Slack's Web API: a good set-up, a refused or revoked token,
// missing scopes, a bot left out of a channel, an outage.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { slackDoctorChecks } from "../../../app/doctor/slack.js";
import { type Config, parseConfig } from "../../../src/config.js";
import type { DoctorCheck } from "../../../src/runtime/component.js";
import { type FakeSlack, startFakeSlack } from "../../fakes/slack/server.js";
import { closedPort } from "./closed-port.js";

const REPORTS = "C0REPORTS";
const AUDIT = "C0AUDIT";
const ALL_SCOPES = [
  "commands",
  "chat:write",
  "channels:history",
  "groups:history",
  "files:write",
  "im:write",
  "users:read",
];

let slack: FakeSlack;

beforeAll(async () => {
  slack = await startFakeSlack();
});
afterEach(() => {
  slack.api.tokenRevoked = false;
  slack.api.down = false;
  slack.api.grantedScopes = [...ALL_SCOPES];
  slack.api.channelsWithoutBot.clear();
});
afterAll(() => slack.close());

function slackConfig(env: Record<string, string> = {}): NonNullable<Config["slack"]> {
  const config = parseConfig({
    SLACK_BOT_TOKEN: "xoxb-FAKE_slack-bot-token",
    SLACK_SIGNING_SECRET: "fake-signing-secret",
    SLACK_REPORT_CHANNEL_ID: REPORTS,
    SLACK_AUDIT_CHANNEL_ID: AUDIT,
    SLACK_MODERATOR_USER_IDS: "U0MOD",
    SLACK_API_URL: slack.apiUrl,
    ...env,
  }).slack;
  if (!config) throw new Error("Slack is not configured");
  return config;
}

async function run(env: Record<string, string> = {}): Promise<Record<string, DoctorCheck>> {
  const budget = { signal: AbortSignal.timeout(5_000), requestTimeoutMs: 2_000 };
  const checks = await slackDoctorChecks(slackConfig(env), budget);
  return Object.fromEntries(checks.map((check) => [check.name, check]));
}

describe("Slack doctor checks", () => {
  it("passes a good set-up and says what it found", async () => {
    const checks = await run();
    expect(Object.keys(checks)).toEqual([
      "Slack token",
      "Slack scopes",
      "Slack report channel",
      "Slack audit channel",
      "Slack moderators",
    ]);
    expect(Object.values(checks).every((check) => check.result === "pass")).toBe(true);
    expect(checks["Slack token"]?.detail).toBe(
      "valid: bot @chatwarden (U0BOT) in Fake Team (T0FAKE)",
    );
    expect(checks["Slack scopes"]?.detail).toBe(
      "granted every scope slack-manifest.yml asks for: commands, chat:write, channels:history, groups:history, files:write, im:write, users:read",
    );
    expect(checks["Slack report channel"]?.detail).toBe(
      "C0REPORTS: the bot is in the channel and can read its history",
    );
    // Read-only: the doctor posts nothing.
    expect(slack.api.callsTo("chat.postMessage")).toEqual([]);
  });

  it("checks the app-level token in Socket Mode", async () => {
    const checks = await run({ SLACK_APP_TOKEN: "xapp-FAKE-slack-app-token" });
    expect(checks["Slack app token"]).toMatchObject({
      result: "pass",
      detail: "valid: Socket Mode can connect",
    });
    const call = slack.api.callsTo("apps.connections.open").at(-1);
    expect(call?.authorization).toBe("Bearer xapp-FAKE-slack-app-token");
  });

  it("fails a revoked token with the fix, and checks nothing that needs it", async () => {
    slack.api.tokenRevoked = true;
    const checks = await run({ SLACK_APP_TOKEN: "xapp-FAKE-slack-app-token" });
    expect(checks["Slack token"]).toEqual({
      name: "Slack token",
      result: "fail",
      detail: "auth.test: token_revoked: Slack refused SLACK_BOT_TOKEN",
      fix: "reinstall the app to the workspace (OAuth & Permissions) and set SLACK_BOT_TOKEN to its Bot User OAuth Token",
    });
    expect(checks["Slack scopes"]?.result).toBe("skip");
    expect(checks["Slack report channel"]?.result).toBe("skip");
    expect(checks["Slack app token"]?.result).toBe("fail");
  });

  it("fails a token Slack does not know", async () => {
    slack.api.failNext("auth.test", "invalid_auth");
    expect((await run())["Slack token"]?.detail).toBe(
      "auth.test: invalid_auth: Slack refused SLACK_BOT_TOKEN",
    );
  });

  it("fails scopes short of the manifest's, naming the missing ones", async () => {
    slack.api.grantedScopes = ["commands", "chat:write"];
    expect((await run())["Slack scopes"]).toEqual({
      name: "Slack scopes",
      result: "fail",
      detail:
        "missing channels:history, groups:history, files:write, im:write, users:read (granted: commands, chat:write)",
      fix: "add the missing scopes under OAuth & Permissions (slack-manifest.yml lists them), reinstall the app, and set the new SLACK_BOT_TOKEN",
    });
  });

  it("warns, not fails, an app installed before users:read was asked for: answers keep working", async () => {
    slack.api.grantedScopes = ALL_SCOPES.filter((scope) => scope !== "users:read");
    expect((await run())["Slack scopes"]).toEqual({
      name: "Slack scopes",
      result: "warn",
      detail:
        "missing users:read: every answer is in CHATWARDEN_LOCALE, not in each user's Slack language",
      fix: "add the missing scopes under OAuth & Permissions (slack-manifest.yml lists them), reinstall the app, and set the new SLACK_BOT_TOKEN",
    });
  });

  it("cannot tell the scopes when the header is missing, and says so", async () => {
    slack.api.grantedScopes = undefined;
    expect((await run())["Slack scopes"]).toMatchObject({
      result: "skip",
      detail: "cannot tell: Slack's answer carried no x-oauth-scopes header",
    });
  });

  it("fails a channel the bot was not invited to: public, then private", async () => {
    slack.api.channelsWithoutBot.set(AUDIT, "public");
    slack.api.channelsWithoutBot.set(REPORTS, "private");
    const checks = await run();
    expect(checks["Slack audit channel"]).toMatchObject({
      result: "fail",
      detail: "the bot is not in C0AUDIT (not_in_channel)",
      fix: "in that channel, type /invite @chatwarden",
    });
    expect(checks["Slack report channel"]).toMatchObject({
      result: "fail",
      detail: "no channel C0REPORTS that the bot can see (channel_not_found)",
      fix: "check SLACK_REPORT_CHANNEL_ID; for a private channel, /invite @chatwarden there first",
    });
  });

  it("fails when nobody may run the commands", async () => {
    const checks = await run({ SLACK_MODERATOR_USER_IDS: "" });
    expect(checks["Slack moderators"]?.result).toBe("fail");
    expect(checks["Slack moderators"]?.detail).toMatch(/nobody on Slack can run moderator/);
  });

  it("fails when Slack is down, rate limiting, or out of reach", async () => {
    slack.api.down = true;
    expect((await run())["Slack token"]?.detail).toMatch(
      /answered auth\.test with HTTP 503 and a body that is not the Web API's \(a proxy page\?\)$/,
    );
    slack.api.down = false;

    slack.api.rateLimitNext("auth.test", 3);
    expect((await run())["Slack token"]).toMatchObject({
      detail: "auth.test: ratelimited; retry after 3 s",
      fix: "wait a minute and run the doctor again",
    });

    const port = await closedPort();
    expect(
      (await run({ SLACK_API_URL: `http://127.0.0.1:${port}/api/` }))["Slack token"],
    ).toMatchObject({
      detail: `could not reach 127.0.0.1:${port} (ECONNREFUSED)`,
      fix: "check SLACK_API_URL (unset: https://slack.com/api/) and that this machine can reach it",
    });
  });
});
