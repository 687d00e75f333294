import { z } from "zod";
import type { ArgumentSpec } from "../catalogue/arguments.js";
import type { CommandIndex } from "../catalogue/command.js";
import { type AnyCommand, defineCommand } from "../catalogue/command.js";
import { explainCommand } from "../catalogue/explain.js";
import { usageOf } from "../catalogue/parse-arguments.js";
import { type Actor, hasRole } from "../moderation/roles.js";
import { inWords } from "../view/in-words.js";
import type { View } from "../view/view.js";

export const helpCommand = () =>
  defineCommand({
    name: "help",
    summary: "List the commands, or explain one",
    args: {
      command: {
        description: "a command to explain, e.g. ban or channels",
        example: "ban",
        kind: "text",
        required: false,
        completion: "command",
        schema: z.string().trim().toLowerCase().optional(),
      } satisfies ArgumentSpec<string | undefined>,
    },
    role: "anyone",
    mutates: false,
    async handle({ command: wanted }, { catalogue, actor }) {
      return helpView(catalogue, actor, wanted);
    },
  });

/**
 * The list of commands, or one explained, as `actor` sees them. `chatwarden help --json` asks
 * for it directly: it needs neither the store nor the chat API.
 */
export function helpView(catalogue: CommandIndex, actor: Actor, wanted: string | undefined): View {
  if (wanted === undefined) {
    return {
      outcome: "info",
      title: "chatwarden commands",
      table: {
        columns: [
          { key: "usage", label: "Command" },
          { key: "summary", label: "What it does" },
          { key: "role", label: "Who" },
        ],
        rows: catalogue.all.map((command) => ({
          usage: usageOf(command),
          summary: command.summary,
          role:
            command.role === "anyone"
              ? "anyone"
              : `${command.role}s${hasRole(actor, command.role) ? "" : " (not you)"}`,
        })),
        emptyText: "No commands.",
        unpaged: true,
      },
      notices: ["help <command> explains one, with examples."],
      visibility: "private",
      data: catalogue.all.map(commandData),
    };
  }
  const matches = catalogue.commandsNamed(wanted);
  if (matches.length === 0) {
    return {
      outcome: "error",
      title: `No command "${wanted}"`,
      description: `Try one of ${inWords(catalogue.topLevelNames(), "or")}.`,
      visibility: "private",
    };
  }
  return {
    outcome: "info",
    title: `help ${wanted}`,
    fields: matches.map((command) => ({
      label: usageOf(command),
      value: explainCommand(command).join("\n"),
    })),
    visibility: "private",
    data: matches.map(commandData),
  };
}

/** A command as `--json` shows it. */
function commandData(command: AnyCommand) {
  return {
    name: command.name,
    usage: usageOf(command),
    summary: command.summary,
    role: command.role,
  };
}
