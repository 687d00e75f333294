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
export function answerDeferredReply(
  interaction: DeferredReply,
  view: View,
  deferredEphemeral: boolean,
  delivery: Delivery,
): Promise<void> {
  return place(interaction, view, delivery, {
    what: "reply",
    inPlace: (view.visibility === "private") === deferredEphemeral,
    removeAfterFollowUp: "placeholder removal",
  });
}

/**
 * After deferUpdate on a button. A private message (a confirmation, a page of a list) is
 * replaced by a private view in place; a public view from it goes to the channel and the private
 * question is removed. A public message (a report, a result) is never overwritten: the answer
 * comes as a follow-up, private or public as the view says.
 */
export function answerButton(
  interaction: ButtonInteraction,
  view: View,
  delivery: Delivery,
): Promise<void> {
  const onEphemeral = interaction.message.flags.has(MessageFlags.Ephemeral);
  return place(interaction, view, delivery, {
    what: "button answer",
    inPlace: onEphemeral && view.visibility === "private",
    removeAfterFollowUp: onEphemeral ? "question removal" : undefined,
  });
}

/**
 * Edits the interaction's message into the view, or sends the view as a follow-up to its own
 * audience and then (when named) removes the message it replaces: delivered first, tidied after.
 */
async function place(
  interaction: DeferredReply,
  view: View,
  delivery: Delivery,
  how: { what: string; inPlace: boolean; removeAfterFollowUp: string | undefined },
): Promise<void> {
  const deadline = tokenDeadline(interaction.createdTimestamp);
  const message = renderView(view);
  if (how.inPlace) {
    await deliver(how.what, () => interaction.editReply(message), deadline, delivery);
    return;
  }
  const flags = view.visibility === "private" ? MessageFlags.Ephemeral : undefined;
  const sent = await deliver(
    how.what,
    () => interaction.followUp({ ...message, flags }),
    deadline,
    delivery,
  );
  const removal = how.removeAfterFollowUp;
  if (sent && removal) {
    await deliver(removal, () => interaction.deleteReply(), deadline, delivery);
  }
}
