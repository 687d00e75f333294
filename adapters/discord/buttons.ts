// A button carrying one of the core's action ids (`cw:…`: confirm, cancel, next page). The press
// is acknowledged at once without a new message (a confirmed ban calls the chat API), then the
// core decides what the press means and who may press it.
import type { ButtonInteraction } from "discord.js";
import { actorOf } from "./actor.js";
import type { HandlerContext } from "./context.js";
import { answerButton } from "./replies.js";
import { runSafely } from "./run-command.js";

export async function pressAction(
  interaction: ButtonInteraction,
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
    context.runner.press(interaction.customId, actor),
  );
  await answerButton(interaction, view, context.delivery);
}
