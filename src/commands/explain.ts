// How a command is explained on every surface (help, Slack's usage answers, `chatwarden help`):
// its summary and role, then each argument with its description and an example.
import { type AnyCommand, type ArgumentSpecs, splitName } from "./command.js";

export function explainCommand(command: AnyCommand): string[] {
  return [
    `${command.summary}. Role: ${command.role}.`,
    ...Object.entries(command.args as ArgumentSpecs).map(
      ([name, spec]) =>
        `${name}: ${spec.description}${spec.required ? "" : " (optional)"}, e.g. ${spec.example}`,
    ),
  ];
}

/** The commands `wanted` names: one command (`channels list`) or a group (`channels`). */
export function commandsNamed(catalogue: readonly AnyCommand[], wanted: string): AnyCommand[] {
  const name = wanted.trim().toLowerCase();
  return catalogue.filter(
    (command) => command.name === name || splitName(command.name).group === name,
  );
}
