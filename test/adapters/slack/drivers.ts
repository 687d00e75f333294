// What Slack sends, in either mode: in HTTP mode signed requests to /slack/events, in Socket Mode
// envelopes on the websocket. Each call resolves when the app has acked.
import {
  blockActionsPayload,
  type SlackTestUser,
  slashCommandPayload,
  viewSubmissionPayload,
} from "../../fakes/slack/payloads.js";
import type { FakeSlack, MessageClick } from "../../fakes/slack/server.js";
import { postSigned, type SigningOverrides } from "../../fakes/slack/signing.js";

export const SIGNING_SECRET = "fake-signing-secret-for-tests";

export interface Delivered {
  /** The HTTP status of the ack (200 in Socket Mode, where the ack is an envelope). */
  status: number;
  /** What the app acked with: empty, or a response_action for a form. */
  ackBody: unknown;
  ackedAt: number;
  responseUrl: string;
}

export interface SlackDriver {
  slash(
    user: SlackTestUser,
    command: string,
    text: string,
    signing?: SigningOverrides,
  ): Promise<Delivered>;
  click(
    user: SlackTestUser,
    actionId: string,
    options?: { value?: string; ephemeral?: boolean; responseUrl?: string },
  ): Promise<Delivered>;
  submit(
    user: SlackTestUser,
    view: { callback_id: string; private_metadata?: string },
    values: Record<string, string>,
  ): Promise<Delivered>;
  /** A click or choice the fake made on a message it holds (clickOn, chooseOn). */
  interact(click: MessageClick): Promise<Delivered>;
}

export function httpDriver(endpoint: string, fake: FakeSlack): SlackDriver {
  const send = async (
    body: string,
    contentType: string,
    responseUrl: string,
    signing?: SigningOverrides,
  ) => {
    const answer = await postSigned(endpoint, body, contentType, SIGNING_SECRET, signing);
    return {
      status: answer.status,
      ackBody: answer.body ? JSON.parse(answer.body) : undefined,
      ackedAt: answer.answeredAt,
      responseUrl,
    };
  };
  const interactive = (payload: Record<string, unknown>, responseUrl: string) =>
    send(
      new URLSearchParams({ payload: JSON.stringify(payload) }).toString(),
      "application/x-www-form-urlencoded",
      responseUrl,
    );
  return {
    slash(user, command, text, signing) {
      const responseUrl = fake.responses.newUrl();
      const payload = slashCommandPayload({ command, text, user, responseUrl });
      return send(
        new URLSearchParams(payload).toString(),
        "application/x-www-form-urlencoded",
        responseUrl,
        signing,
      );
    },
    click(user, actionId, options = {}) {
      const responseUrl = options.responseUrl ?? fake.responses.newUrl();
      const payload = blockActionsPayload({
        actionId,
        value: options.value,
        user,
        responseUrl,
        ephemeral: options.ephemeral ?? true,
      });
      return interactive(payload, responseUrl);
    },
    submit(user, view, values) {
      return interactive(viewSubmissionPayload({ view, values, user }), "");
    },
    interact: (click) => interactive(click.payload, click.responseUrl),
  };
}

export function socketDriver(fake: FakeSlack): SlackDriver {
  const deliver = async (
    type: "slash_commands" | "interactive",
    payload: unknown,
    responseUrl: string,
  ): Promise<Delivered> => {
    const ack = await fake.socketMode.deliver(type, payload);
    return { status: 200, ackBody: ack.payload, ackedAt: ack.at, responseUrl };
  };
  return {
    slash(user, command, text) {
      const responseUrl = fake.responses.newUrl();
      return deliver(
        "slash_commands",
        slashCommandPayload({ command, text, user, responseUrl }),
        responseUrl,
      );
    },
    click(user, actionId, options = {}) {
      const responseUrl = options.responseUrl ?? fake.responses.newUrl();
      const payload = blockActionsPayload({
        actionId,
        value: options.value,
        user,
        responseUrl,
        ephemeral: options.ephemeral ?? true,
      });
      return deliver("interactive", payload, responseUrl);
    },
    submit(user, view, values) {
      return deliver("interactive", viewSubmissionPayload({ view, values, user }), "");
    },
    interact: (click) => deliver("interactive", click.payload, click.responseUrl),
  };
}
