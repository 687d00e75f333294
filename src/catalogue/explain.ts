// How a command is explained on every surface (help, Slack's usage answers, `chatwarden help`):
// its summary and role, then each argument with its description and an example.
import type { ArgumentSpec } from "./arguments.js";
import type { AnyCommand } from "./command.js";

export function explainCommand(command: AnyCommand): string[] {
  return [
    `${command.summary}. Role: ${command.role}.`,
    ...Object.entries(command.args).map(
      ([name, spec]) =>
        `${name}${spec.required ? "" : " (optional)"}: ${spec.description}${exampleOf(spec)}`,
    ),
  ];
}

/** `, e.g. 7d`; nothing when the description names the example already ("yes or no"). */
function exampleOf(spec: ArgumentSpec): string {
  const words = spec.description.toLowerCase().split(/[^\p{L}\p{N}-]+/u);
  return words.includes(spec.example.toLowerCase()) ? "" : `, e.g. ${spec.example}`;
}
