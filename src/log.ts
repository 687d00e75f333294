// The bot's logger: pino, JSON lines on stderr (stdout belongs to the console and to `--json`).
// Fields that could carry a secret are redacted whatever the call site passes.
import { type Logger, pino } from "pino";

export type { Logger };

const REDACTED_PATHS = [
  "token",
  "*.token",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  "password",
  "secret",
  "*.secret",
];

export function createLogger(level: string, destination: number = 2): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" }, base: { app: "chatwarden" } },
    pino.destination({ fd: destination, sync: true }),
  );
}

/** For tests and one-shot commands that want no log output. */
export const silentLogger: Logger = pino({ level: "silent" });
