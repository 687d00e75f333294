// `chatwarden doctor [--json]`: runs every check for this configuration (doctor-checks.ts),
// prints one line per check, or one JSON document, and exits 0 only when none failed. An
// environment that does not parse is reported the same way, as the configuration check's
// failure, so that a script reading `--json` always gets a document.
import { type Config, ConfigError } from "../../src/config.js";
import { t } from "../../src/i18n/translate.js";
import { doctorChecks } from "./checks.js";
import { invalidConfigurationCheck } from "./configuration.js";
import { doctorJson, doctorPassed, doctorText } from "./report.js";

export { doctorChecks } from "./checks.js";

export async function runDoctorCommand(
  args: readonly string[],
  /** The parsed configuration, or why the environment did not parse. */
  config: Readonly<Config> | ConfigError,
  out: NodeJS.WritableStream,
): Promise<number> {
  const { CommandLineFailure, EXIT_USAGE } = await import("../../adapters/console/failure.js");
  const unknown = args.find((arg) => arg !== "--json");
  if (unknown !== undefined) {
    throw new CommandLineFailure(
      t("terminal.doctor.unknownOption", { option: unknown }),
      EXIT_USAGE,
    );
  }
  const checks =
    config instanceof ConfigError
      ? [invalidConfigurationCheck(config)]
      : await doctorChecks(config);
  if (args.includes("--json")) {
    out.write(doctorJson(checks));
  } else {
    const { painter, shouldColour } = await import("../../adapters/console/colour.js");
    const isTTY = "isTTY" in out && out.isTTY === true;
    out.write(doctorText(checks, painter(shouldColour({ isTTY }))));
  }
  return doctorPassed(checks) ? 0 : 1;
}
