// Forms for commands, derived from their argument declarations: a button ("Ban…") carries the
// command's name, the arguments already known (the reported player) and the values it suggests
// for the others (reason `report #12`); pressing it opens a modal with one input per remaining
// argument, prefilled with its suggestion; submitting it runs the command. Nothing here knows
// any command: the inputs, hints, examples, limits and checks all come from the catalogue.
import type { types } from "@slack/bolt";
import { z } from "zod";
import type { AnyCommand } from "../../src/catalogue/command.js";
import { formArguments } from "../../src/catalogue/parse-arguments.js";
import { escapeWithin, mrkdwnLineWithin } from "./mrkdwn.js";

/** Buttons that open a form have action ids starting with this (the core's start with `cw:`). */
export const FORM_ACTION_PREFIX = "cwform:";
/** The callback id of every form modal. */
export const FORM_CALLBACK_ID = "cwform";
/** Each input's action id; the block id is the argument's name. */
const INPUT_ACTION_ID = "value";

// Slack's limits for modals.
const TITLE_LIMIT = 24;
const PLACEHOLDER_LIMIT = 150;
const METADATA_LIMIT = 3000;
const INPUT_LIMIT = 3000;
const BUTTON_VALUE_LIMIT = 2000;

/** What a form button carries in its value. */
const formButtonValueSchema = z.object({
  command: z.string().min(1),
  args: z.record(z.string(), z.string()),
  /** Values the inputs start with; the moderator may change or clear them. */
  defaults: z.record(z.string(), z.string()).optional(),
});
export type FormRequest = z.infer<typeof formButtonValueSchema>;

/** What a form modal carries through Slack in private_metadata. */
const formMetadataSchema = formButtonValueSchema.extend({
  /** Where the answer goes: the response_url of the click that opened the form. */
  responseUrl: z.url(),
});
export type FormMetadata = z.infer<typeof formMetadataSchema>;

/**
 * A button that opens the form of `command` with `preset` decided (e.g. the gamer_id) and
 * `defaults` suggested (e.g. the reason); its label defaults to the command's name with an
 * ellipsis, "Ban…".
 */
export function formButton(
  commandName: string,
  preset: Record<string, string> = {},
  label = `${capitalise(commandName)}…`,
  defaults: Record<string, string> = {},
): types.Button {
  const request: FormRequest = { command: commandName, args: preset };
  const suggested = JSON.stringify({ ...request, defaults } satisfies FormRequest);
  // Suggestions are a convenience: when they would not fit in the button, the form opens empty
  // rather than the button failing the whole message.
  const value =
    Object.keys(defaults).length > 0 && suggested.length <= BUTTON_VALUE_LIMIT
      ? suggested
      : JSON.stringify(request);
  return {
    type: "button",
    // Unique within a message even when several forms of one command sit side by side.
    action_id: `${FORM_ACTION_PREFIX}${commandName}:${Object.values(preset).join(",")}`.slice(
      0,
      255,
    ),
    value,
    text: { type: "plain_text", text: escapeWithin(label, 75), emoji: true },
  };
}

export function parseFormButtonValue(value: string | undefined): FormRequest | undefined {
  return parseJson(value, formButtonValueSchema);
}

export function parseFormMetadata(metadata: string | undefined): FormMetadata | undefined {
  return parseJson(metadata, formMetadataSchema);
}

/** The modal for `command`; undefined when what it must carry is too long for Slack. */
export function formModal(
  command: AnyCommand,
  metadata: FormMetadata,
): types.ModalView | undefined {
  // The suggestions travel in the inputs themselves; the submission needs only the rest.
  const { defaults: _shownInInputs, ...carried } = metadata;
  const privateMetadata = JSON.stringify(carried);
  if (privateMetadata.length > METADATA_LIMIT) return undefined;
  const given = Object.entries(metadata.args).map(
    ([name, value]) => `${escapeWithin(name, 100)}: *${mrkdwnLineWithin(value, 500)}*`,
  );
  const inputs = formArguments(command, metadata.args).map(
    ([name, spec]): types.InputBlock => ({
      type: "input",
      block_id: name,
      optional: !spec.required,
      label: { type: "plain_text", text: name.replaceAll("_", " ") },
      hint: { type: "plain_text", text: escapeWithin(spec.description, 2000) },
      element: {
        type: "plain_text_input",
        action_id: INPUT_ACTION_ID,
        multiline: spec.kind === "words" || (spec.maxLength ?? 0) > 100,
        max_length: maxLength(spec.maxLength),
        placeholder: {
          type: "plain_text",
          text: escapeWithin(`e.g. ${spec.example}`, PLACEHOLDER_LIMIT),
        },
        ...initialValue(metadata.defaults?.[name], spec.maxLength),
      },
    }),
  );
  return {
    type: "modal",
    callback_id: FORM_CALLBACK_ID,
    private_metadata: privateMetadata,
    title: { type: "plain_text", text: escapeWithin(capitalise(command.name), TITLE_LIMIT) },
    submit: { type: "plain_text", text: "Run" },
    close: { type: "plain_text", text: "Cancel" },
    blocks: [
      {
        type: "context",
        elements: [
          {
            type: "mrkdwn",
            text: [escapeWithin(command.summary, 500), ...given].join("\n"),
            verbatim: true,
          },
        ],
      },
      ...inputs,
    ],
  };
}

function maxLength(declared: number | undefined): number {
  return Math.min(declared ?? INPUT_LIMIT, INPUT_LIMIT);
}

/**
 * An input's suggested value. It is the text the field holds, not markup, so it is not escaped;
 * Slack refuses a modal whose initial_value is longer than the input's max_length, so it is cut.
 */
function initialValue(
  suggested: string | undefined,
  declared: number | undefined,
): { initial_value?: string } {
  if (suggested === undefined || suggested === "") return {};
  const max = maxLength(declared);
  let kept = "";
  // Whole characters only: a cut never splits a surrogate pair.
  for (const char of suggested) {
    if (kept.length + char.length > max) break;
    kept += char;
  }
  return { initial_value: kept };
}

/** The submitted inputs: `{ block_id: { action_id: { value } } }`, as Slack sends them. */
const submittedValuesSchema = z.record(
  z.string(),
  z.record(z.string(), z.object({ value: z.string().nullish() }).loose()),
);

export type FormOutcome =
  | { ok: true; args: Record<string, string> }
  | { ok: false; errors: Record<string, string> };

/**
 * Checks each input with its argument's own schema, so a mistake is shown under the field and
 * the form stays open; the runner checks everything again when the command runs.
 */
export function readFormSubmission(
  command: AnyCommand,
  metadata: FormMetadata,
  stateValues: unknown,
): FormOutcome {
  const values = submittedValuesSchema.safeParse(stateValues);
  const submitted = values.success ? values.data : {};
  const args: Record<string, string> = { ...metadata.args };
  const errors: Record<string, string> = {};
  for (const [name, spec] of formArguments(command, metadata.args)) {
    const raw = submitted[name]?.[INPUT_ACTION_ID]?.value?.trim() ?? "";
    if (raw === "") {
      if (spec.required) errors[name] = `${name} is required: ${spec.description}`;
      continue;
    }
    const checked = spec.schema.safeParse(raw);
    if (!checked.success) {
      errors[name] = checked.error.issues[0]?.message ?? `${name} is not valid`;
      continue;
    }
    args[name] = raw;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, args };
}

function parseJson<Value>(text: string | undefined, schema: z.ZodType<Value>): Value | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
