// The custom id of a button that opens a command's form: `cwform:<command>?<arg>=<value>`. Kept
// apart from forms.ts so that rendering, which makes these ids, does not depend on handling.
import { z } from "zod";
import { LIMITS } from "./limits.js";

export const FORM_PREFIX = "cwform:";

export interface FormRequest {
  command: string;
  /** The arguments already decided by whoever offered the form (the reported player). */
  preset: Record<string, string>;
}

/** The custom id of a button that opens the form; undefined when it would be too long. */
export function formCustomId(request: FormRequest): string | undefined {
  const query = new URLSearchParams(request.preset).toString();
  const id = `${FORM_PREFIX}${encodeURIComponent(request.command)}${query ? `?${query}` : ""}`;
  return id.length <= LIMITS.customId ? id : undefined;
}

const formRequestSchema = z.object({
  command: z.string().min(1),
  preset: z.record(z.string(), z.string()),
});

/** The form a custom id asks for; undefined when it is not one of ours or is malformed. */
export function parseFormCustomId(customId: string): FormRequest | undefined {
  if (!customId.startsWith(FORM_PREFIX)) return undefined;
  const rest = customId.slice(FORM_PREFIX.length);
  const [command = "", query = ""] = rest.split("?", 2);
  try {
    return formRequestSchema.parse({
      command: decodeURIComponent(command),
      preset: Object.fromEntries(new URLSearchParams(query)),
    });
  } catch {
    return undefined;
  }
}
