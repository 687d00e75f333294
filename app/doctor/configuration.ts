// The configuration line: which parts are on, and the settings that are valid one by one but do
// not work together. An environment that does not parse at all is the line's failure, and the
// only line: nothing else can be checked without a configuration.

import {
  type Config,
  type ConfigError,
  configProblemText,
  configWarnings,
} from "../../src/config.js";
import { t } from "../../src/i18n/translate.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
import { fail, pass } from "./check.js";

const NAME = "configuration";

export function configurationCheck(config: Readonly<Config>): DoctorCheck {
  const warnings = configWarnings(config);
  if (warnings.length > 0) {
    return fail(NAME, warnings.join("; "), t("terminal.doctor.configuration.changeFix"));
  }
  return pass(NAME, t("terminal.doctor.configuration.valid", { parts: partsOn(config) }));
}

/** The one check of an environment that does not parse, naming every variable to fix. */
export function invalidConfigurationCheck(error: ConfigError): DoctorCheck {
  const { variables, problems } = error;
  return fail(
    NAME,
    problems.map(configProblemText).join("; "),
    t("terminal.doctor.configuration.invalidFix", {
      variables: variables.join(", "),
      count: variables.length,
    }),
  );
}

/** "chat API at api.example.com, Discord on, Slack on (Socket Mode)": never a secret. */
function partsOn(config: Readonly<Config>): string {
  // The host only: a URL may carry user:password, which is a secret too.
  const chat = config.chatApi
    ? t("terminal.doctor.configuration.chatApiAt", { host: new URL(config.chatApi.baseUrl).host })
    : t("terminal.doctor.configuration.noChatApi");
  const discord = t("terminal.doctor.configuration.discord", { on: config.discord ? "yes" : "no" });
  const slack = t("terminal.doctor.configuration.slack", {
    mode: config.slack ? config.slack.mode.kind : "off",
  });
  return [chat, discord, slack].join(", ");
}
