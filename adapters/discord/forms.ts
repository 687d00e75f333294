// Forms: a button whose custom id names a command and some of its arguments opens a modal for
// the rest, and submitting it runs the command. "Ban…" on a report is
// `cwform:ban?gamer_id=42&~reason=report+%2312` (the core makes and reads these ids, see
// src/view/form-action.ts): the modal asks for days and reason (the reason already filled
// in, still editable), derived from ban's own declarations, so any command can be offered as a
// form with no code for it here. The modal keeps the button's custom id, so its submission
// carries the same request.
import {
  type APILabelComponent,
  type APITextInputComponent,
  type ButtonInteraction,
  ComponentType,
  MessageFlags,
  type ModalSubmitInteraction,
  TextInputStyle,
} from "discord.js";
import {
  type AnyCommand,
  type ArgumentSpec,
  formArguments,
  hasRole,
  readFormAction,
} from "../../src/index.js";
import { actorOf } from "./actor.js";
import type { HandlerContext } from "./context.js";
import { LIMITS } from "./limits.js";
import { answerDeferredReply } from "./replies.js";
import { runAndAnswer, runSafely } from "./run-command.js";
import { cut, plainLine } from "./text.js";

/** The button was pressed: show the form, or say at once why there is none. */
export async function openForm(
  interaction: ButtonInteraction,
  context: HandlerContext,
): Promise<void> {
  const request = readFormAction(interaction.customId);
  const command = request ? context.runner.find(request.command) : undefined;
  const actor = actorOf(interaction, context.roles);
  if (!request || !command || !hasRole(actor, command.role)) {
    // The core words the refusal (and records a denial); no modal for a form that cannot succeed.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const view = await runSafely(context.logger, () =>
      context.runner.run({
        command: request?.command ?? interaction.customId,
        args: request?.args ?? {},
        actor,
      }),
    );
    await answerDeferredReply(interaction, view, true, context.delivery);
    return;
  }
  // What the id cannot carry (a report's message) is looked up in the store first: a quick read,
  // well within the 3 s Discord gives the modal.
  const prefilled = await context.runner.prefilledForm(request, actor);
  await interaction.showModal({
    custom_id: interaction.customId,
    // Shown as plain text: the player id it names is made inert like every slot, then cut.
    title: cut(
      plainLine([command.name, ...Object.values(request.args)].join(" ")),
      LIMITS.modalTitle,
    ),
    components: formFields(command, request.args, prefilled.defaults),
  });
}

/**
 * The form was submitted: its fields and the preset arguments run the command. The prefills are
 * not added again: what the moderator left in the field is what counts, emptied or not.
 */
export async function submitForm(
  interaction: ModalSubmitInteraction,
  context: HandlerContext,
): Promise<void> {
  const request = readFormAction(interaction.customId);
  if (!request) return;
  const typed: Record<string, string> = {};
  for (const [name, field] of interaction.fields.fields) {
    if (field.type === ComponentType.TextInput) typed[name] = field.value;
  }
  await runAndAnswer(interaction, request.command, { ...typed, ...request.args }, context);
}

/** A labelled text input: the only kind of field a derived form has. */
export type FormField = APILabelComponent & { component: APITextInputComponent };

/**
 * One text input per argument not preset, required ones first, at most five (Discord's limit),
 * filled in with its default when there is one.
 */
export function formFields(
  command: AnyCommand,
  preset: Record<string, string>,
  defaults: Record<string, string> = {},
): FormField[] {
  const open = formArguments(command, preset);
  const ordered = [...open.filter(([, s]) => s.required), ...open.filter(([, s]) => !s.required)];
  return ordered.slice(0, LIMITS.modalFields).map(([name, spec]) => {
    const maxLength = Math.min(spec.maxLength ?? LIMITS.textInputValue, LIMITS.textInputValue);
    const value = defaults[name];
    return {
      type: ComponentType.Label,
      label: cut(plainLine(name), LIMITS.labelText),
      description: cut(plainLine(spec.description), LIMITS.labelDescription),
      component: {
        type: ComponentType.TextInput,
        custom_id: name,
        style: isLong(spec) ? TextInputStyle.Paragraph : TextInputStyle.Short,
        required: spec.required,
        max_length: maxLength,
        placeholder: cut(plainLine(spec.example), LIMITS.textInputPlaceholder),
        // The text the field holds, not shown text: raw. Discord refuses the whole modal when a
        // value is longer than the field allows.
        ...(value === undefined ? {} : { value: cut(value, maxLength) }),
      },
    };
  });
}

/** Reasons and word lists get a paragraph; ids, numbers and names a single line. */
function isLong(spec: ArgumentSpec): boolean {
  return spec.kind === "words" || (spec.maxLength ?? 0) > 100;
}
