// A slash command's text, turned into what to do: run a command from the catalogue, or show the
// usage. The text rules themselves (quotes, --reason or the remaining words as the reason, the
// subcommand word) are the core's parseCommandText, so Slack reads a command exactly as the
// terminal does; this file only adds what is Slack's own: which slash command was typed, the
// umbrella /chatwarden, and Slack's HTML-escaped text.
import { type Catalogue, parseCommandText } from "../../src/index.js";

/** The slash command that takes any command as its first word, for names a workspace has taken. */
export const UMBRELLA_COMMAND = "chatwarden";

export type SlashPlan =
  | { kind: "run"; command: string; args: Record<string, string | string[]> }
  | {
      kind: "usage";
      /** The top-level name the usage is about; undefined: every command. */
      group: string | undefined;
      /** What was wrong with the text, when something was. */
      problem?: string;
    };

/** The slash command names the catalogue asks for: every top-level name, then the umbrella. */
export function slashCommandNames(catalogue: Catalogue): string[] {
  const names = catalogue.topLevelNames().filter((name) => name !== UMBRELLA_COMMAND);
  return [...names, UMBRELLA_COMMAND];
}

/**
 * `slash` is the command typed without its slash (`ban`, `chatwarden`), `text` what followed,
 * as Slack sent it.
 */
export function planSlashCommand(slash: string, text: string, catalogue: Catalogue): SlashPlan {
  const typed = decodeSlackText(text).trim();
  const umbrella = slash === UMBRELLA_COMMAND;
  const line = umbrella ? typed : `${slash} ${typed}`.trim();
  const [first = "", ...rest] = line.split(/\s+/);
  const named = first.toLowerCase();
  const group = catalogue.commandsUnder(named).length > 0 ? named : undefined;

  if (line === "") return { kind: "usage", group: undefined };
  const afterGroup = rest.join(" ").trim();
  if (group && (afterGroup === "help" || afterGroup === "--help")) return { kind: "usage", group };
  if (group && afterGroup === "" && needsArguments(group, catalogue)) {
    return { kind: "usage", group };
  }

  const parsed = parseCommandText(line, catalogue);
  if (!parsed.ok) return { kind: "usage", group, problem: parsed.message };
  return { kind: "run", command: parsed.command.name, args: parsed.args };
}

/**
 * Slack sends the text with `&`, `<` and `>` escaped as entities; the command wants what the
 * moderator typed (a reason "spam & scam" is stored as such, and escaped again when shown).
 */
export function decodeSlackText(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_entity, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : ">",
  );
}

/** A bare `/ban` cannot run: show how to use it. A bare `/bans` lists everything, so it runs. */
function needsArguments(name: string, catalogue: Catalogue): boolean {
  // A group of subcommands needs at least its subcommand word; the parser says so itself.
  const command = catalogue.isGroup(name) ? undefined : catalogue.find(name);
  return Object.values(command?.args ?? {}).some((spec) => spec.required);
}
