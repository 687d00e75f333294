// SIGTERM or SIGINT asks the bot to stop gracefully; a second one, while it is stopping, ends the
// process at once (exit 128 + the signal's number, as shells report it).
import { constants } from "node:os";
import { t } from "../src/i18n/translate.js";

const STOP_SIGNALS = ["SIGTERM", "SIGINT"] as const;

/** Calls `onFirst` at the first stop signal; answers a function that stops listening. */
export function stopOnSignals(onFirst: (signal: NodeJS.Signals) => void): () => void {
  let signalled = false;
  const handle = (signal: NodeJS.Signals) => {
    if (signalled) {
      process.stderr.write(`chatwarden: ${t("operator.startup.signalAgain", { signal })}\n`);
      process.exit(128 + (constants.signals[signal] ?? 0));
    }
    signalled = true;
    onFirst(signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, handle);
  return () => {
    for (const signal of STOP_SIGNALS) process.off(signal, handle);
  };
}
