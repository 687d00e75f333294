// Fitting one embed into Discord's limits after each part was cut to its own: at most 25 fields,
// and 6,000 characters for everything together. Long field values give way first, evenly (a
// list keeps every row, each shorter), then the description, then the footer; fields are dropped
// only as a last resort, and the reader is told.
import type { APIEmbed, APIEmbedField } from "discord.js";
import { t } from "../../src/index.js";
import { LIMITS } from "./limits.js";
import { cut } from "./text.js";

export interface EmbedParts {
  color: number;
  title: string;
  description: string | undefined;
  fields: APIEmbedField[];
  footer: { text: string } | undefined;
}

/** No field value is shrunk below this while the description still has room to give. */
const MIN_FIELD_VALUE = 60;

export function fitEmbed(parts: EmbedParts): APIEmbed {
  // Past 25 fields, 24 are shown and the last says how many more there are.
  let shown =
    parts.fields.length <= LIMITS.embedFields
      ? parts.fields
      : parts.fields.slice(0, LIMITS.embedFields - 1);
  let hidden = parts.fields.length - shown.length;
  let { description, footer } = parts;
  const fields = () => (hidden > 0 ? [...shown, droppedNote(hidden)] : shown);
  const size = () => embedSize(parts.title, description, footer?.text, fields());
  const excess = () => size() - LIMITS.embedTotal;

  if (excess() > 0) {
    const values = shown.reduce((sum, field) => sum + field.value.length, 0);
    const cap = valueCap(
      shown.map((field) => field.value.length),
      LIMITS.embedTotal - (size() - values),
    );
    shown = shown.map((field) => ({ ...field, value: cut(field.value, cap) }));
  }
  if (excess() > 0 && description !== undefined) {
    description = cut(description, Math.max(0, description.length - excess()));
  }
  if (excess() > 0 && footer !== undefined) {
    footer = { text: cut(footer.text, Math.max(0, footer.text.length - excess())) };
  }
  while (excess() > 0 && shown.length > 0) {
    shown = shown.slice(0, -1);
    hidden += 1;
  }
  const finalFields = fields();
  return {
    color: parts.color,
    title: parts.title,
    ...(description ? { description } : {}),
    ...(finalFields.length > 0 ? { fields: finalFields } : {}),
    ...(footer?.text ? { footer } : {}),
  };
}

function droppedNote(count: number): APIEmbedField {
  return { name: "…", value: t("discord.moreNotShown", { count }) };
}

/** The largest per-value length (at least MIN_FIELD_VALUE) that fits `lengths` into `room`. */
function valueCap(lengths: number[], room: number): number {
  let low = MIN_FIELD_VALUE;
  let high = LIMITS.embedFieldValue;
  const total = (cap: number) => lengths.reduce((sum, length) => sum + Math.min(length, cap), 0);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (total(middle) <= room) low = middle;
    else high = middle - 1;
  }
  return low;
}

function embedSize(
  title: string,
  description: string | undefined,
  footer: string | undefined,
  fields: APIEmbedField[],
): number {
  return (
    title.length +
    (description?.length ?? 0) +
    (footer?.length ?? 0) +
    fields.reduce((sum, field) => sum + field.name.length + field.value.length, 0)
  );
}
