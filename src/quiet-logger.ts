// A logger that writes nothing and loads nothing: a one-shot command prints only its answer
// (or one error line) unless LOG_LEVEL=debug, and loading pino just to discard every record
// costs it 25 ms of its start-up.
import type { Logger } from "pino";

const ignore = () => {};

const quiet = {
  level: "silent",
  fatal: ignore,
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  silent: ignore,
  isLevelEnabled: () => false,
  child: () => quietLogger,
  bindings: () => ({}),
};

/**
 * pino's Logger type also names its serialisers, streams and custom-level plumbing, none of
 * which the code given this logger calls; the methods it does call are all here, and do nothing.
 */
export const quietLogger = quiet as unknown as Logger;
