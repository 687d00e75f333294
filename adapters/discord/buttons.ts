// A button carrying one of the core's action ids (`cw:…`: confirm, cancel, next page), or a
// menu's option carrying one as its value (a card's "Dismiss one report…"): the choice is pressed
// as its button would be. The press is acknowledged at once without a new message (a confirmed
// ban calls the chat API), then the core decides what the press means and who may press it.
import type { ButtonInteraction, StringSelectMenuInteraction } from "discord.js";
import { actorOf } from "./actor.js";
import type { HandlerContext } from "./context.js";
import { answerButton } from "./replies.js";
import { runSafely } from "./run-command.js";

export async function pressAction(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  context: HandlerContext,
): Promise<void> {
  try {
    await interaction.deferUpdate();
  } catch (error) {
    context.logger.error({ err: error }, "could not acknowledge a Discord button");
    return;
  }
  const actor = actorOf(interaction, context.roles);
  const view = await runSafely(context.logger, () =>
    context.runner.press(pressedId(interaction), actor),
  );
  await answerButton(interaction, view, context.delivery);
}

/** A button's own id; for a menu (one choice at a time), the chosen option's value. */
function pressedId(interaction: ButtonInteraction | StringSelectMenuInteraction): string {
  if (interaction.isButton()) return interaction.customId;
  return interaction.values[0] ?? interaction.customId;
}
