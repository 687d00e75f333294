// The path of a command typed as a slash command or submitted through a form: defer at once
// (the chat API may take longer than Discord's 3 s), run it through the core, answer with the
// view. Results of mutating commands are for the channel, the rest for the invoker; the defer
// has to choose before the view exists, so it chooses from the command and the invoker's role,
// and replies.ts moves the view if it turns out otherwise (an error, a confirmation question).
import {
  type ChatInputCommandInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
} from "discord.js";
import type { Logger } from "../../src/log.js";
import { hasRole } from "../../src/moderation/roles.js";
import type { View } from "../../src/moderation/view.js";
import { actorOf } from "./actor.js";
import type { HandlerContext } from "./context.js";
import { answerDeferredReply } from "./replies.js";

export async function runAndAnswer(
  interaction: ChatInputCommandInteraction | ModalSubmitInteraction,
  command: string,
  args: Record<string, unknown>,
  context: HandlerContext,
): Promise<void> {
  const actor = actorOf(interaction, context.roles);
  const declared = context.runner.find(command);
  const ephemeral = !(declared?.mutates && hasRole(actor, declared.role));
  try {
    await interaction.deferReply({ flags: ephemeral ? MessageFlags.Ephemeral : undefined });
  } catch (error) {
    // Without the acknowledgement no answer can reach the moderator, and acting anyway would
    // ban someone while Discord says "did not respond": the command is not run.
    context.logger.error({ err: error, command }, "could not acknowledge a Discord interaction");
    return;
  }
  const view = await runSafely(context.logger, () => context.runner.run({ command, args, actor }));
  await answerDeferredReply(interaction, view, ephemeral, context.delivery);
}

/** The runner answers every failure it knows with a view; anything else becomes one here. */
export async function runSafely(logger: Logger, run: () => Promise<View>): Promise<View> {
  try {
    return await run();
  } catch (error) {
    logger.error({ err: error }, "a Discord interaction failed inside chatwarden");
    return {
      outcome: "error",
      title: "Something went wrong",
      description: "Something went wrong inside chatwarden; the details are in its log.",
      visibility: "private",
    };
  }
}
