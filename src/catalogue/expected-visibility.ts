// Who will see the answer to a request, told before it runs. Discord fixes an answer's audience
// when the interaction is deferred, before the handler has said anything, so an adapter asks
// here first. The answer follows CommandRunner.run step by step: a refusal (role missing), an
// argument error and a confirmation question are for the invoker, as is every answer of a
// command that changes nothing; only a change that will go ahead is for the channel. The
// arguments tell all of that. What only the chat API knows cannot be foretold (an error, or a
// question `reviseConfirm` adds or drops once it has read the running ban or the word list), and
// an adapter must still place such an answer (adapters/discord/replies.ts).
import { type Actor, hasRole } from "../moderation/roles.js";
import type { View } from "../view/view.js";
import type { AnyCommand, ModerationSettings } from "./command.js";
import { parseArguments } from "./parse-arguments.js";

export function expectedVisibility(
  command: AnyCommand | undefined,
  rawArgs: Record<string, unknown>,
  settings: ModerationSettings,
  actor: Actor,
): View["visibility"] {
  if (!command?.mutates || !hasRole(actor, command.role)) return "private";
  const parsed = parseArguments(command, rawArgs);
  if (!parsed.ok) return "private";
  const question = command.confirm?.(parsed.args, settings);
  return question ? "private" : "public";
}
