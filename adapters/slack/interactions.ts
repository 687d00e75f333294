// Clicks and form submissions. A `cw:` button is the core's (a confirmation, a page turn, a
// report's action): its id goes back to the runner. A `cwform:` button opens the form of a
// command (the core reads the request from the id), for someone who holds the command's role
// (anyone else hears why not, and no form opens); submitting the form runs that command, the
// role checked again. Every listener acks first and answers through a response_url.
import type { App, webApi } from "@slack/bolt";
import {
  ACTION_PREFIX,
  FORM_ACTION_PREFIX,
  hasRole,
  readFormAction,
  t,
  type View,
} from "../../src/index.js";
import { slackActor } from "./actor.js";
import { answerFailure } from "./failure.js";
import { FORM_CALLBACK_ID, formModal, parseFormMetadata, readFormSubmission } from "./form.js";
import { blockActionSchema, userName, viewSubmissionSchema } from "./payloads.js";
import { answerPress, answerWithNewMessage, responseUrlPoster } from "./reply.js";
import { type ListenerContext, presentedFor } from "./slash-commands.js";

export function registerInteractions(app: App, context: ListenerContext): void {
  app.action({ type: "block_actions", action_id: startsWith(ACTION_PREFIX) }, async (args) => {
    await args.ack();
    await context.work.run("button", () =>
      presentedFor(context, args.body, () => answerButton(args.body, context)),
    );
  });
  app.action({ type: "block_actions", action_id: startsWith(FORM_ACTION_PREFIX) }, async (args) => {
    await args.ack();
    // The form is built in the clicker's language: its lookup counts against the trigger_id's
    // 3 s as it did before the ack, at most a second of them.
    await context.work.run("form button", () =>
      presentedFor(context, args.body, () => openForm(args.body, args.client, context)),
    );
  });
  // A form's ack may carry its errors, in the submitter's language: the only ack that waits for
  // it (the form's button looked it up a moment before: it is kept).
  app.view({ callback_id: FORM_CALLBACK_ID, type: "view_submission" }, ({ body, ack }) =>
    presentedFor(context, body, async () => {
      const submission = readSubmission(body, context);
      if (submission.kind === "invalid") {
        // Slack shows each message under its field and keeps the form open.
        await ack({ response_action: "errors", errors: submission.errors });
        return;
      }
      await ack();
      if (submission.kind === "run") {
        await context.work.run("form submission", submission.run);
      }
    }),
  );
}

function startsWith(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

async function answerButton(body: unknown, context: ListenerContext): Promise<void> {
  const payload = blockActionSchema.parse(body);
  const respond = payload.response_url ? responseUrlPoster(payload.response_url) : undefined;
  try {
    const actor = slackActor({ id: payload.user.id, name: userName(payload.user) }, context.roles);
    const [action] = payload.actions;
    if (!action) return;
    // A menu's choice (a card's "Dismiss one report…") is pressed as its option's action id.
    const pressed = action.selected_option?.value ?? action.action_id;
    const view = await context.runner.press(pressed, actor);
    if (!respond) {
      context.logger.warn({ title: view.title }, "a Slack click came without a response_url");
      return;
    }
    await answerPress(respond, view, { ephemeral: payload.container?.is_ephemeral ?? false });
  } catch (error) {
    await answerFailure(respond, error, context.logger, "button");
  }
}

async function openForm(
  body: unknown,
  client: webApi.WebClient,
  context: ListenerContext,
): Promise<void> {
  const payload = blockActionSchema.parse(body);
  if (!payload.response_url) {
    context.logger.warn("a Slack form button came without a response_url; no form opened");
    return;
  }
  const respond = responseUrlPoster(payload.response_url);
  const [pressed] = payload.actions;
  // The action_id is the form's id. A button posted before it was had a plain `cwform:` action_id
  // and the request as JSON in its value, which the core still reads.
  const request =
    pressed && (readFormAction(pressed.action_id) ?? readFormAction(pressed.value ?? ""));
  const command = request && context.runner.find(request.command);
  const actor = slackActor({ id: payload.user.id, name: userName(payload.user) }, context.roles);
  if (request && command && !hasRole(actor, command.role)) {
    // A form that cannot succeed is not shown: the core words the refusal and records the denial.
    try {
      const view = await context.runner.run({ command: command.name, args: request.args, actor });
      await answerWithNewMessage(respond, view);
    } catch (error) {
      await answerFailure(respond, error, context.logger, "form button");
    }
    return;
  }
  // What the id cannot carry (a report's message) is looked up in the store: a quick read, well
  // within the trigger_id's 3 s.
  const prefilled = request && command && (await context.runner.prefilledForm(request, actor));
  const modal =
    prefilled && command && formModal(command, { ...prefilled, responseUrl: payload.response_url });
  if (!modal || !payload.trigger_id) {
    await answerWithNewMessage(
      respond,
      notice(t("slack.form.unavailable"), t("slack.form.unavailableHint")),
    );
    return;
  }
  try {
    // The trigger_id is valid for 3 s from the click: open the modal before anything else.
    await client.views.open({ trigger_id: payload.trigger_id, view: modal });
  } catch (error) {
    context.logger.warn(
      { error: error instanceof Error ? error.message : String(error) },
      "Slack did not open the form",
    );
    await answerWithNewMessage(
      respond,
      notice(t("slack.form.notOpened"), t("slack.form.notOpenedHint")),
    );
  }
}

type Submission =
  | { kind: "invalid"; errors: Record<string, string> }
  | { kind: "run"; run: () => Promise<void> }
  | { kind: "ignored" };

function readSubmission(body: unknown, context: ListenerContext): Submission {
  const payload = viewSubmissionSchema.safeParse(body);
  const metadata = payload.success
    ? parseFormMetadata(payload.data.view.private_metadata)
    : undefined;
  const command = metadata && context.runner.find(metadata.command);
  if (!payload.success || !metadata || !command) {
    context.logger.warn("a Slack form submission did not carry a known command; ignored");
    return { kind: "ignored" };
  }
  const outcome = readFormSubmission(command, metadata, payload.data.view.state?.values);
  if (!outcome.ok) return { kind: "invalid", errors: outcome.errors };
  const { user } = payload.data;
  return {
    kind: "run",
    run: async () => {
      const respond = responseUrlPoster(metadata.responseUrl);
      try {
        const actor = slackActor({ id: user.id, name: userName(user) }, context.roles);
        const view = await context.runner.run({
          command: command.name,
          args: outcome.args,
          actor,
        });
        await answerWithNewMessage(respond, view);
      } catch (error) {
        await answerFailure(respond, error, context.logger, "form submission");
      }
    },
  };
}

function notice(title: string, description: string): View {
  return { outcome: "warning", title, description, visibility: "private" };
}
