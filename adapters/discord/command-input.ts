// Reading a slash command (or autocomplete) interaction back into the catalogue's terms: the
// command's full name (`channels list`) and its raw argument values by name.
import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
} from "discord.js";

type CommandLike = ChatInputCommandInteraction | AutocompleteInteraction;

/** `/channels list` → "channels list"; `/ban` → "ban". */
export function commandNameOf(interaction: CommandLike): string {
  const sub = interaction.options.getSubcommand(false);
  return sub ? `${interaction.commandName} ${sub}` : interaction.commandName;
}

/** The typed values Discord sent, by option name; the core's schemas take them as they are. */
export function argumentValues(interaction: CommandLike): Record<string, unknown> {
  return Object.fromEntries(
    leafOptions(interaction.options.data)
      .filter((option) => option.value !== undefined)
      .map((option) => [option.name, option.value]),
  );
}

function leafOptions(
  options: readonly CommandInteractionOption[],
): readonly CommandInteractionOption[] {
  const [first] = options;
  if (first && options.length === 1 && first.type === ApplicationCommandOptionType.Subcommand) {
    return first.options ?? [];
  }
  return options;
}
