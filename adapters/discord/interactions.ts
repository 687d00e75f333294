// Every interaction Discord sends, to its handler: slash commands, autocomplete, the core's
// action buttons and menus (`cw:`), form buttons and their modals (`cwform:`). Nothing here
// knows a command: names, arguments and roles come from the catalogue, answers from the views.
// A handler's failure is logged and never reaches the event loop: the bot must not crash.
import type { Interaction } from "discord.js";
import { ACTION_PREFIX, FORM_ACTION_PREFIX, localeOfTag, presenting } from "../../src/index.js";
import { handleAutocomplete } from "./autocomplete.js";
import { pressAction } from "./buttons.js";
import type { HandlerContext } from "./context.js";
import { openForm, submitForm } from "./forms.js";
import { handleSlashCommand } from "./slash.js";

export async function handleInteraction(
  interaction: Interaction,
  context: HandlerContext,
): Promise<void> {
  // An answer is in its asker's language (the Discord client's, interaction.locale) when
  // chatwarden speaks it, else the team's; times in the team's zone.
  // https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
  const team = context.presentation;
  const locale = localeOfTag(interaction.locale) ?? team.locale;
  try {
    await presenting({ ...team, locale }, () => dispatch(interaction, context));
  } catch (error) {
    context.logger.error({ err: error, interaction: interaction.id }, "Discord interaction failed");
  }
}

function dispatch(interaction: Interaction, context: HandlerContext): Promise<void> {
  if (interaction.isChatInputCommand()) return handleSlashCommand(interaction, context);
  if (interaction.isAutocomplete()) return handleAutocomplete(interaction, context);
  if (interaction.isButton()) {
    if (interaction.customId.startsWith(FORM_ACTION_PREFIX)) return openForm(interaction, context);
    if (interaction.customId.startsWith(ACTION_PREFIX)) return pressAction(interaction, context);
  }
  if (interaction.isStringSelectMenu() && interaction.customId.startsWith(ACTION_PREFIX)) {
    return pressAction(interaction, context);
  }
  if (interaction.isModalSubmit() && interaction.customId.startsWith(FORM_ACTION_PREFIX)) {
    return submitForm(interaction, context);
  }
  context.logger.debug(
    { type: interaction.type },
    "ignored a Discord interaction that is not ours",
  );
  return Promise.resolve();
}
