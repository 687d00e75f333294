// Limits Discord documents that its OpenAPI description does not carry (openapi.ts holds the
// rest), checked on every message body the bot sends (a channel post or edit, an interaction's
// reply, follow-up or edit) and on a modal:
// - the embeds of one message hold at most 6,000 characters together: "Up to 6000 characters
//   total across all title, description, field.name, field.value, footer.text, and author.name
//   fields in all embeds per message" (Embed Limits,
//   https://discord.com/developers/docs/resources/message#embed-object-embed-limits). Refused at
//   `embeds` with the words bots report ("In embeds: Embed size exceeds maximum size of 6000",
//   as discord.py prints the 50035 answer); Discord documents no code name for it.
// - a channel message's content is at most 2,000 characters ("Message contents (up to 2000
//   characters)", Create Message, https://discord.com/developers/docs/resources/message#create-message),
//   where the description allows 4,000.
// - at most 5 action rows, and custom ids unique within the message: "custom_id ... must be
//   unique per component. Multiple components on the same message must not share the same
//   custom_id" (https://discord.com/developers/docs/components/reference, as amended in
//   discord/discord-api-docs#7920; refused as COMPONENT_CUSTOM_ID_DUPLICATED, the code bots
//   report meeting). The description allows 40 top-level components (the layout components of
//   Components V2); a message of action rows holds 5.
// - an action row holds up to 5 buttons or a single select: "Can contain one of: Up to 5
//   interactive button components; A single select component" (Action Row,
//   https://discord.com/developers/docs/components/reference#action-row). The description lets
//   a row hold any 5 components. Refused at each component past the row's width, as
//   COMPONENT_LAYOUT_WIDTH_EXCEEDED (the code bots report meeting for a select beside a button;
//   Discord documents no code name for it).
// - a modal's prefilled value no longer than its field's max_length.
import { z } from "zod";
import type { RefusedField } from "./form-errors.js";

const EMBED_TOTAL = 6000;
const CONTENT_MAX = 2000;
const ACTION_ROWS_MAX = 5;
/** Interaction callback types that carry a message, and the one that shows a modal. */
const MESSAGE_CALLBACKS = new Set([4, 7]);
const MODAL_CALLBACK = 9;

const embedTextSchema = z
  .object({
    title: z.string().nullish(),
    description: z.string().nullish(),
    fields: z.array(z.object({ name: z.string(), value: z.string() }).loose()).nullish(),
    footer: z.object({ text: z.string().nullish() }).loose().nullish(),
    author: z.object({ name: z.string().nullish() }).loose().nullish(),
  })
  .loose();

const componentSchema = z
  .object({ type: z.number().nullish(), custom_id: z.string().nullish() })
  .loose();

/** String, user, role, mentionable and channel selects: each fills its row. */
const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

const messageSchema = z
  .object({
    content: z.string().nullish(),
    embeds: z.array(embedTextSchema).nullish(),
    components: z
      .array(z.object({ components: z.array(componentSchema).nullish() }).loose())
      .nullish(),
  })
  .loose();

const modalSchema = z
  .object({
    components: z.array(
      z
        .object({
          component: z
            .object({ value: z.string().nullish(), max_length: z.number().nullish() })
            .loose()
            .nullish(),
        })
        .loose(),
    ),
  })
  .loose();

const CALLBACK_PATH = /^\/interactions\/[^/]+\/[^/]+\/callback$/;
const CHANNEL_MESSAGES = /^\/channels\/[^/]+\/messages(\/[^/]+)?$/;
const WEBHOOK_MESSAGES = /^\/webhooks\/[^/]+\/[^/]+(\/messages\/[^/]+)?$/;

/** The refusals of `body` (sent to `path`) that only the documentation states. */
export function limitRefusals(path: string, body: unknown): RefusedField[] {
  if (CALLBACK_PATH.test(path)) {
    const { type, data } = (body ?? {}) as { type?: unknown; data?: unknown };
    if (type === MODAL_CALLBACK) return modalRefusals(data, ["data"]);
    return typeof type === "number" && MESSAGE_CALLBACKS.has(type)
      ? messageRefusals(data, ["data"], false)
      : [];
  }
  if (CHANNEL_MESSAGES.test(path)) return messageRefusals(body, [], true);
  if (WEBHOOK_MESSAGES.test(path)) return messageRefusals(body, [], false);
  return [];
}

function messageRefusals(body: unknown, at: string[], inChannel: boolean): RefusedField[] {
  const parsed = messageSchema.safeParse(body);
  // A body of another shape is the schema's to refuse (openapi.ts).
  if (!parsed.success) return [];
  const { content, embeds, components } = parsed.data;
  const refused: RefusedField[] = [];
  if (inChannel && (content?.length ?? 0) > CONTENT_MAX) {
    refused.push(tooLong([...at, "content"], CONTENT_MAX));
  }
  const size = (embeds ?? []).reduce((sum, embed) => sum + embedSize(embed), 0);
  if (size > EMBED_TOTAL) {
    refused.push({
      path: [...at, "embeds"],
      code: "BASE_TYPE_MAX_LENGTH",
      message: `Embed size exceeds maximum size of ${EMBED_TOTAL}`,
    });
  }
  if ((components?.length ?? 0) > ACTION_ROWS_MAX) {
    refused.push(tooLong([...at, "components"], ACTION_ROWS_MAX));
  }
  refused.push(...repeatedIds(components ?? [], at));
  refused.push(...overfullRows(components ?? [], at));
  return refused;
}

/** A row with a select in it holds nothing else. */
function overfullRows(
  rows: z.infer<typeof messageSchema>["components"] & object,
  at: string[],
): RefusedField[] {
  return rows.flatMap(({ components }, row) => {
    const held = components ?? [];
    if (!held.some((component) => SELECT_TYPES.has(component.type ?? 0))) return [];
    return held.slice(1).map((_, index) => ({
      path: [...at, "components", String(row), "components", String(index + 1)],
      code: "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
      message: "The specified component exceeds the maximum width",
    }));
  });
}

function embedSize(embed: z.infer<typeof embedTextSchema>): number {
  const texts = [
    embed.title,
    embed.description,
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
    embed.footer?.text,
    embed.author?.name,
  ];
  return texts.reduce((sum: number, text) => sum + (text?.length ?? 0), 0);
}

function repeatedIds(
  rows: z.infer<typeof messageSchema>["components"] & object,
  at: string[],
): RefusedField[] {
  const seen = new Set<string>();
  const refused: RefusedField[] = [];
  for (const [row, { components }] of rows.entries()) {
    for (const [index, { custom_id: id }] of (components ?? []).entries()) {
      if (id === undefined || id === null) continue;
      if (seen.has(id)) {
        refused.push({
          path: [...at, "components", String(row), "components", String(index), "custom_id"],
          code: "COMPONENT_CUSTOM_ID_DUPLICATED",
          message: `Component custom id cannot be duplicated: "${id}"`,
        });
      }
      seen.add(id);
    }
  }
  return refused;
}

/** Discord refuses a modal whose prefilled value is longer than its field allows. */
function modalRefusals(data: unknown, at: string[]): RefusedField[] {
  const parsed = modalSchema.safeParse(data);
  if (!parsed.success) return [];
  return parsed.data.components.flatMap(({ component }, index) => {
    const max = component?.max_length ?? 4000;
    return (component?.value?.length ?? 0) > max
      ? [tooLong([...at, "components", String(index), "component", "value"], max)]
      : [];
  });
}

function tooLong(path: string[], max: number): RefusedField {
  return { path, code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${max} or fewer in length.` };
}
