// The path of a command typed as a slash command or submitted through a form: defer at once
// (the chat API may take longer than Discord's 3 s), run it through the core, answer with the
// view. The deferral fixes who sees the answer: Discord applies the first follow-up after it to
// the loading message, keeping the deferral's visibility (test/fakes/discord/rest.ts, followUp),
// so a private answer cannot be sent after a public deferral and the placeholder deleted. The
// core tells from the arguments, before anything runs, who the answer is for: questions,
// refusals and argument errors privately, the result of a change publicly. What it cannot
// foretell (a chat API error after a public deferral) replies.ts places.
import {
  type ChatInputCommandInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
} from "discord.js";
import { type CommandRequest, type Logger, t, type View } from "../../src/index.js";
import { actorOf } from "./actor.js";
import type { HandlerContext } from "./context.js";
import { answerDeferredReply } from "./replies.js";

export async function runAndAnswer(
  interaction: ChatInputCommandInteraction | ModalSubmitInteraction,
  command: string,
  args: Record<string, unknown>,
  context: HandlerContext,
): Promise<void> {
  const request = { command, args, actor: actorOf(interaction, context.roles) };
  const ephemeral = audienceOf(request, context) === "private";
  try {
    await interaction.deferReply({ flags: ephemeral ? MessageFlags.Ephemeral : undefined });
  } catch (error) {
    // Without the acknowledgement no answer can reach the moderator, and acting anyway would
    // ban someone while Discord says "did not respond": the command is not run.
    context.logger.error({ err: error, command }, "could not acknowledge a Discord interaction");
    return;
  }
  const view = await runSafely(context.logger, () => context.runner.run(request));
  await answerDeferredReply(interaction, view, ephemeral, context.delivery);
}

/**
 * Who the answer is for, as the core foretells it. The deferral cannot wait: if foretelling
 * fails, the answer is deferred privately, where the error that running it will give belongs.
 */
function audienceOf(request: CommandRequest, context: HandlerContext): View["visibility"] {
  try {
    return context.runner.expectedVisibility(request);
  } catch (error) {
    context.logger.error({ err: error }, "could not tell who a Discord answer is for");
    return "private";
  }
}

/** The runner answers every failure it knows with a view; anything else becomes one here. */
export async function runSafely(logger: Logger, run: () => Promise<View>): Promise<View> {
  try {
    return await run();
  } catch (error) {
    logger.error({ err: error }, "a Discord interaction failed inside chatwarden");
    return {
      outcome: "error",
      title: t("common.internalError.title"),
      description: t("common.internalError.description"),
      visibility: "private",
    };
  }
}
