import { z } from "zod";
import { type ArgumentSpec, described } from "../catalogue/arguments.js";
import type { CommandIndex } from "../catalogue/command.js";
import { type AnyCommand, defineCommand } from "../catalogue/command.js";
import { explainCommand } from "../catalogue/explain.js";
import { usageOf } from "../catalogue/parse-arguments.js";
import { orList, text } from "../catalogue/wording.js";
import { t } from "../i18n/translate.js";
import { type Actor, hasRole } from "../moderation/roles.js";
import type { View } from "../view/view.js";

export const helpCommand = () =>
  defineCommand({
    name: "help",
    summary: text("command.help.summary"),
    args: {
      command: described(() => t("command.help.arg.command"), {
        example: "ban",
        kind: "text",
        required: false,
        completion: "command",
        schema: z.string().trim().toLowerCase().optional(),
      }) satisfies ArgumentSpec<string | undefined>,
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
      title: t("help.title"),
      table: {
        columns: [
          { key: "usage", label: t("help.column.command") },
          { key: "summary", label: t("help.column.summary") },
          { key: "role", label: t("help.column.role") },
        ],
        rows: catalogue.all.map((command) => ({
          usage: usageOf(command),
          summary: command.summary,
          role: t("help.who", {
            role: command.role,
            yours: hasRole(actor, command.role) ? "yes" : "no",
          }),
        })),
        emptyText: t("help.empty"),
        unpaged: true,
      },
      notices: [t("help.notice")],
      visibility: "private",
      data: catalogue.all.map(commandData),
    };
  }
  const matches = catalogue.commandsNamed(wanted);
  if (matches.length === 0) {
    return {
      outcome: "error",
      title: t("help.noCommand", { wanted }),
      description: t("help.tryOneOf", { names: orList(catalogue.topLevelNames(), "commas") }),
      visibility: "private",
    };
  }
  return {
    outcome: "info",
    title: t("help.oneTitle", { wanted }),
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
