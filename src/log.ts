// The bot's logger: pino on stderr (stdout belongs to the console and to `--json`), as human lines
// on a terminal and JSON lines anywhere else (LOG_FORMAT chooses otherwise). Fields that could
// carry a secret are redacted whatever the call site passes, before either format sees them.
import { isatty } from "node:tty";
import { type DestinationStream, type Logger, pino } from "pino";
import { prettyLine } from "./log-pretty.js";

export type { Logger };

export const LOG_FORMATS = ["pretty", "json"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LoggerOptions {
  /** A pino level: fatal, error, warn, info, debug, trace or silent. */
  level: string;
  /** Unset: pretty when the destination is a terminal, JSON otherwise. */
  format?: LogFormat | undefined;
  /** A file descriptor; default 2 (stderr). */
  destination?: number;
}

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

export function createLogger(options: LoggerOptions): Logger {
  const { level, format, destination = 2 } = options;
  const sink = pino.destination({ fd: destination, sync: true });
  const pretty = (format ?? (isatty(destination) ? "pretty" : "json")) === "pretty";
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" }, base: { app: "chatwarden" } },
    pretty ? prettyStream(sink, destination, level) : sink,
  );
}

/** For tests and one-shot commands that want no log output. */
export const silentLogger: Logger = pino({ level: "silent" });

function prettyStream(sink: DestinationStream, fd: number, level: string): DestinationStream {
  const noColour = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "";
  const options = {
    colour: isatty(fd) && !noColour,
    stacks: level === "debug" || level === "trace",
  };
  return { write: (line: string) => sink.write(prettyLine(line, options)) };
}
