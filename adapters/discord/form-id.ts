// The custom id of a button that opens a command's form: `cwform:<command>?<arg>=<value>`, with
// the fields it prefills marked by `~`: `cwform:ban?gamer_id=42&~reason=report+%2312`. Kept apart
// from forms.ts so that rendering, which makes these ids, does not depend on handling.
import { z } from "zod";
import { LIMITS } from "./limits.js";

export const FORM_PREFIX = "cwform:";

/** Marks a prefilled field in the query; argument names never start with it. */
const DEFAULT_MARK = "~";

export interface FormRequest {
  command: string;
  /** The arguments already decided by whoever offered the form (the reported player). */
  preset: Record<string, string>;
  /** Fields the form asks for but fills in beforehand (reason `report #12`), still editable. */
  defaults?: Record<string, string>;
}

/**
 * The custom id of a button that opens the form; undefined when it would be too long. The
 * prefills are a convenience, so they are what goes first: a form that fits only without them
 * is offered without them.
 */
export function formCustomId(request: FormRequest): string | undefined {
  const full = customIdOf(request);
  if (full.length <= LIMITS.customId) return full;
  const bare = customIdOf({ command: request.command, preset: request.preset });
  return bare.length <= LIMITS.customId ? bare : undefined;
}

function customIdOf(request: FormRequest): string {
  const query = new URLSearchParams(request.preset);
  for (const [name, value] of Object.entries(request.defaults ?? {})) {
    query.append(`${DEFAULT_MARK}${name}`, value);
  }
  // `~` is literal in a query, but URLSearchParams escapes it; each of the 100 characters counts.
  const text = query.toString().replaceAll("%7E", DEFAULT_MARK);
  return `${FORM_PREFIX}${encodeURIComponent(request.command)}${text ? `?${text}` : ""}`;
}

const formRequestSchema = z.object({
  command: z.string().min(1),
  preset: z.record(z.string(), z.string()),
  defaults: z.record(z.string(), z.string()).optional(),
});

/** The form a custom id asks for; undefined when it is not one of ours or is malformed. */
export function parseFormCustomId(customId: string): FormRequest | undefined {
  if (!customId.startsWith(FORM_PREFIX)) return undefined;
  const rest = customId.slice(FORM_PREFIX.length);
  const [command = "", query = ""] = rest.split("?", 2);
  try {
    const preset: Record<string, string> = {};
    const defaults: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(query)) {
      if (name.startsWith(DEFAULT_MARK)) defaults[name.slice(DEFAULT_MARK.length)] = value;
      else preset[name] = value;
    }
    return formRequestSchema.parse({
      command: decodeURIComponent(command),
      preset,
      ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
    });
  } catch {
    return undefined;
  }
}
