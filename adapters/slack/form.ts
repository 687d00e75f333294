// Forms for commands, derived from their argument declarations: a button ("Ban…") whose action id
// is the core's form id (src/view/form-action.ts: the command, the arguments already known
// such as the reported player, and the values it suggests for the others, such as reason
// `report #12`); pressing it opens a modal with one input per remaining argument, prefilled with
// its suggestion; submitting it runs the command. The modal carries the request in its
// private_metadata. Nothing here knows any command: the inputs, hints, examples, limits and
// checks all come from the catalogue.
import type { types } from "@slack/bolt";
import { z } from "zod";
import {
  type AnyCommand,
  type FormRequest,
  formAction,
  formArguments,
  t,
} from "../../src/index.js";
import { escapeLineWithin, escapeWithin, mrkdwnLineWithin } from "./mrkdwn.js";
import { actionButton } from "./render.js";

/** The callback id of every form modal. */
export const FORM_CALLBACK_ID = "cwform";
/** Each input's action id; the block id is the argument's name. */
const INPUT_ACTION_ID = "value";

// Slack's limits for modals. Every text shown goes through mrkdwn.ts, made inert like all
// text: titles, labels and placeholders as one line.
const TITLE_LIMIT = 24;
const LABEL_LIMIT = 2000;
const PLACEHOLDER_LIMIT = 150;
const METADATA_LIMIT = 3000;
const INPUT_LIMIT = 3000;

/**
 * What a form modal carries through Slack in private_metadata: the request without its
 * suggestions (they travel in the inputs), and where the answer goes.
 */
const formMetadataSchema = z.object({
  command: z.string().min(1),
  args: z.record(z.string(), z.string()),
  /** The response_url of the click that opened the form. */
  responseUrl: z.url(),
});
export type FormMetadata = z.infer<typeof formMetadataSchema>;

/**
 * The usage answer's button that opens the form of `commandName` with nothing decided yet,
 * labelled with its name and an ellipsis ("Ban…"); undefined when its id would be too long.
 */
export function formButton(commandName: string): types.Button | undefined {
  const label = t("slack.form.button", { command: capitalise(commandName) });
  const action = formAction({ command: commandName, args: {} }, label);
  // A name of ASCII words fits easily; a long one in another script, percent-encoded, may not,
  // and then the usage answer simply offers no form for it.
  return action && actionButton({ ...action, style: "secondary" });
}

export function parseFormMetadata(metadata: string | undefined): FormMetadata | undefined {
  if (metadata === undefined) return undefined;
  try {
    const parsed = formMetadataSchema.safeParse(JSON.parse(metadata));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The modal for `command`; undefined when what it must carry is too long for Slack. */
export function formModal(
  command: AnyCommand,
  request: FormRequest & { responseUrl: string },
): types.ModalView | undefined {
  // The suggestions travel in the inputs themselves; the submission needs only the rest.
  const carried: FormMetadata = {
    command: request.command,
    args: request.args,
    responseUrl: request.responseUrl,
  };
  const privateMetadata = JSON.stringify(carried);
  if (privateMetadata.length > METADATA_LIMIT) return undefined;
  const given = Object.entries(request.args).map(
    ([name, value]) => `${escapeWithin(name, 100)}: *${mrkdwnLineWithin(value, 500)}*`,
  );
  const inputs = formArguments(command, request.args).map(
    ([name, spec]): types.InputBlock => ({
      type: "input",
      block_id: name,
      optional: !spec.required,
      label: { type: "plain_text", text: escapeLineWithin(name.replaceAll("_", " "), LABEL_LIMIT) },
      hint: { type: "plain_text", text: escapeWithin(spec.description, 2000) },
      element: {
        type: "plain_text_input",
        action_id: INPUT_ACTION_ID,
        multiline: spec.kind === "words" || (spec.maxLength ?? 0) > 100,
        max_length: maxLength(spec.maxLength),
        placeholder: {
          type: "plain_text",
          text: escapeLineWithin(
            t("slack.form.placeholder", { example: spec.example }),
            PLACEHOLDER_LIMIT,
          ),
        },
        ...initialValue(request.defaults?.[name], spec.maxLength),
      },
    }),
  );
  return {
    type: "modal",
    callback_id: FORM_CALLBACK_ID,
    private_metadata: privateMetadata,
    title: { type: "plain_text", text: escapeLineWithin(capitalise(command.name), TITLE_LIMIT) },
    submit: { type: "plain_text", text: t("slack.form.submit") },
    close: { type: "plain_text", text: t("slack.form.close") },
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
      if (spec.required) {
        errors[name] = t("slack.form.required", { name, description: spec.description });
      }
      continue;
    }
    const checked = spec.schema.safeParse(raw);
    if (!checked.success) {
      errors[name] = checked.error.issues[0]?.message ?? t("slack.form.invalid", { name });
      continue;
    }
    args[name] = raw;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, args };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
