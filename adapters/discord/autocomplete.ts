// Suggestions while a moderator types an option that declares a completion source: channel
// groups and names, languages, players (shown `ShadowFox (10003)`, given as the id). The core finds them (and caches
// them briefly); the other options typed so far go along, since a channel name needs its group.
// Discord gives 3 s and no way to defer, so a slow chat API yields no suggestions, not an error.
import {
  type ApplicationCommandOptionChoiceData,
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
} from "discord.js";
import { type ArgumentSpec, hasRole, type Suggestion } from "../../src/index.js";
import { actorOf } from "./actor.js";
import { argumentValues, commandNameOf } from "./command-input.js";
import type { HandlerContext } from "./context.js";
import { LIMITS } from "./limits.js";
import { cut, plainLine } from "./text.js";

/** Leaves time for the answer to travel within Discord's 3 s. */
const SUGGESTION_BUDGET_MS = 2_000;

export async function handleAutocomplete(
  interaction: AutocompleteInteraction,
  context: HandlerContext,
): Promise<void> {
  const suggestions = await suggestionsFor(interaction, context).catch((error: unknown) => {
    context.logger.warn({ err: error }, "autocomplete failed");
    return [];
  });
  await interaction.respond(suggestions);
}

async function suggestionsFor(
  interaction: AutocompleteInteraction,
  context: HandlerContext,
): Promise<ApplicationCommandOptionChoiceData[]> {
  const command = context.runner.find(commandNameOf(interaction));
  const focused = interaction.options.getFocused(true);
  const spec: ArgumentSpec | undefined = command?.args[focused.name];
  // Suggestions show data (who is banned, which channels exist): only to those who may run it.
  if (
    !command ||
    !spec?.completion ||
    !hasRole(actorOf(interaction, context.roles), command.role)
  ) {
    return [];
  }
  const suggestions = await withinBudget(
    context.completions.suggest(
      spec.completion,
      String(focused.value),
      argumentValues(interaction),
    ),
  );
  const numeric = focused.type === ApplicationCommandOptionType.Integer;
  return (
    suggestions
      // The value goes back as the option's value: within Discord's limit, or not offered.
      .filter(({ value }) => value.length <= LIMITS.choiceText)
      .filter(({ value }) => !numeric || Number.isSafeInteger(Number(value)))
      .slice(0, LIMITS.choices)
      // The label is shown (a player as `ShadowFox (10003)`): made inert like all player
      // content, then cut to Discord's 100, since breaking every `<` and @here lengthens it (one
      // name over the limit and Discord refuses the whole answer).
      .map(({ label, value }) => ({
        name: cut(plainLine(label), LIMITS.choiceText),
        value: numeric ? Number(value) : value,
      }))
  );
}

function withinBudget(values: Promise<Suggestion[]>): Promise<Suggestion[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Suggestion[]>((resolve) => {
    timer = setTimeout(() => resolve([]), SUGGESTION_BUDGET_MS);
  });
  return Promise.race([values, late]).finally(() => clearTimeout(timer));
}
