// Slash commands: one listener per top-level name of the catalogue plus the umbrella
// /chatwarden. Each acks at once (Slack's 3 s), then runs the command and answers through the
// response_url, however long the chat API takes.
import type { App, webApi } from "@slack/bolt";
import {
  type AnyCommand,
  type CommandRunner,
  type InFlight,
  type Logger,
  type Presentation,
  presenting,
} from "../../src/index.js";
import { type SlackRoleLists, slackActor } from "./actor.js";
import { answerFailure } from "./failure.js";
import { formButton } from "./form.js";
import { shareViewImage } from "./image-upload.js";
import { planSlashCommand, slashCommandNames } from "./parse.js";
import { slashCommandSchema } from "./payloads.js";
import { answerWithNewMessage, responseUrlPoster } from "./reply.js";
import { commandsOfGroup, usageView } from "./usage.js";

export interface ListenerContext {
  runner: CommandRunner;
  roles: SlackRoleLists;
  logger: Logger;
  work: InFlight;
  /**
   * How to present what is said to the sender of `body`: in their Slack language, else the
   * team's (user-locale.ts). It may ask Slack (users.info, up to a second): a listener acks
   * first, and asks after, unless its ack itself says something (a form's errors).
   */
  presentationOf: (body: unknown) => Promise<Presentation>;
}

/** Runs `work` presented for the sender of `body`; the ack has gone already. */
export async function presentedFor<T>(
  context: ListenerContext,
  body: unknown,
  work: () => Promise<T>,
): Promise<T> {
  return presenting(await context.presentationOf(body), work);
}

/**
 * Registers one listener for every name; returns the slash command names, without their slash.
 * One, not one per name: bolt runs every listener's middleware on every request it receives.
 */
export function registerSlashCommands(app: App, context: ListenerContext): string[] {
  const names = slashCommandNames(context.runner.catalogue);
  app.command(commandPattern(names), async ({ command, ack, client }) => {
    await ack();
    const name = command.command.slice(1);
    await context.work.run(`/${name}`, () =>
      presentedFor(context, command, () => answerSlashCommand(name, command, context, client)),
    );
  });
  return names;
}

/** `/ban`, `/bans`, … exactly. Names are words (declaration-rules.ts): nothing to escape. */
function commandPattern(names: readonly string[]): RegExp {
  return new RegExp(`^/(?:${names.join("|")})$`);
}

async function answerSlashCommand(
  slash: string,
  body: unknown,
  context: ListenerContext,
  client: webApi.WebClient,
): Promise<void> {
  const payload = slashCommandSchema.parse(body);
  const respond = responseUrlPoster(payload.response_url);
  const { runner, roles } = context;
  try {
    const plan = planSlashCommand(slash, payload.text, runner.catalogue);
    if (plan.kind === "usage") {
      const view = usageView(runner.catalogue, { slash, ...plan });
      const forms = plan.group === undefined ? [] : commandsOfGroup(runner.catalogue, plan.group);
      await answerWithNewMessage(respond, view, { extraButtons: formButtons(forms) });
      return;
    }
    const actor = slackActor({ id: payload.user_id, name: payload.user_name }, roles);
    const view = await runner.run({ command: plan.command, args: plan.args, actor });
    await answerWithNewMessage(respond, view);
    await shareViewImage(
      client,
      { channelId: payload.channel_id, userId: payload.user_id },
      view,
      context.logger,
    );
  } catch (error) {
    await answerFailure(respond, error, context.logger, `/${slash}`);
  }
}

/** A "Ban…" button for each command that takes arguments: the same command, as a form. */
function formButtons(commands: readonly AnyCommand[]) {
  return commands
    .filter((command) => Object.keys(command.args).length > 0)
    .flatMap((command) => formButton(command.name) ?? []);
}
