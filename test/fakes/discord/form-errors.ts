// Discord's answer to a body it refuses field by field: HTTP 400, code 50035 "Invalid Form Body",
// and an `errors` tree that follows the body's keys (array indexes as keys too) down to each
// refused field, whose `_errors` list says why; a refusal of the body as a whole sits at the
// root's `_errors` (https://discord.com/developers/docs/reference#error-messages: "Array
// Error", "Object Error" and "Request Error").
import type { RouteAnswer } from "./rest.js";

export interface RefusedField {
  /** The keys from the body down to the field; empty for the body as a whole. */
  path: string[];
  code: string;
  message: string;
}

export interface DiscordErrors {
  _errors?: { code: string; message: string }[];
  [key: string]: DiscordErrors | { code: string; message: string }[] | undefined;
}

/** The refusals as Discord's tree, each reason once per field. */
export function formErrors(refused: readonly RefusedField[]): DiscordErrors {
  const tree: DiscordErrors = {};
  for (const { path, code, message } of refused) {
    let node = tree;
    for (const key of path) {
      const next = (node[key] ?? {}) as DiscordErrors;
      node[key] = next;
      node = next;
    }
    const reasons = node._errors ?? [];
    if (!reasons.some((reason) => reason.code === code && reason.message === message)) {
      reasons.push({ code, message });
    }
    node._errors = reasons;
  }
  return tree;
}

export function invalidFormBody(errors: DiscordErrors): RouteAnswer {
  return { status: 400, body: { code: 50035, message: "Invalid Form Body", errors } };
}
