// A moderator pressing a button on a message the bot posted (a report in the feed): the button
// is looked up in the message as the fake holds it now, so a button that an edit removed
// cannot be pressed, just as in Slack. The payload carries the message, its channel and ts as
// Slack's block_actions does for a message in a channel.
import type { FakeMessage } from "./channels.js";
import { blockActionsPayload, type SlackTestUser } from "./payloads.js";

export interface MessageButton {
  actionId: string;
  value?: string;
  label: string;
  /** The actions block's block_id; Slack makes one up when the app gave none. */
  blockId: string;
}

/** The buttons of a stored message, in order. */
export function buttonsOn(message: FakeMessage): MessageButton[] {
  return (message.blocks ?? []).flatMap((block, index) => {
    const record = block as { type?: string; block_id?: string; elements?: unknown[] };
    if (record.type !== "actions") return [];
    return (record.elements ?? []).flatMap((element) => {
      const button = element as {
        type?: string;
        action_id?: string;
        value?: string;
        text?: { text?: string };
      };
      if (button.type !== "button" || !button.action_id) return [];
      return [
        {
          actionId: button.action_id,
          value: button.value,
          label: button.text?.text ?? "",
          blockId: record.block_id ?? `block-${index}`,
        },
      ];
    });
  });
}

/** The block_actions payload of `user` pressing the button labelled (or with action id) `button`. */
export function messageClickPayload(options: {
  channel: string;
  message: FakeMessage;
  button: string;
  user: SlackTestUser;
  responseUrl: string;
}): Record<string, unknown> {
  const buttons = buttonsOn(options.message);
  const pressed = buttons.find(
    (candidate) => candidate.label === options.button || candidate.actionId === options.button,
  );
  if (!pressed) {
    const shown = buttons.map((candidate) => candidate.label).join(", ") || "none";
    throw new Error(
      `message ${options.message.ts} in ${options.channel} has no button "${options.button}" (buttons: ${shown})`,
    );
  }
  return blockActionsPayload({
    actionId: pressed.actionId,
    value: pressed.value,
    label: pressed.label,
    blockId: pressed.blockId,
    user: options.user,
    responseUrl: options.responseUrl,
    ephemeral: false,
    on: { channel: options.channel, message: { ...options.message } },
  });
}
