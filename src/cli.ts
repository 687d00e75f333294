#!/usr/bin/env node
// The `chatwarden` command. Every failure ends as one readable line on stderr and a non-zero
// exit code: never a stack trace, never a secret.
import { runEmulatorCommand } from "./emulator/command.js";
import { ConfigError, loadDotEnv, parseConfig } from "./config.js";
import { serve } from "./main.js";

const USAGE = `usage: chatwarden <command>

  serve        the bot (what npm start runs); with no CHAT_API_BASE_URL, against the
               built-in emulator with demo data
  emulator     the chat/v1 emulator alone:
               chatwarden emulator [--port N] [--token T] [--seed demo|empty]
                                   [--report-every SECONDS] [--controls]
`;

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case "serve":
      loadDotEnv();
      return serve(parseConfig(process.env), process.stdout);
    case "emulator":
      return runEmulatorCommand(rest, process.stdout);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE);
      return;
    default:
      throw new UsageError(`unknown command "${command}"; run "chatwarden help" for the list`);
  }
}

class UsageError extends Error {}

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
    process.exit(error instanceof UsageError ? 64 : 1);
  },
);
