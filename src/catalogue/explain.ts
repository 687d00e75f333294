// How a command is explained on every surface (help, Slack's usage answers, `chatwarden help`):
// its summary and role, then each argument with its description and an example.
import { t } from "../i18n/translate.js";
import type { AnyCommand } from "./command.js";

export function explainCommand(command: AnyCommand): string[] {
  return [
    t("explain.summary", { summary: command.summary, role: command.role }),
    ...Object.entries(command.args).map(([name, { description, example, required }]) =>
      t("explain.argument", {
        name,
        optional: required ? "no" : "yes",
        description,
        example,
        shown: namesExample(description, example) ? "no" : "yes",
      }),
    ),
  ];
}

/** Whether the description names the example already ("yes or no"): then no `, e.g. yes`. */
function namesExample(description: string, example: string): boolean {
  const words = description.toLowerCase().split(/[^\p{L}\p{N}-]+/u);
  return words.includes(example.toLowerCase());
}
