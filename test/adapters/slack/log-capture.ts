// A pino logger whose lines a test can read and wait for: the adapter's retries, rate limits and
// failures must be logged, and the tests check that they are.
import { Writable } from "node:stream";
import { pino } from "pino";
import type { Logger } from "../../../src/log.js";
import { Recorder } from "../../fakes/slack/recorder.js";

export interface LogCapture {
  logger: Logger;
  lines: Recorder<{ level: number; msg: string } & Record<string, unknown>>;
  /** Waits for a line whose message contains `text` (and that `match` accepts). */
  waitFor(
    text: string,
    match?: (line: Record<string, unknown>) => boolean,
  ): Promise<{ level: number; msg: string } & Record<string, unknown>>;
}

export function captureLogs(): LogCapture {
  const lines: LogCapture["lines"] = new Recorder();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.add(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: "debug" }, stream);
  return {
    logger,
    lines,
    waitFor: (text, match = () => true) =>
      lines.waitFor((line) => line.msg.includes(text) && match(line), `a log line "${text}"`),
  };
}
