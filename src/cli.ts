#!/usr/bin/env node
// The `chatwarden` command: the long-running processes (serve, demo, emulator), help, and any
// chat command run once. Every failure ends as one readable line on stderr and a non-zero exit
// code (1, or 64 when the command line itself is wrong): never a stack trace, never a secret.
import { runDemo } from "../adapters/console/demo.js";
import { CommandLineFailure, EXIT_FAILURE, EXIT_USAGE } from "../adapters/console/failure.js";
import { offlineCatalogue } from "../adapters/console/offline-catalogue.js";
import { runOneShot } from "../adapters/console/one-shot.js";
import { commandHelpText, usageText } from "../adapters/console/usage.js";
import { ConfigError, loadDotEnv, parseConfig } from "./config.js";
import { runEmulatorCommand } from "./emulator/command.js";
import { serve } from "./main.js";

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case "serve":
      return serve(configuration(), process.stdout);
    case "demo":
      return runDemo(configuration(), process.stdout);
    case "emulator":
      return runEmulatorCommand(rest, process.stdout);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      return help(rest[0]);
    default:
      return runOneShot(argv, configuration(), {
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
      });
  }
}

function configuration() {
  loadDotEnv();
  return parseConfig(process.env);
}

function help(wanted: string | undefined): void {
  // The catalogue only needs limits for its descriptions: help works even with a broken .env.
  let config: ReturnType<typeof parseConfig>;
  try {
    config = configuration();
  } catch {
    config = parseConfig({});
  }
  const catalogue = offlineCatalogue(config);
  if (wanted === undefined) {
    process.stdout.write(usageText(catalogue));
    return;
  }
  const text = commandHelpText(catalogue, wanted);
  if (text === undefined) {
    throw new CommandLineFailure(
      `no command "${wanted}"; run "chatwarden help" for the list`,
      EXIT_USAGE,
    );
  }
  process.stdout.write(text);
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    const message =
      error instanceof ConfigError
        ? `configuration: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`chatwarden: ${message}\n`);
    process.exit(error instanceof CommandLineFailure ? error.exitCode : EXIT_FAILURE);
  },
);
