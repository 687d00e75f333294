// What `chatwarden help` prints: the process commands, then every chat command, derived from
// the catalogue, so a command added to the core shows up here with no change.
import { type Catalogue, explainCommand } from "../../src/index.js";
import { displayWidth, padToWidth } from "./display-width.js";

const PROCESS_COMMANDS = `usage: chatwarden <command>

  serve        the bot (what npm start runs); with no CHAT_API_BASE_URL, against the
               built-in emulator with demo data (and the console, at a terminal)
  demo         the built-in emulator with demo data, and the console to try every command
  emulator     the chat/v1 emulator alone:
               chatwarden emulator [--port N] [--token T] [--seed demo|empty]
                                   [--report-every SECONDS] [--controls]
  doctor       checks the configuration, DATA_DIR, the chat API and the platforms, one line
               each with the fix: chatwarden doctor [--json]
  backup       a consistent copy of the store, while the bot runs: chatwarden backup FILE [--force]
  cases        every case of a time range on stdout, as CSV or JSON Lines:
               chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]
  manifest     the Slack app manifest or the Discord command definitions, from the catalogue:
               chatwarden manifest slack [--http URL] | discord
  help         this list; chatwarden help <command> explains one
`;

export function usageText(catalogue: Catalogue): string {
  const usages = catalogue.all.map((command) => catalogue.usageOf(command));
  const width = Math.max(...usages.map(displayWidth));
  const lines = catalogue.all.map(
    (command, index) => `  ${padToWidth(usages[index] ?? "", width)}  ${command.summary}`,
  );
  return `${PROCESS_COMMANDS}
Chat commands, run once against CHAT_API_BASE_URL (exit code 0 on success):
  chatwarden <command> [args] [--reason R] [--json] [--yes] [--page N]

${lines.join("\n")}
`;
}

/** `chatwarden help ban`, `chatwarden help channels`; undefined when there is no such command. */
export function commandHelpText(catalogue: Catalogue, wanted: string): string | undefined {
  const matches = catalogue.commandsNamed(wanted);
  if (matches.length === 0) return undefined;
  const blocks = matches.map((command) =>
    [
      `  chatwarden ${catalogue.usageOf(command)}`,
      ...explainCommand(command).map((line) => `    ${line}`),
    ].join("\n"),
  );
  return `${blocks.join("\n\n")}\n`;
}
