// The parts of Slack's payloads the adapter relies on, parsed at the edge like every other
// boundary. The signature has been checked (request-signature.ts); these check the shape.
import { z } from "zod";

export const slashCommandSchema = z.object({
  command: z.string(),
  text: z.string().default(""),
  user_id: z.string().min(1),
  user_name: z.string().optional(),
  response_url: z.url(),
  trigger_id: z.string().optional(),
  /** Where the command was typed: where a public answer's image is shared (image-upload.ts). */
  channel_id: z.string().min(1).optional(),
});

const userSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  username: z.string().optional(),
});

export const blockActionSchema = z.object({
  type: z.literal("block_actions"),
  user: userSchema,
  trigger_id: z.string().optional(),
  response_url: z.url().optional(),
  container: z.object({ is_ephemeral: z.boolean().optional() }).loose().optional(),
  actions: z
    .array(
      z
        .object({
          action_id: z.string(),
          value: z.string().optional(),
          /** A static_select's choice. */
          selected_option: z.object({ value: z.string() }).loose().optional(),
        })
        .loose(),
    )
    .min(1),
});

export const viewSubmissionSchema = z.object({
  type: z.literal("view_submission"),
  user: userSchema,
  view: z.object({
    callback_id: z.string(),
    private_metadata: z.string().optional(),
    state: z.object({ values: z.unknown() }).optional(),
  }),
});

/** Slack sends the handle in different fields depending on the payload. */
export function userName(user: z.infer<typeof userSchema>): string | undefined {
  return user.name ?? user.username;
}
