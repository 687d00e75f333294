// The configuration line. By the time the doctor runs, the environment has parsed (a bad value
// stops `chatwarden` before any check, naming the variable); what is left to report is which
// parts are on, and the settings that are valid one by one but do not work together.

import { type Config, configWarnings } from "../config.js";
import type { DoctorCheck } from "../runtime/component.js";
import { fail, pass } from "./check.js";

const NAME = "configuration";

export function configurationCheck(config: Readonly<Config>): DoctorCheck {
  const warnings = configWarnings(config);
  if (warnings.length > 0) {
    return fail(
      NAME,
      warnings.join("; "),
      "change the variables named here, in the environment or .env",
    );
  }
  return pass(NAME, `valid; ${partsOn(config)}`);
}

/** "chat API at api.example.com, Discord on, Slack on (Socket Mode)": never a secret. */
function partsOn(config: Readonly<Config>): string {
  // The host only: a URL may carry user:password, which is a secret too.
  const chat = config.chatApi
    ? `chat API at ${new URL(config.chatApi.baseUrl).host}`
    : "no chat API (demo emulator)";
  const discord = config.discord ? "Discord on" : "Discord off";
  const slack = config.slack
    ? `Slack on (${config.slack.mode.kind === "socket" ? "Socket Mode" : "HTTP mode"})`
    : "Slack off";
  return [chat, discord, slack].join(", ");
}
