// What `chatwarden help` prints: the process commands, then every chat command, derived from
// the catalogue, so a command added to the core shows up here with no change.
import { type Catalogue, explainCommand, t } from "../../src/index.js";
import { displayWidth, padToWidth } from "./display-width.js";

export function usageText(catalogue: Catalogue): string {
  const usages = catalogue.all.map((command) => catalogue.usageOf(command));
  const width = Math.max(...usages.map(displayWidth));
  const lines = catalogue.all.map(
    (command, index) => `  ${padToWidth(usages[index] ?? "", width)}  ${command.summary}`,
  );
  return `${t("terminal.usage.processCommands")}
${t("terminal.usage.chatCommands")}

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
