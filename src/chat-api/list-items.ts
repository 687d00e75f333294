// A list from the chat API read item by item: one malformed item (a report with an empty
// `update_at`, a ban whose `end_time` is in another format) must not hide every other one. The
// readable items come back with a sentence for each that is not, naming its id where it has one.
import type { z } from "zod";
import { t } from "../i18n/translate.js";
import { schemaFor } from "./compiled-schemas.js";
import { formatIssuePath } from "./issue-path.js";

export interface ListRead<Item> {
  items: Item[];
  /** `report 12: update_at expected YYYY-MM-DD HH:MM:SS`, one per item that could not be read. */
  unreadable: string[];
}

/** `idField`: the field that names an item in the sentence (`report_id` → `report 12`). */
export function readItems<Item>(
  items: readonly unknown[],
  schema: z.ZodType<Item>,
  noun: string,
  idField: string,
): ListRead<Item> {
  const read: ListRead<Item> = { items: [], unreadable: [] };
  const itemSchema = schemaFor(schema, items.length);
  items.forEach((item, index) => {
    const one = readItem(item, index, itemSchema, noun, idField);
    if (one.ok) read.items.push(one.item);
    else read.unreadable.push(one.problem);
  });
  return read;
}

/**
 * A list read one item at a time from the body it came in (the feed's poll: AnswerBodyReader's
 * itemsInBody): each item is parsed when it is reached and dropped when the visitor is done with
 * it, and any one of them can be read again by its index.
 */
export class ItemsInBody<Item> {
  constructor(
    readonly count: number,
    /** The item at an index as JSON parsed (the body's own not-JSON error if it is not). */
    private readonly value: (index: number) => unknown,
    private readonly schema: z.ZodType<Item>,
    private readonly noun: string,
    private readonly idField: string,
  ) {}

  /** Gives each readable item, in order, to `visit`; answers a sentence for each that is not. */
  forEach(visit: (item: Item, index: number) => void): string[] {
    const unreadable: string[] = [];
    const itemSchema = schemaFor(this.schema, this.count);
    for (let index = 0; index < this.count; index++) {
      const one = readItem(this.value(index), index, itemSchema, this.noun, this.idField);
      if (one.ok) visit(one.item, index);
      else unreadable.push(one.problem);
    }
    return unreadable;
  }

  /** The item at `index` read again, as `forEach` gave it; only for an item that was readable. */
  at(index: number): Item {
    return schemaFor(this.schema, 1).parse(this.value(index));
  }
}

type ItemRead<Item> = { ok: true; item: Item } | { ok: false; problem: string };

function readItem<Item>(
  item: unknown,
  index: number,
  schema: z.ZodType<Item>,
  noun: string,
  idField: string,
): ItemRead<Item> {
  const parsed = schema.safeParse(item);
  if (parsed.success) return { ok: true, item: parsed.data };
  const issue = parsed.error.issues[0];
  const id =
    typeof item === "object" && item !== null && idField in item
      ? `${noun} ${String((item as Record<string, unknown>)[idField])}`
      : `item [${index}]`;
  return {
    ok: false,
    problem: `${id}: ${issue ? `${formatIssuePath(issue.path)} ${issue.message}` : "unexpected shape"}`,
  };
}

/** What a list view says about the items it could not show. */
export function unreadableNotice(noun: "ban" | "report", unreadable: readonly string[]): string[] {
  if (unreadable.length === 0) return [];
  // Each item's problem is the schema's own words (`report 12: update_at expected …`): English.
  const problems = unreadable.join("; ");
  return [t("answers.unreadable", { count: unreadable.length, noun, problems })];
}
