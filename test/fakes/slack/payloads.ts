// What Slack sends, built the way Slack builds it: slash commands as form fields, clicks and
// form submissions as an `interactive` payload (in HTTP mode a JSON string in a `payload` field).
export interface SlackTestUser {
  id: string;
  name: string;
}

export const TEAM_ID = "T0FAKE";
export const CHANNEL_ID = "C0MODS";

export function slashCommandPayload(options: {
  command: string;
  text: string;
  user: SlackTestUser;
  responseUrl: string;
}): Record<string, string> {
  return {
    token: "deprecated-verification-token",
    team_id: TEAM_ID,
    team_domain: "fake",
    channel_id: CHANNEL_ID,
    channel_name: "moderation",
    user_id: options.user.id,
    user_name: options.user.name,
    command: options.command,
    // Slack escapes these three in the text it sends.
    text: options.text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
    api_app_id: "A0FAKE",
    response_url: options.responseUrl,
    trigger_id: `trigger-${Date.now()}`,
  };
}

/** The message a button sat on, when it was a stored (not ephemeral) one. */
export interface ClickedMessage {
  channel: string;
  /** The message as conversations.history returns it; Slack sends it whole with the click. */
  message: { ts: string } & Record<string, unknown>;
}

export function blockActionsPayload(options: {
  actionId: string;
  value?: string;
  user: SlackTestUser;
  responseUrl: string;
  ephemeral: boolean;
  /** Where the button was; without it, a message in CHANNEL_ID that the payload does not carry. */
  on?: ClickedMessage;
  /** The block_id of the actions block the button sat in. */
  blockId?: string;
  /** The button's label. */
  label?: string;
}): Record<string, unknown> {
  const channelId = options.on?.channel ?? CHANNEL_ID;
  return {
    type: "block_actions",
    team: { id: TEAM_ID, domain: "fake" },
    user: {
      id: options.user.id,
      username: options.user.name,
      name: options.user.name,
      team_id: TEAM_ID,
    },
    api_app_id: "A0FAKE",
    token: "deprecated-verification-token",
    container: {
      type: "message",
      message_ts: options.on?.message.ts ?? "1700000000.000100",
      channel_id: channelId,
      is_ephemeral: options.ephemeral,
    },
    trigger_id: `trigger-${Date.now()}`,
    channel: { id: channelId, name: "moderation" },
    ...(options.on ? { message: options.on.message, state: { values: {} } } : {}),
    response_url: options.responseUrl,
    actions: [
      {
        type: "button",
        action_id: options.actionId,
        block_id: options.blockId ?? "actions",
        value: options.value,
        text: { type: "plain_text", text: options.label ?? "button" },
        action_ts: "1700000001.000200",
      },
    ],
  };
}

/** A submission of a modal the adapter opened: `view` is what views.open was given. */
export function viewSubmissionPayload(options: {
  view: { callback_id: string; private_metadata?: string };
  values: Record<string, string>;
  user: SlackTestUser;
}): Record<string, unknown> {
  const state = Object.fromEntries(
    Object.entries(options.values).map(([blockId, value]) => [
      blockId,
      { value: { type: "plain_text_input", value } },
    ]),
  );
  return {
    type: "view_submission",
    team: { id: TEAM_ID, domain: "fake" },
    user: {
      id: options.user.id,
      username: options.user.name,
      name: options.user.name,
      team_id: TEAM_ID,
    },
    api_app_id: "A0FAKE",
    token: "deprecated-verification-token",
    trigger_id: `trigger-${Date.now()}`,
    view: {
      id: "V0FAKE",
      team_id: TEAM_ID,
      type: "modal",
      callback_id: options.view.callback_id,
      private_metadata: options.view.private_metadata ?? "",
      state: { values: state },
      hash: "1700000000.fake",
    },
    response_urls: [],
  };
}
