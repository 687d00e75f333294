// bolt, its Web API client and its Socket Mode client log through @slack/logger's interface;
// this sends their lines into the bot's pino logger, so Slack's retries, rate limits and
// reconnections show up in the same JSON log as everything else, at the bot's LOG_LEVEL.
import { LogLevel, type Logger as SlackLogger } from "@slack/bolt";
import type { Logger } from "../../src/index.js";

type Level = "debug" | "info" | "warn" | "error";

export function boltLogger(logger: Logger): SlackLogger {
  let child = logger.child({ component: "slack" });
  const write =
    (level: Level) =>
    (...parts: unknown[]): void => {
      const err = parts.find((part): part is Error => part instanceof Error);
      const message = parts
        .filter((part) => !(part instanceof Error))
        .map((part) => (typeof part === "string" ? part : safeJson(part)))
        .join(" ");
      if (err) child[level]({ err }, message);
      else child[level](message);
    };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    // LOG_LEVEL decides for the whole bot; bolt setting its own default must not override it.
    setLevel: () => {},
    getLevel: () => levelOf(child.level),
    setName: (name: string) => {
      child = logger.child({ component: "slack", name });
    },
  };
}

function levelOf(pinoLevel: string): LogLevel {
  if (pinoLevel === "trace" || pinoLevel === "debug") return LogLevel.DEBUG;
  if (pinoLevel === "info") return LogLevel.INFO;
  if (pinoLevel === "warn") return LogLevel.WARN;
  return LogLevel.ERROR;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
