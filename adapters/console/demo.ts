// `chatwarden demo`, and `chatwarden serve` with no chat API at a terminal: the built-in
// emulator with demo data (reports keep arriving), a core against it, and the console.

import type { CommandRunner } from "../../src/commands/runner.js";
import type { Config } from "../../src/config.js";
import { createCore } from "../../src/core.js";
import { DEMO_TOKEN } from "../../src/emulator/command.js";
import { type RunningEmulator, startEmulator } from "../../src/emulator/server.js";
import { createLogger } from "../../src/log.js";
import { type ConsoleOutput, runRepl } from "./repl.js";

/** How often the demo emulator adds a report, so the feed has something to show. */
const DEMO_REPORT_EVERY_MS = 20_000;

export function startDemoEmulator(timeZone: string): Promise<RunningEmulator> {
  return startEmulator({
    token: DEMO_TOKEN,
    seed: "demo",
    timeZone,
    reportEveryMs: DEMO_REPORT_EVERY_MS,
  });
}

/**
 * Where the demo API is and how to reach it, after why it runs ("No CHAT_API_BASE_URL set").
 * The token is printed because it is public demo data, not a secret.
 */
export function demoEmulatorBanner(emulator: RunningEmulator, why: string): string {
  return (
    `${why}: running the built-in chat/v1 emulator with demo data at ${emulator.baseUrl}\n` +
    `master token: ${DEMO_TOKEN}   (try: curl -H 'Authorization: Bearer ${DEMO_TOKEN}' ${emulator.baseUrl}/report_list)\n`
  );
}

export async function runDemo(config: Readonly<Config>, output: ConsoleOutput): Promise<void> {
  const emulator = await startDemoEmulator(config.chatTimeZone);
  const core = createCore({
    config,
    api: { baseUrl: emulator.baseUrl, token: DEMO_TOKEN },
    logger: createLogger(config.logLevel),
  });
  try {
    output.write(demoEmulatorBanner(emulator, "chatwarden demo"));
    await runConsole(core.runner, output);
  } finally {
    await core.close();
    await emulator.close();
  }
}

/**
 * The REPL on this process's terminal until the operator leaves or the process is asked to stop.
 * At a terminal readline turns Ctrl-C into a key; a signal from elsewhere still ends the session.
 */
export async function runConsole(runner: CommandRunner, output: ConsoleOutput): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    await runRepl({ runner, input: process.stdin, output, signal: stop.signal });
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
