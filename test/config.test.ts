import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, configWarnings, parseConfig, secretValues } from "../src/config.js";

/** Every problem named, one per line of the error. */
const problemsOf = (env: Record<string, string>) => failureOf(env).split("\n");

const failureOf = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

describe("configuration", () => {
  it("has the documented defaults with an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      chatApi: undefined,
      chatApiTimeoutMs: 5000,
      chatApiMaxBodyMb: 256,
      chatTimeZone: "UTC",
      dataDir: "./data",
      reportPollCron: "*/30 * * * * *",
      reportBackfill: 10,
      banSyncCron: "0 */5 * * * *",
      discord: undefined,
      slack: undefined,
      port: 3000,
      confirmBanDaysOver: 30,
      maxBanDays: 3650,
      requireReason: false,
      logLevel: "info",
    });
    // No LOG_FORMAT: the logger decides by its destination (pretty on a terminal).
    expect(config.logFormat).toBeUndefined();
  });

  it("reads LOG_FORMAT in any case", () => {
    expect(parseConfig({ LOG_FORMAT: "JSON" }).logFormat).toBe("json");
    expect(parseConfig({ LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(parseConfig({ LOG_FORMAT: " " }).logFormat).toBeUndefined();
  });

  it("reads every section", () => {
    const config = parseConfig({
      CHAT_API_BASE_URL: "https://api.example.test/chat/v1/",
      CHAT_API_TOKEN: "master-secret",
      CHAT_TIMEZONE: "Asia/Seoul",
      DISCORD_TOKEN: "discord-secret",
      DISCORD_APPLICATION_ID: "123456789012345678",
      DISCORD_GUILD_ID: "223456789012345678",
      DISCORD_MODERATOR_ROLE_IDS: "323456789012345678, 423456789012345678",
      SLACK_BOT_TOKEN: "xoxb-FAKE_slack-bot-secret",
      SLACK_APP_TOKEN: "xapp-FAKE-slack-app-secret",
      SLACK_ADMIN_USER_IDS: "U0123ABCD",
      SLACK_API_URL: "http://127.0.0.1:9999/api",
      REQUIRE_REASON: "true",
    });
    expect(config.chatApi?.baseUrl).toBe("https://api.example.test/chat/v1");
    expect(config.chatApi?.token.reveal()).toBe("master-secret");
    expect(config.discord?.moderatorRoleIds).toEqual(["323456789012345678", "423456789012345678"]);
    expect(config.discord?.apiUrl).toBe("https://discord.com/api");
    expect(config.slack?.mode.kind).toBe("socket");
    expect(config.slack?.apiUrl).toBe("http://127.0.0.1:9999/api/");
    expect(config.slack?.adminUserIds).toEqual(["U0123ABCD"]);
    expect(config.requireReason).toBe(true);
  });

  it("never shows a secret when printed, logged or serialised", () => {
    const config = parseConfig({
      CHAT_API_BASE_URL: "https://api.example.test/chat/v1",
      CHAT_API_TOKEN: "master-secret",
      DISCORD_TOKEN: "discord-secret",
      DISCORD_APPLICATION_ID: "123456789012345678",
      DISCORD_GUILD_ID: "223456789012345678",
      SLACK_BOT_TOKEN: "xoxb-FAKE_slack-bot-secret",
      SLACK_SIGNING_SECRET: "slack-signing-secret",
    });
    for (const rendering of [
      JSON.stringify(config),
      inspect(config, { depth: 10 }),
      `${config.chatApi?.token}`,
    ]) {
      expect(rendering).not.toMatch(
        /master-secret|discord-secret|slack-bot-secret|slack-signing-secret/,
      );
    }
    expect(JSON.stringify(config.chatApi)).toContain('"token":"[secret]"');
  });

  it("reads CHAT_API_MAX_BODY_MB", () => {
    expect(parseConfig({ CHAT_API_MAX_BODY_MB: "16" }).chatApiMaxBodyMb).toBe(16);
  });

  it("hands every configured secret to redaction, and only secrets", () => {
    const config = parseConfig({
      CHAT_API_BASE_URL: "https://api.example.test/chat/v1",
      CHAT_API_TOKEN: "master-secret",
      DISCORD_TOKEN: "discord-secret",
      DISCORD_APPLICATION_ID: "123456789012345678",
      DISCORD_GUILD_ID: "223456789012345678",
      SLACK_BOT_TOKEN: "xoxb-FAKE_slack-bot-secret",
      SLACK_SIGNING_SECRET: "slack-signing-secret",
    });
    expect(secretValues(config).sort()).toEqual(
      [
        "discord-secret",
        "master-secret",
        "xoxb-FAKE_slack-bot-secret",
        "slack-signing-secret",
      ].sort(),
    );
    const socket = parseConfig({
      SLACK_BOT_TOKEN: "xoxb-FAKE_bot-1",
      SLACK_APP_TOKEN: "xapp-FAKE-app-1",
    });
    expect(secretValues(socket).sort()).toEqual(["xapp-FAKE-app-1", "xoxb-FAKE_bot-1"]);
    expect(secretValues(parseConfig({}))).toEqual([]);
  });

  it("reads METRICS_TOKEN as a secret that redaction knows", () => {
    const config = parseConfig({ METRICS_TOKEN: "fake-metrics-token" });
    expect(config.metricsToken?.reveal()).toBe("fake-metrics-token");
    expect(JSON.stringify(config)).not.toContain("fake-metrics-token");
    expect(secretValues(config)).toEqual(["fake-metrics-token"]);
    expect(parseConfig({ METRICS_TOKEN: " " }).metricsToken).toBeUndefined();
  });

  it("is frozen", () => {
    const config = parseConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it("names the variable and what is allowed", () => {
    expect(failureOf({ CHAT_API_TIMEOUT_MS: "soon" })).toBe(
      "CHAT_API_TIMEOUT_MS must be a whole number",
    );
    expect(failureOf({ CHAT_API_TIMEOUT_MS: "0" })).toBe("CHAT_API_TIMEOUT_MS must be at least 1");
    expect(failureOf({ CHAT_API_MAX_BODY_MB: "lots" })).toBe(
      "CHAT_API_MAX_BODY_MB must be a whole number",
    );
    expect(failureOf({ CHAT_API_MAX_BODY_MB: "0" })).toBe(
      "CHAT_API_MAX_BODY_MB must be at least 1",
    );
    expect(failureOf({ CHAT_API_MAX_BODY_MB: "1024" })).toBe(
      "CHAT_API_MAX_BODY_MB must be at most 500",
    );
    expect(failureOf({ CHAT_TIMEZONE: "Mars/Olympus" })).toBe(
      "CHAT_TIMEZONE must be an IANA time zone such as UTC or Asia/Seoul",
    );
    expect(failureOf({ DISPLAY_TIMEZONE: "KST" })).toBe(
      "DISPLAY_TIMEZONE must be an IANA time zone such as UTC or Asia/Seoul",
    );
    expect(failureOf({ CHATWARDEN_LOCALE: "ja" })).toBe(
      "CHATWARDEN_LOCALE must be one of the supported languages: en, ko",
    );
    expect(
      failureOf({ CHAT_API_BASE_URL: "https://api.example.test/v2", CHAT_API_TOKEN: "x" }),
    ).toBe("CHAT_API_BASE_URL must end in /chat/v1");
    expect(failureOf({ CHAT_API_BASE_URL: "ftp://x/chat/v1", CHAT_API_TOKEN: "x" })).toBe(
      "CHAT_API_BASE_URL must be an http(s) URL",
    );
    expect(failureOf({ CHAT_API_BASE_URL: "https://api.example.test/chat/v1" })).toBe(
      "CHAT_API_TOKEN is required when CHAT_API_BASE_URL is set",
    );
    expect(failureOf({ REPORT_POLL_CRON: "every minute" })).toBe(
      "REPORT_POLL_CRON must be a cron expression such as */30 * * * * * (every 30 seconds)",
    );
    expect(failureOf({ BAN_SYNC_CRON: "every 5 minutes" })).toBe(
      "BAN_SYNC_CRON must be a cron expression such as 0 */5 * * * * (every 5 minutes)",
    );
    expect(failureOf({ REPORT_BACKFILL: "-1" })).toBe("REPORT_BACKFILL must be 0 or more");
    expect(failureOf({ PORT: "70000" })).toBe("PORT must be a port number from 0 to 65535");
    expect(failureOf({ REQUIRE_REASON: "maybe" })).toBe("REQUIRE_REASON must be true or false");
    expect(failureOf({ LOG_LEVEL: "loud" })).toBe(
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
    );
    expect(failureOf({ LOG_FORMAT: "text" })).toBe("LOG_FORMAT must be one of pretty, json");
    expect(problemsOf({ DISCORD_TOKEN: "x" })).toEqual([
      "DISCORD_APPLICATION_ID is required when DISCORD_TOKEN is set",
      "DISCORD_GUILD_ID is required when DISCORD_TOKEN is set",
    ]);
    expect(failureOf({ DISCORD_GUILD_ID: "223456789012345678" })).toBe(
      "DISCORD_TOKEN is required to enable the Discord adapter",
    );
    expect(failureOf({ SLACK_APP_TOKEN: "xapp-FAKE" })).toBe(
      "SLACK_BOT_TOKEN is required to enable the Slack adapter",
    );
    expect(problemsOf({ DISCORD_GUILD_ID: "abc" })).toEqual([
      "DISCORD_TOKEN is required to enable the Discord adapter",
      "DISCORD_GUILD_ID must be a Discord id (digits)",
    ]);
    expect(failureOf({ DISCORD_ADMIN_ROLE_IDS: "123456789012345678,admins" })).toBe(
      "DISCORD_ADMIN_ROLE_IDS must be a comma-separated list of Discord role ids",
    );
    expect(failureOf({ SLACK_BOT_TOKEN: "xoxb-FAKE_x" })).toBe(
      "SLACK_SIGNING_SECRET or SLACK_APP_TOKEN is required with SLACK_BOT_TOKEN (HTTP mode or Socket Mode)",
    );
    expect(failureOf({ SLACK_REPORT_CHANNEL_ID: "#reports" })).toBe(
      "SLACK_REPORT_CHANNEL_ID must be a Slack channel id such as C0123ABCD",
    );
  });

  it("names every invalid variable at once, one problem each, in the order of the table", () => {
    // Issue 20: only the URL's problem was named; the operator fixed one variable per start.
    const problems = problemsOf({
      PORT: "abc",
      REQUIRE_REASON: "maybe",
      CHAT_API_BASE_URL: "foo",
      DISCORD_TOKEN: "x",
    });
    expect(problems).toEqual([
      "CHAT_API_BASE_URL must be an http(s) URL",
      "CHAT_API_TOKEN is required when CHAT_API_BASE_URL is set",
      "DISCORD_APPLICATION_ID is required when DISCORD_TOKEN is set",
      "DISCORD_GUILD_ID is required when DISCORD_TOKEN is set",
      "PORT must be a port number",
      "REQUIRE_REASON must be true or false",
    ]);
  });

  it("refuses a Slack token of the wrong kind by its documented prefix, never echoing it", () => {
    const bot =
      "SLACK_BOT_TOKEN must be the app's bot token, which starts xoxb- (OAuth & Permissions, Bot User OAuth Token)";
    const app =
      "SLACK_APP_TOKEN must be an app-level token, which starts xapp- (Basic Information, App-Level Tokens)";
    expect(
      problemsOf({
        SLACK_BOT_TOKEN: "xapp-FAKE-hidden-one",
        SLACK_APP_TOKEN: "xoxb-FAKE_hidden-two",
      }),
    ).toEqual([
      `${bot}; this one starts xapp-, as an app-level token does: is it SLACK_APP_TOKEN's?`,
      `${app}; this one starts xoxb-, as a bot token does: is it SLACK_BOT_TOKEN's?`,
    ]);
    expect(
      problemsOf({ SLACK_BOT_TOKEN: "xoxp-FAKE_hidden-user", SLACK_SIGNING_SECRET: "s" }),
    ).toEqual([`${bot}; this one starts xoxp-, as a user token does`]);
    // A value of no known kind is not quoted at all, not even its start.
    const unknown = problemsOf({ SLACK_BOT_TOKEN: "hidden-bot", SLACK_APP_TOKEN: "hidden-app" });
    expect(unknown).toEqual([bot, app]);
    expect(unknown.join("\n")).not.toContain("hidden");
    expect(
      parseConfig({ SLACK_BOT_TOKEN: "xoxb-FAKE_ok", SLACK_APP_TOKEN: "xapp-FAKE-ok" }).slack?.mode,
    ).toMatchObject({ kind: "socket" });
  });

  it("treats blank values as unset", () => {
    expect(parseConfig({ PORT: "", CHAT_API_BASE_URL: " " })).toMatchObject({
      port: 3000,
      chatApi: undefined,
    });
  });
});

describe("booleans", () => {
  it.each([
    ["TRUE", true],
    ["True", true],
    [" yes ", true],
    ["1", true],
    ["FALSE", false],
    ["No", false],
    ["0", false],
  ])("reads REQUIRE_REASON=%j as %s", (value, expected) => {
    expect(parseConfig({ REQUIRE_REASON: value }).requireReason).toBe(expected);
  });
});

describe("warnings at start-up", () => {
  it("has none for the defaults", () => {
    expect(configWarnings(parseConfig({}))).toEqual([]);
  });

  it("warns when CONFIRM_BAN_DAYS_OVER is above MAX_BAN_DAYS: no ban would ever be confirmed", () => {
    expect(
      configWarnings(parseConfig({ CONFIRM_BAN_DAYS_OVER: "4000", MAX_BAN_DAYS: "3650" })),
    ).toEqual([
      "CONFIRM_BAN_DAYS_OVER (4000) is above MAX_BAN_DAYS (3650): no ban can be long enough to be confirmed; set it below MAX_BAN_DAYS, or equal to it to turn confirmation off",
    ]);
    // Equal is how confirmation is turned off on purpose: no warning.
    expect(
      configWarnings(parseConfig({ CONFIRM_BAN_DAYS_OVER: "365", MAX_BAN_DAYS: "365" })),
    ).toEqual([]);
  });

  it("warns when the digest or reminders are on with no report channel to post them in", () => {
    expect(
      configWarnings(parseConfig({ DIGEST_CRON: "0 9 * * *", REPORT_REMIND_MINUTES: "60" })),
    ).toEqual([
      "DIGEST_CRON is set, but no report channel is (DISCORD_REPORT_CHANNEL_ID, SLACK_REPORT_CHANNEL_ID): no digest is posted",
      "REPORT_REMIND_MINUTES is set, but no report channel is (DISCORD_REPORT_CHANNEL_ID, SLACK_REPORT_CHANNEL_ID): no reminder is posted",
    ]);
  });
});

describe("DATABASE_URL", () => {
  it("selects PostgreSQL, kept as a secret that never prints its password", () => {
    const config = parseConfig({ DATABASE_URL: "postgres://bot:hunter2-fake@db.internal:5432/cw" });
    expect(config.databaseUrl?.reveal()).toBe("postgres://bot:hunter2-fake@db.internal:5432/cw");
    expect(JSON.stringify(config)).not.toContain("hunter2-fake");
  });

  it("is unset when blank: the store stays SQLite in DATA_DIR", () => {
    expect(parseConfig({ DATABASE_URL: " " }).databaseUrl).toBeUndefined();
  });

  it("refuses what is not a postgres:// URL, saying what is wanted", () => {
    expect(() => parseConfig({ DATABASE_URL: "mysql://db/cw" })).toThrow(
      /DATABASE_URL.*must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  });
});

describe("BAN_LADDER_DAYS", () => {
  it("is 1, 7, 30 and 365 days unless set", () => {
    expect(parseConfig({}).banLadderDays).toEqual([1, 7, 30, 365]);
    expect(parseConfig({ BAN_LADDER_DAYS: " 3, 14 ,90 " }).banLadderDays).toEqual([3, 14, 90]);
  });

  it.each([
    [
      "1,7,thirty",
      "BAN_LADDER_DAYS must be whole numbers of days separated by commas, such as 1,7,30,365: thirty is not",
    ],
    [
      "1,2.5,7",
      "BAN_LADDER_DAYS must be whole numbers of days separated by commas, such as 1,7,30,365: 2.5 is not",
    ],
    [
      "0,7",
      "BAN_LADDER_DAYS must be whole numbers of days separated by commas, such as 1,7,30,365: 0 is not",
    ],
    [
      "1,,7",
      "BAN_LADDER_DAYS must be whole numbers of days separated by commas, such as 1,7,30,365: an empty step is not",
    ],
    ["1,7,7,30", "BAN_LADDER_DAYS must increase from step to step: 7 follows 7"],
    ["30,7", "BAN_LADDER_DAYS must increase from step to step: 7 follows 30"],
  ])("refuses %j, saying why", (value, problem) => {
    expect(failureOf({ BAN_LADDER_DAYS: value })).toBe(problem);
  });

  it("leaves out the default's steps longer than MAX_BAN_DAYS, so that an unset ladder always fits", () => {
    expect(parseConfig({ MAX_BAN_DAYS: "90" }).banLadderDays).toEqual([1, 7, 30]);
    expect(parseConfig({ MAX_BAN_DAYS: "1" }).banLadderDays).toEqual([1]);
  });

  it("refuses a step longer than MAX_BAN_DAYS, naming both", () => {
    expect(failureOf({ BAN_LADDER_DAYS: "1,7,30,365", MAX_BAN_DAYS: "90" })).toBe(
      "BAN_LADDER_DAYS must stay within MAX_BAN_DAYS (90): 365 is longer",
    );
    // Named with whatever else is wrong, so that one start names everything to fix.
    expect(problemsOf({ PORT: "abc", BAN_LADDER_DAYS: "1,365", MAX_BAN_DAYS: "90" })).toEqual([
      "PORT must be a port number",
      "BAN_LADDER_DAYS must stay within MAX_BAN_DAYS (90): 365 is longer",
    ]);
    // A bad MAX_BAN_DAYS is named as itself, not as a problem of the ladder.
    expect(problemsOf({ MAX_BAN_DAYS: "none" })).toEqual(["MAX_BAN_DAYS must be a whole number"]);
  });

  it("refuses more steps than a card can name", () => {
    expect(
      failureOf({ BAN_LADDER_DAYS: Array.from({ length: 21 }, (_, n) => n + 1).join(",") }),
    ).toBe("BAN_LADDER_DAYS must have at most 20 steps");
  });
});

describe("the priority rules", () => {
  it.each([
    [
      "PRIORITY_CATEGORY_WEIGHTS",
      "CHEATING=lots,SPAM=1",
      "PRIORITY_CATEGORY_WEIGHTS must give each category a number, as CATEGORY=weight separated by commas (CHEATING=4,SPAM=1,*=1): CHEATING=lots is not a number",
    ],
    [
      "PRIORITY_CATEGORY_WEIGHTS",
      "CHEATING",
      "PRIORITY_CATEGORY_WEIGHTS must give each category a number, as CATEGORY=weight separated by commas (CHEATING=4,SPAM=1,*=1): CHEATING is not",
    ],
    [
      "PRIORITY_CATEGORY_WEIGHTS",
      "SPAM=1,spam=2",
      "PRIORITY_CATEGORY_WEIGHTS must name each category once: spam is named twice",
    ],
    [
      "PRIORITY_WEIGHTS",
      "bans=3",
      "PRIORITY_WEIGHTS must be name=number pairs separated by commas, the names among reporter, report, ban, dismissed: bans is none of them",
    ],
    [
      "PRIORITY_WEIGHTS",
      "ban=three",
      "PRIORITY_WEIGHTS must be name=number pairs separated by commas, the names among reporter, report, ban, dismissed: ban=three is not a number",
    ],
    ["PRIORITY_LEVELS", "high=10", "PRIORITY_LEVELS must give both levels, as high=10,medium=5"],
    [
      "PRIORITY_LEVELS",
      "high=5,medium=5",
      "PRIORITY_LEVELS must put high above medium: high=5 is not above medium=5",
    ],
  ])("refuses %s=%j, saying why", (variable, value, problem) => {
    expect(failureOf({ [variable]: value })).toBe(problem);
  });
});

describe("the high-priority alert", () => {
  const discord = {
    DISCORD_TOKEN: "discord-secret",
    DISCORD_APPLICATION_ID: "123456789012345678",
    DISCORD_GUILD_ID: "223456789012345678",
  };
  const slack = { SLACK_BOT_TOKEN: "xoxb-FAKE_bot", SLACK_APP_TOKEN: "xapp-FAKE-app" };

  it("is off unless a role or a user group is named", () => {
    expect(parseConfig({}).priorityAlert).toEqual({});
    const on = parseConfig({
      ...discord,
      ...slack,
      DISCORD_REPORT_CHANNEL_ID: "323456789012345678",
      SLACK_REPORT_CHANNEL_ID: "C0REPORTS",
      PRIORITY_ALERT_DISCORD_ROLE_ID: "423456789012345678",
      PRIORITY_ALERT_SLACK_GROUP_ID: "S0MODS",
    });
    expect(on.priorityAlert).toEqual({
      discordRoleId: "423456789012345678",
      slackUserGroupId: "S0MODS",
    });
  });

  it("refuses an id of the wrong form, and one without the report channel it alerts in", () => {
    expect(failureOf({ PRIORITY_ALERT_DISCORD_ROLE_ID: "@Moderators" })).toContain(
      "PRIORITY_ALERT_DISCORD_ROLE_ID must be a Discord role id (digits)",
    );
    expect(failureOf({ PRIORITY_ALERT_SLACK_GROUP_ID: "@mods" })).toContain(
      "PRIORITY_ALERT_SLACK_GROUP_ID must be a Slack user group id such as S0123ABCD",
    );
    expect(
      problemsOf({ ...discord, PRIORITY_ALERT_DISCORD_ROLE_ID: "423456789012345678" }),
    ).toEqual([
      "DISCORD_REPORT_CHANNEL_ID is required when PRIORITY_ALERT_DISCORD_ROLE_ID is set: the alert goes to the report channel",
    ]);
    expect(problemsOf({ ...slack, PRIORITY_ALERT_SLACK_GROUP_ID: "S0MODS" })).toEqual([
      "SLACK_REPORT_CHANNEL_ID is required when PRIORITY_ALERT_SLACK_GROUP_ID is set: the alert goes to the report channel",
    ]);
  });
});

describe("the shift digest and reminders", () => {
  it("are off unless DIGEST_CRON and REPORT_REMIND_MINUTES are set", () => {
    const config = parseConfig({});
    expect(config.digestCron).toBeUndefined();
    expect(config.reportRemindMinutes).toBe(0);
    const on = parseConfig({ DIGEST_CRON: "0 9,21 * * *", REPORT_REMIND_MINUTES: "60" });
    expect(on.digestCron).toBe("0 9,21 * * *");
    expect(on.reportRemindMinutes).toBe(60);
  });

  it("refuses a cron that is not one, or that names seconds, and minutes that are not a count", () => {
    const cron =
      "DIGEST_CRON must be a five-field cron expression such as 0 9,21 * * * (09:00 and 21:00)";
    expect(failureOf({ DIGEST_CRON: "twice a day" })).toBe(cron);
    expect(failureOf({ DIGEST_CRON: "0 25 * * *" })).toBe(cron);
    // A digest's slot is a minute: six fields would name seconds.
    expect(failureOf({ DIGEST_CRON: "0 0 9 * * *" })).toBe(cron);
    expect(failureOf({ REPORT_REMIND_MINUTES: "an hour" })).toBe(
      "REPORT_REMIND_MINUTES must be a whole number",
    );
    expect(failureOf({ REPORT_REMIND_MINUTES: "-5" })).toBe(
      "REPORT_REMIND_MINUTES must be 0 or more",
    );
  });
});
