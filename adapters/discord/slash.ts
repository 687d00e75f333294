// A slash command: its name and options, straight to the core (run-command.ts).
import type { ChatInputCommandInteraction } from "discord.js";
import { argumentValues, commandNameOf } from "./command-input.js";
import type { HandlerContext } from "./context.js";
import { runAndAnswer } from "./run-command.js";

export function handleSlashCommand(
  interaction: ChatInputCommandInteraction,
  context: HandlerContext,
): Promise<void> {
  return runAndAnswer(
    interaction,
    commandNameOf(interaction),
    argumentValues(interaction),
    context,
  );
}
