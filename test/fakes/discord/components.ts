// The message components as the fake reads them, to hold them with the message: action rows of
// buttons, or of one select (a choice in it is delivered only among its options: interactions.ts).
// What Discord refuses in them is checked before any route reads them: lengths and counts by its
// published schema (openapi.ts), the 5 rows and unique custom ids by its
// documentation (documented-limits.ts).
import { z } from "zod";

const componentSchema = z.object({ type: z.number(), custom_id: z.string().optional() }).loose();

const actionRowSchema = z
  .object({ type: z.literal(1), components: z.array(componentSchema) })
  .loose();

export const messageComponentsSchema = z.array(actionRowSchema);
