// The limits of Block Kit that the bot's buttons could break: an actions block holds at most 25
// elements, and a button's action_id is at most 255 characters and its value at most 2000
// (https://docs.slack.dev/reference/block-kit/block-elements/button-element and
// https://docs.slack.dev/reference/block-kit/blocks/actions-block). Slack refuses a message
// breaking them with `invalid_blocks`: as a Web API error, and as the 400 answer's body at a
// response_url. So a bot whose ids grow too long fails here as it would there.
import { z } from "zod";

const elementSchema = z
  .object({
    type: z.string(),
    action_id: z.string().min(1).max(255).optional(),
    value: z.string().max(2000).optional(),
  })
  .loose();

const blockSchema = z
  .object({ type: z.string(), elements: z.array(elementSchema).max(25).optional() })
  .loose();

export const blocksSchema = z.array(blockSchema);

/** Whether these blocks keep the limits above. */
export function blocksAreValid(blocks: unknown): boolean {
  return blocks === undefined || blocksSchema.safeParse(blocks).success;
}
