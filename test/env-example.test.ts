// .env.example documents every variable the configuration reads, and parses as it stands.
import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config.js";

const DESIGN_VARIABLES = [
  "CHAT_API_BASE_URL",
  "CHAT_API_TOKEN",
  "CHAT_API_TIMEOUT_MS",
  "CHAT_API_MAX_BODY_MB",
  "CHAT_TIMEZONE",
  "DISPLAY_TIMEZONE",
  "CHATWARDEN_LOCALE",
  "DATA_DIR",
  "DATABASE_URL",
  "REPORT_POLL_CRON",
  "REPORT_BACKFILL",
  "REPORT_GROUP_MINUTES",
  "BAN_SYNC_CRON",
  "DISCORD_TOKEN",
  "DISCORD_APPLICATION_ID",
  "DISCORD_GUILD_ID",
  "DISCORD_REPORT_CHANNEL_ID",
  "DISCORD_AUDIT_CHANNEL_ID",
  "DISCORD_MODERATOR_ROLE_IDS",
  "DISCORD_ADMIN_ROLE_IDS",
  "DISCORD_API_URL",
  "SLACK_BOT_TOKEN",
  "SLACK_SIGNING_SECRET",
  "SLACK_APP_TOKEN",
  "SLACK_REPORT_CHANNEL_ID",
  "SLACK_AUDIT_CHANNEL_ID",
  "SLACK_MODERATOR_USER_IDS",
  "SLACK_ADMIN_USER_IDS",
  "SLACK_API_URL",
  "PORT",
  "METRICS_TOKEN",
  "CONFIRM_BAN_DAYS_OVER",
  "MAX_BAN_DAYS",
  "REQUIRE_REASON",
  "BAN_LADDER_DAYS",
  "PRIORITY_CATEGORY_WEIGHTS",
  "PRIORITY_WEIGHTS",
  "PRIORITY_LEVELS",
  "PRIORITY_ALERT_DISCORD_ROLE_ID",
  "PRIORITY_ALERT_SLACK_GROUP_ID",
  "DIGEST_CRON",
  "REPORT_REMIND_MINUTES",
  "LOG_LEVEL",
  "LOG_FORMAT",
];

describe(".env.example", () => {
  const text = readFileSync(new URL("../.env.example", import.meta.url), "utf8");
  const values = parseEnv(text);

  it("lists every configuration variable, each with a comment above it", () => {
    expect(Object.keys(values).sort()).toEqual([...DESIGN_VARIABLES].sort());
    const lines = text.split("\n");
    for (const name of DESIGN_VARIABLES) {
      const index = lines.findIndex((line) => line.startsWith(`${name}=`));
      expect(lines[index - 1], name).toMatch(/^# /);
    }
  });

  it("is a valid configuration as it stands", () => {
    expect(() => parseConfig(values)).not.toThrow();
  });
});
