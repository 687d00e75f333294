// The configuration line: which parts are on, and the settings that are valid one by one but do
// not work together. An environment that does not parse at all is the line's failure, and the
// only line: nothing else can be checked without a configuration.

import { type Config, type ConfigError, configWarnings } from "../../src/config.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
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

/** The one check of an environment that does not parse, naming every variable to fix. */
export function invalidConfigurationCheck(error: ConfigError): DoctorCheck {
  const { variables, problems } = error;
  const values = variables.length === 1 ? "a valid value" : "valid values";
  return fail(
    NAME,
    problems.map(({ variable, problem }) => `${variable} ${problem}`).join("; "),
    `set ${variables.join(", ")} to ${values}, in the environment or .env; then run the doctor again to check the rest`,
  );
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
