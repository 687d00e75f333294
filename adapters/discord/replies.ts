// Putting a view in front of the right people once the interaction has been deferred. Discord
// fixes who sees the deferred reply before the view exists, so when the view wants the other
// audience (an error from a mutating command, a result confirmed from a private question) the
// view is sent as a follow-up to the right audience first and the placeholder deleted after:
// if anything fails in between, the result has already been delivered.
import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
} from "discord.js";
import type { View } from "../../src/moderation/view.js";
import { type Delivery, deliver, tokenDeadline } from "./delivery.js";
import { renderView } from "./render.js";

type DeferredReply = ChatInputCommandInteraction | ModalSubmitInteraction | ButtonInteraction;

/** After deferReply: the deferred reply becomes the view, or makes way for it. */
export async function answerDeferredReply(
  interaction: DeferredReply,
  view: View,
  deferredEphemeral: boolean,
  delivery: Delivery,
): Promise<void> {
  const deadline = tokenDeadline(interaction.createdTimestamp);
  const message = renderView(view);
  const wantsEphemeral = view.visibility === "private";
  if (wantsEphemeral === deferredEphemeral) {
    await deliver("reply", () => interaction.editReply(message), deadline, delivery);
    return;
  }
  const sent = await deliver(
    "reply",
    () =>
      interaction.followUp({
        ...message,
        flags: wantsEphemeral ? MessageFlags.Ephemeral : undefined,
      }),
    deadline,
    delivery,
  );
  if (sent)
    await deliver("placeholder removal", () => interaction.deleteReply(), deadline, delivery);
}

/**
 * After deferUpdate on a button. A private message (a confirmation, a page of a list) is
 * replaced by a private view in place; a public view from it goes to the channel and the private
 * question is removed. A public message (a report, a result) is never overwritten: the answer
 * comes as a follow-up, private or public as the view says.
 */
export async function answerButton(
  interaction: ButtonInteraction,
  view: View,
  delivery: Delivery,
): Promise<void> {
  const deadline = tokenDeadline(interaction.createdTimestamp);
  const message = renderView(view);
  const wantsEphemeral = view.visibility === "private";
  const onEphemeral = interaction.message.flags.has(MessageFlags.Ephemeral);
  if (onEphemeral && wantsEphemeral) {
    await deliver("button answer", () => interaction.editReply(message), deadline, delivery);
    return;
  }
  const sent = await deliver(
    "button answer",
    () =>
      interaction.followUp({
        ...message,
        flags: wantsEphemeral ? MessageFlags.Ephemeral : undefined,
      }),
    deadline,
    delivery,
  );
  if (sent && onEphemeral) {
    await deliver("question removal", () => interaction.deleteReply(), deadline, delivery);
  }
}
