// A button that opens a command's form ("Ban…" on a report card or a history). Its id is the whole
// request, so it needs no stored row: it works after a restart, on another replica, and on every
// platform. The id is made here when the view is made and read here when the button is pressed;
// adapters only carry it (Discord's custom_id, Slack's action_id) and hand it back.
//
// `cwform:<command>?<argument>=<value>&~<field>=<suggestion>`: the command percent-encoded, the
// arguments already decided as a query, and the fields the form fills in beforehand marked by `~`:
// `cwform:ban?gamer_id=gamer-42&~reason=report+%2312`. The prefix is the kind (the core's stored
// actions are `cw:…`). Everything outside ASCII is percent-encoded, so characters, UTF-16 units
// and bytes all count the same. This was the Discord adapter's custom id before it moved here:
// Discord buttons posted before read the same.
//
// The id must fit every platform that carries it; the strictest is Discord:
// - Discord: a custom_id is "a string of 1 to 100 characters" (components reference,
//   https://discord.com/developers/docs/components/reference, custom_id), the modal's too.
// - Slack: a button's action_id is at most 255 characters and its value at most 2000 (button
//   element, https://docs.slack.dev/reference/block-kit/block-elements/button-element).
import { z } from "zod";
import type { ActionStyle, ViewAction } from "./view.js";

export const FORM_ACTION_PREFIX = "cwform:";

/** Discord's custom_id limit, the strictest of the platforms that carry the id. */
export const FORM_ACTION_ID_LIMIT = 100;

/** Marks a prefilled field in the query; argument names never start with it. */
const DEFAULT_MARK = "~";

export interface FormRequest {
  command: string;
  /** Arguments already decided (the reported player); the form does not ask for them. */
  args: Record<string, string>;
  /** Fields the form asks for but fills in beforehand (reason `report #12`), still editable. */
  defaults?: Record<string, string>;
}

const formRequestSchema = z.object({
  command: z.string().min(1),
  args: z.record(z.string(), z.string()),
  defaults: z.record(z.string(), z.string()).optional(),
});

/**
 * The button that opens the form; undefined when its id would not fit, and then the view offers
 * no form (a button with a broken id would get the whole message refused).
 */
export function formAction(
  request: FormRequest,
  label: string,
  style: ActionStyle = "danger",
): ViewAction | undefined {
  const id = formActionId(request);
  return id === undefined ? undefined : { id, kind: "form", label, style };
}

/**
 * The id of the button that opens the form; undefined when it would be too long. The prefills
 * are a convenience, so they go first: a form that fits only without them is offered without.
 */
export function formActionId(request: FormRequest): string | undefined {
  const full = idOf(request);
  if (full.length <= FORM_ACTION_ID_LIMIT) return full;
  const bare = idOf({ command: request.command, args: request.args });
  return bare.length <= FORM_ACTION_ID_LIMIT ? bare : undefined;
}

/**
 * The form a pressed button asks for; undefined when the id is not a form's or is not one this
 * module made. Also reads the JSON `{command, args, defaults}` that Slack form buttons carried in
 * their value before the id was the one encoding, so buttons on messages already posted still
 * open their form.
 */
export function readFormAction(id: string): FormRequest | undefined {
  if (id.startsWith(FORM_ACTION_PREFIX)) return readId(id);
  if (id.startsWith("{")) return readLegacyJson(id);
  return undefined;
}

function idOf(request: FormRequest): string {
  const query = new URLSearchParams(request.args);
  for (const [name, value] of Object.entries(request.defaults ?? {})) {
    query.append(`${DEFAULT_MARK}${name}`, value);
  }
  // `~` is literal in a query, but URLSearchParams escapes it; each of the 100 characters counts.
  const text = query.toString().replaceAll("%7E", DEFAULT_MARK);
  return `${FORM_ACTION_PREFIX}${encodeURIComponent(request.command)}${text ? `?${text}` : ""}`;
}

function readId(id: string): FormRequest | undefined {
  if (id.length > FORM_ACTION_ID_LIMIT) return undefined;
  const rest = id.slice(FORM_ACTION_PREFIX.length);
  const [command = "", query = ""] = rest.split("?", 2);
  const args: Record<string, string> = {};
  const defaults: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    if (name.startsWith(DEFAULT_MARK)) defaults[name.slice(DEFAULT_MARK.length)] = value;
    else args[name] = value;
  }
  let decodedCommand: string;
  try {
    decodedCommand = decodeURIComponent(command);
  } catch {
    return undefined;
  }
  const parsed = formRequestSchema.safeParse({
    command: decodedCommand,
    args,
    ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
  });
  // Only an id this encoder makes of what it says is read: a broken escape, a repeated name or a
  // hand-made variant is refused rather than read loosely.
  if (!parsed.success || idOf(parsed.data) !== id) return undefined;
  return parsed.data;
}

function readLegacyJson(text: string): FormRequest | undefined {
  try {
    const parsed = formRequestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
