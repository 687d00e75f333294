// Putting a view in front of the right people once the interaction has been acknowledged.
//
// A deferred reply (deferReply) fixes its audience before the view exists, and Discord keeps it:
// the first follow-up after a deferral does not make a message but resolves the loading one,
// ignoring its own ephemeral flag (test/fakes/discord/rest.ts, followUp). run-command.ts defers
// for the audience the core foretells, so the view usually takes the loading message's place.
// When it wants the other audience, the loading message is resolved first, into a line for its
// own audience, and only then is the view sent as a follow-up, which is now a message of its own;
// the line is deleted after, unless it reports a failure to the channel (below).
//
// Errors after a public deferral (the chat API failing during /ban): the channel saw "chatwarden
// is thinking…" for an action, so it keeps a short public line saying that the action failed
// ("ban failed. Only the moderator who ran the command can see why."), and the detail goes to
// the invoker alone as a second, ephemeral follow-up. Other moderators thus never take a failed
// ban for a done one, and the chat API's words (codes, configuration hints) stay with the person
// who can act on them. Refusals, argument errors and the confirmation policy's questions never
// get here: they are foretold and deferred privately.
//
// A deferred update (deferUpdate on a button) has no loading message: its follow-ups are always
// new messages, so a view for another audience is sent first and the question it answers
// removed after; if anything fails in between, the result has already been delivered.
import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from "discord.js";
import { t, type View } from "../../src/index.js";
import { type Delivery, deliver, tokenDeadline } from "./delivery.js";
import { renderView } from "./render.js";

type DeferredReply =
  | ChatInputCommandInteraction
  | ModalSubmitInteraction
  | ButtonInteraction
  | StringSelectMenuInteraction;

/** After deferReply: the loading message becomes the view, or a line pointing to it. */
export async function answerDeferredReply(
  interaction: DeferredReply,
  view: View,
  deferredEphemeral: boolean,
  delivery: Delivery,
): Promise<void> {
  const deadline = tokenDeadline(interaction.createdTimestamp);
  const edit = (shown: View, what: string) =>
    deliver(what, () => interaction.editReply(renderView(shown)), deadline, delivery);
  if ((view.visibility === "private") === deferredEphemeral) {
    await edit(view, "reply");
    return;
  }
  const line = await edit(
    deferredEphemeral ? answeredInChannel() : lineForChannel(view),
    "loading message resolution",
  );
  // Sent even if the line could not be: the view then lands in the loading message, before the
  // wrong audience perhaps, but an answer nobody reads is worse.
  const sent = await followUp(interaction, view, deadline, delivery);
  // A failure is the outcome of what the channel saw start, so its line stays; any other line
  // only held the place (of a question the core could not foresee, say) and goes.
  const stays = !deferredEphemeral && failed(view);
  if (line && sent && !stays) {
    await deliver("placeholder removal", () => interaction.deleteReply(), deadline, delivery);
  }
}

/**
 * After deferUpdate on a button. A private message (a confirmation, a page of a list) is
 * replaced by a private view in place; a public view from it goes to the channel and the private
 * question is removed. A public message (a report, a result) is never overwritten: the answer
 * comes as a follow-up, private or public as the view says.
 */
export async function answerButton(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  view: View,
  delivery: Delivery,
): Promise<void> {
  const deadline = tokenDeadline(interaction.createdTimestamp);
  const onEphemeral = interaction.message.flags.has(MessageFlags.Ephemeral);
  if (onEphemeral && view.visibility === "private") {
    const message = renderView(view);
    await deliver("button answer", () => interaction.editReply(message), deadline, delivery);
    return;
  }
  const sent = await followUp(interaction, view, deadline, delivery);
  if (sent && onEphemeral) {
    await deliver("question removal", () => interaction.deleteReply(), deadline, delivery);
  }
}

function followUp(interaction: DeferredReply, view: View, deadline: number, delivery: Delivery) {
  const message = renderView(view);
  const flags = view.visibility === "private" ? MessageFlags.Ephemeral : undefined;
  return deliver("answer", () => interaction.followUp({ ...message, flags }), deadline, delivery);
}

/**
 * What the invoker's private loading message says for the moment the answer goes public. Made
 * for each answer, in its asker's language (a constant would be frozen in one).
 */
function answeredInChannel(): View {
  return { outcome: "info", title: t("discord.answeredInChannel"), visibility: "private" };
}

/** What the channel reads where it saw the bot thinking, when the answer is the invoker's. */
function lineForChannel(view: View): View {
  if (view.outcome === "confirm") {
    return {
      outcome: "info",
      title: t("discord.waitingForConfirmation"),
      description: t("discord.questionHidden"),
      visibility: "public",
    };
  }
  return {
    outcome: view.outcome,
    title: view.title,
    description: t(failed(view) ? "discord.failureHidden" : "discord.answerHidden"),
    visibility: "public",
  };
}

function failed(view: View): boolean {
  return view.outcome === "error" || view.outcome === "denied";
}
