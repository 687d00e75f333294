// `chatwarden doctor [--json]`: runs every check for this configuration (doctor-checks.ts),
// prints one line per check, or one JSON document, and exits 0 only when none failed.
// cli.ts has already parsed the configuration (a bad variable stops it before this runs).
import type { Config } from "../config.js";
import { doctorChecks } from "./doctor-checks.js";
import { doctorJson, doctorPassed, doctorText } from "./doctor-report.js";

export { doctorChecks } from "./doctor-checks.js";

export async function runDoctorCommand(
  args: readonly string[],
  config: Readonly<Config>,
  out: NodeJS.WritableStream,
): Promise<number> {
  const { CommandLineFailure, EXIT_USAGE } = await import("../../adapters/console/failure.js");
  const unknown = args.find((arg) => arg !== "--json");
  if (unknown !== undefined) {
    throw new CommandLineFailure(
      `doctor: unknown option "${unknown}"; usage: chatwarden doctor [--json]`,
      EXIT_USAGE,
    );
  }
  const checks = await doctorChecks(config);
  if (args.includes("--json")) {
    out.write(doctorJson(checks));
  } else {
    const { painter, shouldColour } = await import("../../adapters/console/colour.js");
    const isTTY = "isTTY" in out && out.isTTY === true;
    out.write(doctorText(checks, painter(shouldColour({ isTTY }))));
  }
  return doctorPassed(checks) ? 0 : 1;
}
