// The spec leaves several answers open (chat-v1-spec.md §4.11, samples "Gaps the bot must
// survive"). The emulator picks one answer per gap by default and lets tests switch to the
// others, so the bot is shown to cope with whatever a real deployment does.
import { z } from "zod";

export interface EmulatorBehaviour {
  /** PUT /bad_word_list: the sent list replaces the language's list, or is added to it. */
  badWordPut: "replace" | "merge";
  /**
   * PUT /block_user_chat for a user whose ban is still running:
   * - "extend": count + 1, the period restarts now and lasts the new `days`;
   * - "stack": count + 1, the start stays, `days` are added to the current end;
   * - "conflict": 409, the running ban is left as it is.
   */
  rebanning: "extend" | "stack" | "conflict";
  /** DELETE /open_channels of a name the group does not have: 200 [] or 404. */
  deleteMissingChannel: "empty" | "not-found";
  /** DELETE /block_user_chat of a user with no running ban: 200 with the body echoed, or 404. */
  unbanMissingUser: "echo" | "not-found";
  /** PUT /open_channels of a name the group already has: 409, or one more channel number. */
  createExistingChannel: "conflict" | "add-number";
  /**
   * POST /system_message is the vendor's, outside the spec: a deployment may have it or not.
   * "absent" answers its path as any unknown path (404), as an API without the endpoint would.
   */
  systemMessage: "offered" | "absent";
}

export const DEFAULT_BEHAVIOUR: Readonly<EmulatorBehaviour> = Object.freeze({
  badWordPut: "replace",
  rebanning: "extend",
  deleteMissingChannel: "empty",
  unbanMissingUser: "echo",
  createExistingChannel: "conflict",
  systemMessage: "offered",
});

/** A partial behaviour as the control surface receives it; unknown keys are typos, so rejected. */
export const behaviourPatchSchema = z.strictObject({
  badWordPut: z.enum(["replace", "merge"]).optional(),
  rebanning: z.enum(["extend", "stack", "conflict"]).optional(),
  deleteMissingChannel: z.enum(["empty", "not-found"]).optional(),
  unbanMissingUser: z.enum(["echo", "not-found"]).optional(),
  createExistingChannel: z.enum(["conflict", "add-number"]).optional(),
  systemMessage: z.enum(["offered", "absent"]).optional(),
});

/** `base` with the fields `patch` sets; fields the patch leaves undefined keep their value. */
export function patchBehaviour(
  base: EmulatorBehaviour,
  patch: Partial<EmulatorBehaviour>,
): EmulatorBehaviour {
  const checked = behaviourPatchSchema.parse(patch);
  return {
    badWordPut: checked.badWordPut ?? base.badWordPut,
    rebanning: checked.rebanning ?? base.rebanning,
    deleteMissingChannel: checked.deleteMissingChannel ?? base.deleteMissingChannel,
    unbanMissingUser: checked.unbanMissingUser ?? base.unbanMissingUser,
    createExistingChannel: checked.createExistingChannel ?? base.createExistingChannel,
    systemMessage: checked.systemMessage ?? base.systemMessage,
  };
}
