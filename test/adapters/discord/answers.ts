// Reading what the bot sent to the fake Discord: the embed and buttons of a message body, the
// type and flags of an interaction callback. Parsed, so a wrong shape fails with a clear reason.
import { z } from "zod";
import type { RecordedCall } from "../../fakes/discord/server.js";

const embedSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  color: z.number(),
  fields: z
    .array(z.object({ name: z.string(), value: z.string(), inline: z.boolean().optional() }))
    .optional(),
  footer: z.object({ text: z.string() }).optional(),
});

const messageSchema = z.object({
  embeds: z.array(embedSchema).length(1),
  components: z
    .array(
      z.object({
        type: z.literal(1),
        components: z.array(
          z.discriminatedUnion("type", [
            z.object({
              type: z.literal(2),
              custom_id: z.string(),
              label: z.string(),
              style: z.number(),
            }),
            z.object({
              type: z.literal(3),
              custom_id: z.string(),
              placeholder: z.string().optional(),
              options: z.array(z.object({ label: z.string(), value: z.string() })),
            }),
          ]),
        ),
      }),
    )
    .optional(),
  allowed_mentions: z.object({ parse: z.array(z.string()) }),
  flags: z.number().optional(),
});

export type SentEmbed = z.infer<typeof embedSchema>;

export function messageOf(call: RecordedCall) {
  return messageSchema.parse(call.body);
}

export function embedOf(call: RecordedCall): SentEmbed {
  const [embed] = messageOf(call).embeds;
  if (!embed) throw new Error("no embed");
  return embed;
}

/** Every text a reader sees in the embed, one string, for `toContain` assertions. */
export function textOf(call: RecordedCall): string {
  const embed = embedOf(call);
  return [
    embed.title,
    embed.description ?? "",
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
    embed.footer?.text ?? "",
  ].join("\n");
}

export function buttonsOf(call: RecordedCall): { id: string; label: string }[] {
  return (messageOf(call).components ?? []).flatMap((row) =>
    row.components.flatMap((button) =>
      button.type === 2 ? [{ id: button.custom_id, label: button.label }] : [],
    ),
  );
}

/** The message's select menus, each with the row it is in (a row holds one select, alone). */
export function selectsOf(call: RecordedCall) {
  return (messageOf(call).components ?? []).flatMap((row) =>
    row.components.flatMap((component) =>
      component.type === 3 ? [{ ...component, alone: row.components.length === 1 }] : [],
    ),
  );
}

export function buttonId(call: RecordedCall, label: string): string {
  const button = buttonsOf(call).find((candidate) => candidate.label === label);
  if (!button) throw new Error(`no button "${label}" in ${JSON.stringify(buttonsOf(call))}`);
  return button.id;
}

const callbackSchema = z.object({
  type: z.number(),
  data: z.object({ flags: z.number().optional() }).loose().optional(),
});

export const EPHEMERAL = 64;

/** The callback's type (5: deferred reply, 6: deferred update, 8: choices, 9: modal) and flags. */
export function callbackOf(call: RecordedCall): { type: number; ephemeral: boolean } {
  const parsed = callbackSchema.parse(call.body);
  return { type: parsed.type, ephemeral: ((parsed.data?.flags ?? 0) & EPHEMERAL) !== 0 };
}
