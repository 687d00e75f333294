// The answer to `help` after a slash command and to a call that cannot run: how each command of
// the group is typed, what it does and who may use it, all derived from the catalogue.
import { type AnyCommand, type Catalogue, explainCommand, t, type View } from "../../src/index.js";
import { UMBRELLA_COMMAND } from "./parse.js";

export interface UsageRequest {
  /** The slash command that was typed, without its slash. */
  slash: string;
  /** The top-level name asked about; undefined: every command. */
  group: string | undefined;
  problem?: string;
}

/** The commands a usage answer is about. */
export function commandsOfGroup(
  catalogue: Catalogue,
  group: string | undefined,
): readonly AnyCommand[] {
  return group === undefined ? catalogue.all : catalogue.commandsUnder(group);
}

export function usageView(catalogue: Catalogue, request: UsageRequest): View {
  const { slash, group, problem } = request;
  // Typed after /chatwarden, a command keeps its name; after its own slash command, the slash
  // command is its name.
  const prefix = slash === UMBRELLA_COMMAND ? `/${UMBRELLA_COMMAND} ` : "/";
  const commands = commandsOfGroup(catalogue, group);
  return {
    outcome: problem ? "error" : "info",
    title:
      group === undefined
        ? t("slack.usage.title")
        : t("slack.usage.titleOne", { command: `${prefix}${group}` }),
    description: problem,
    fields: commands.map((command) => ({
      label: prefix + catalogue.usageOf(command),
      value: group === undefined ? command.summary : explainCommand(command).join("\n"),
    })),
    visibility: "private",
  };
}
