// The limits of Block Kit, as Slack documents them (Slack publishes no schema for it), for every
// block kind and element the bot sends. Slack refuses a message breaking one with
// `invalid_blocks`: as a Web API error, and as the 400 answer's body at a response_url; a modal
// breaking one with `invalid_arguments`, its `response_metadata.messages` naming the field as
// "[ERROR] must be less than 25 characters [json-pointer:/view/title/text]" (what views.open
// answered in jeremeamia/slack-block-kit#3 and rtCamp/frappe-slack-connector#54). So a bot whose
// text or ids grow too long fails here as it would there.
//
// - up to 50 blocks in a message, 100 in a modal; a block_id of at most 255 characters
//   (https://docs.slack.dev/reference/block-kit/blocks);
// - section: text of 1 to 3,000 characters, at most 10 fields of at most 2,000
//   (https://docs.slack.dev/reference/block-kit/blocks/section-block);
// - header: plain_text of at most 150 (…/blocks/header-block);
// - context: at most 10 elements (…/blocks/context-block);
// - actions: at most 25 elements (…/blocks/actions-block);
// - input: label and hint of at most 2,000 (…/blocks/input-block);
// - button: text of at most 75, action_id of at most 255, value of at most 2,000, url of at most
//   3,000 (https://docs.slack.dev/reference/block-kit/block-elements/button-element);
// - static_select: placeholder of at most 150, 1 to 100 options, action_id of at most 255
//   (https://docs.slack.dev/reference/block-kit/block-elements/select-menu-element#static_select);
// - overflow: 2 to 5 options
//   (https://docs.slack.dev/reference/block-kit/block-elements/overflow-menu-element);
// - option: plain_text of at most 75, value of at most 150
//   (https://docs.slack.dev/reference/block-kit/composition-objects/option-object);
// - plain-text input: placeholder of at most 150, max_length of at most 3,000, and an
//   initial_value no longer than its max_length (…/block-elements/plain-text-input-element);
// - modal: title, submit and close of at most 24, private_metadata of at most 3,000, callback_id
//   of at most 255 (https://docs.slack.dev/reference/views/modal-views).
import { z } from "zod";

const plainText = (max: number) =>
  z.object({ type: z.literal("plain_text"), text: z.string().max(max) }).loose();
const textObject = (min: number, max: number) =>
  z.object({ type: z.enum(["plain_text", "mrkdwn"]), text: z.string().min(min).max(max) }).loose();
const actionId = z.string().min(1).max(255);

const option = z.object({ text: plainText(75), value: z.string().min(1).max(150) }).loose();

const ELEMENTS: Record<string, z.ZodType> = {
  static_select: z
    .object({ placeholder: plainText(150).optional(), options: z.array(option).min(1).max(100) })
    .loose(),
  overflow: z.object({ options: z.array(option).min(2).max(5) }).loose(),
  button: z
    .object({
      text: plainText(75),
      value: z.string().max(2000).optional(),
      url: z.string().max(3000).optional(),
    })
    .loose(),
  plain_text_input: z
    .object({
      placeholder: plainText(150).optional(),
      max_length: z.number().int().min(1).max(3000).optional(),
      initial_value: z.string().optional(),
    })
    .loose()
    .refine(
      (input) => (input.initial_value?.length ?? 0) <= (input.max_length ?? 3000),
      "initial_value is longer than max_length",
    ),
};

/** Checks `value` with the schema its `type` names in `byType`, the issues under its own path. */
function checkedByType(byType: Record<string, z.ZodType>) {
  return (value: { type: string }, context: z.RefinementCtx) => {
    const checked = byType[value.type]?.safeParse(value);
    for (const issue of checked?.success === false ? checked.error.issues : []) {
      context.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
  };
}

const elementSchema = z
  .object({ type: z.string(), action_id: actionId.optional() })
  .loose()
  .superRefine(checkedByType(ELEMENTS));

const BLOCKS: Record<string, z.ZodType> = {
  section: z
    .object({
      text: textObject(1, 3000).optional(),
      fields: z.array(textObject(1, 2000)).max(10).optional(),
      accessory: elementSchema.optional(),
    })
    .loose(),
  header: z.object({ text: plainText(150) }).loose(),
  context: z.object({ elements: z.array(z.unknown()).max(10) }).loose(),
  actions: z.object({ elements: z.array(elementSchema).max(25) }).loose(),
  input: z
    .object({ label: plainText(2000), hint: plainText(2000).optional(), element: elementSchema })
    .loose(),
};

const blockSchema = z
  .object({ type: z.string(), block_id: z.string().max(255).optional() })
  .loose()
  .superRefine(checkedByType(BLOCKS));

/** A message's blocks: chat.postMessage, chat.update, chat.postEphemeral, a response_url. */
export const blocksSchema = z.array(blockSchema).max(50);

/** Whether these blocks keep the limits above. */
export function blocksAreValid(blocks: unknown): boolean {
  return blocks === undefined || blocksSchema.safeParse(blocks).success;
}

const modalSchema = z
  .object({
    type: z.literal("modal"),
    title: plainText(24),
    submit: plainText(24).optional(),
    close: plainText(24).optional(),
    private_metadata: z.string().max(3000).optional(),
    callback_id: z.string().max(255).optional(),
    blocks: z.array(blockSchema).max(100),
  })
  .loose();

/** What Slack says of a view it refuses, one message per field; none when it is accepted. */
export function viewProblems(view: unknown): string[] {
  const checked = modalSchema.safeParse(view);
  if (checked.success) return [];
  return checked.error.issues.map(
    (issue) => `[ERROR] ${issue.message} [json-pointer:/view/${issue.path.join("/")}]`,
  );
}
