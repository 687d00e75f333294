// What the `chatwarden emulator` command line accepts, apart from the emulator itself: `chatwarden
// help emulator` and a wrong option need these words without loading the server.
import { t } from "../src/i18n/translate.js";

/** A public, documented value: the emulator guards demo data, not secrets. */
export const DEMO_TOKEN = "chatwarden-demo";

/** What `chatwarden help emulator` prints, in the terminal's language. */
export function emulatorUsage(): string {
  return t("operator.emulator.usage", { token: DEMO_TOKEN });
}

/** The emulator's command line is wrong: one line, and the exit code says "fix the command". */
export class EmulatorUsageError extends Error {
  override name = "EmulatorUsageError";
}
