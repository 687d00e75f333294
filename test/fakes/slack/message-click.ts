// A moderator pressing a button on a message the bot posted (a report in the feed): the button
// is looked up in the message as the fake holds it now, so a button that an edit removed
// cannot be pressed, just as in Slack. The payload carries the message, its channel and ts as
// Slack's block_actions does for a message in a channel. A choice in a menu (static_select) is
// looked up alike: only an option the message shows now can be chosen.
import { z } from "zod";
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

/**
 * The block_actions payload of `user` choosing `value` in the static_select `actionId` of the
 * message as the fake holds it now: Slack sends the chosen option as `selected_option` (text and
 * value), the action typed `static_select`
 * (https://docs.slack.dev/reference/interaction-payloads/block_actions-payload, and the
 * static_select's own page). Only an option the menu shows can be chosen: anything else throws.
 */
export function messageChoicePayload(options: {
  channel: string;
  message: FakeMessage;
  actionId: string;
  value: string;
  user: SlackTestUser;
  responseUrl: string;
}): Record<string, unknown> {
  const menu = selectsOn(options.message).find((found) => found.actionId === options.actionId);
  if (!menu) {
    throw new Error(`message ${options.message.ts} has no menu ${options.actionId}`);
  }
  const chosen = menu.options.find((candidate) => candidate.value === options.value);
  if (!chosen) throw new Error(`menu ${options.actionId} offers no ${options.value}`);
  const payload = blockActionsPayload({
    actionId: options.actionId,
    user: options.user,
    responseUrl: options.responseUrl,
    ephemeral: false,
    on: { channel: options.channel, message: { ...options.message } },
  });
  return {
    ...payload,
    actions: [
      {
        type: "static_select",
        action_id: options.actionId,
        block_id: menu.blockId,
        selected_option: chosen,
        placeholder: menu.placeholder,
        action_ts: "1700000001.000200",
      },
    ],
  };
}

const selectSchema = z
  .object({
    type: z.literal("static_select"),
    action_id: z.string(),
    placeholder: z.unknown().optional(),
    options: z.array(z.object({ text: z.unknown(), value: z.string() }).loose()),
  })
  .loose();

/** The static_select menus of a stored message, in order. */
function selectsOn(message: FakeMessage) {
  return (message.blocks ?? []).flatMap((block, index) => {
    const record = block as { type?: string; block_id?: string; elements?: unknown[] };
    if (record.type !== "actions") return [];
    return (record.elements ?? []).flatMap((element) => {
      const parsed = selectSchema.safeParse(element);
      if (!parsed.success) return [];
      const { action_id, placeholder, options } = parsed.data;
      return [
        { actionId: action_id, placeholder, options, blockId: record.block_id ?? `block-${index}` },
      ];
    });
  });
}
