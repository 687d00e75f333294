// The message components Discord accepts, as far as the bot sends them: at most 5 action rows of
// at most 5 buttons, each interactive one with a custom_id of 1 to 100 characters, unique within
// the message. Discord documents: "custom_id ... must be unique per component. Multiple
// components on the same message must not share the same custom_id. This field is a string of 1
// to 100 characters" (https://discord.com/developers/docs/components/reference, as amended in
// discord/discord-api-docs#7920); rows "can contain up to 5 buttons". A message breaking these
// is refused with 50035 Invalid Form Body, so a bot whose ids grow too long fails here as there.
import { z } from "zod";

const componentSchema = z
  .object({
    type: z.number(),
    custom_id: z.string().min(1).max(100).optional(),
  })
  .loose();

const actionRowSchema = z
  .object({ type: z.literal(1), components: z.array(componentSchema).min(1).max(5) })
  .loose();

export const messageComponentsSchema = z
  .array(actionRowSchema)
  .max(5)
  .superRefine((rows, context) => {
    const ids = rows.flatMap((row) => row.components.flatMap((c) => c.custom_id ?? []));
    const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
    if (repeated !== undefined) {
      context.addIssue({ code: "custom", message: `custom_id "${repeated}" is used twice` });
    }
  });
