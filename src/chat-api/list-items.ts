// A list from the chat API read item by item: one malformed item (a report with an empty
// `update_at`, a ban whose `end_time` is in another format) must not hide every other one. The
// readable items come back with a sentence for each that is not, naming its id where it has one.
import type { z } from "zod";
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
    const parsed = itemSchema.safeParse(item);
    if (parsed.success) {
      read.items.push(parsed.data);
      return;
    }
    const issue = parsed.error.issues[0];
    const id =
      typeof item === "object" && item !== null && idField in item
        ? `${noun} ${String((item as Record<string, unknown>)[idField])}`
        : `item [${index}]`;
    read.unreadable.push(
      `${id}: ${issue ? `${formatIssuePath(issue.path)} ${issue.message}` : "unexpected shape"}`,
    );
  });
  return read;
}

/** What a list view says about the items it could not show. */
export function unreadableNotice(noun: string, unreadable: readonly string[]): string[] {
  if (unreadable.length === 0) return [];
  const count = unreadable.length === 1 ? `1 ${noun}` : `${unreadable.length} ${noun}s`;
  return [
    `${count} could not be read and ${unreadable.length === 1 ? "is" : "are"} not shown: ${unreadable.join("; ")}`,
  ];
}
