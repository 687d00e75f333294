// A list's table as a handler may give it: its items, and how one item becomes a row. The runner
// makes rows only for the page it shows (runner.ts, paginate), so a list of 100,000 bans formats
// ten, not 100,000: a row's values (timestamps made Dates, for each platform to show natively)
// are most of a long list's cost. Adapters never see one: they get a ViewTable of rows.
import type { View, ViewTable, ViewValue } from "../view/view.js";
import type { PagedList } from "./list-snapshot.js";

export type ViewRow = Record<string, ViewValue>;

export type ItemTable<Item> = Omit<ViewTable, "rows"> & {
  items: readonly Item[];
  /**
   * How page buttons find their place in the list: given for a list that can change between
   * pages, its items in this order (list-snapshot.ts). Without it, pages are cut by offset.
   */
  paging?: PagedList<Item>;
} & RowMaker<Item>;

/**
 * How items become rows: one at a time, or the page's items together where a row needs a look-up
 * (each player's name, the bot's own ban of each), so that a page costs one look-up, not one per
 * row, and never one per item of the list. Methods, so that a table of any items is an
 * ItemTable<unknown>.
 */
type RowMaker<Item> =
  | { row(item: Item): ViewRow }
  | { rowsOf(items: readonly Item[]): Promise<ViewRow[]> };

/** A view as a handler answers it: its table as rows, or as items made rows page by page. */
export type CommandAnswer = Omit<View, "table"> & { table?: ViewTable | ItemTable<unknown> };

/** Declares an item table, typing `row` by the items. */
export function itemTable<Item>(table: ItemTable<Item>): ItemTable<Item> {
  return table;
}

/** How many rows the table has. */
export function rowCount(table: ViewTable | ItemTable<unknown>): number {
  return "items" in table ? table.items.length : table.rows.length;
}

/** The table with rows `start` to `end` (all of them by default), made only for those. */
export async function tableRows(
  table: ViewTable | ItemTable<unknown>,
  start = 0,
  end = rowCount(table),
): Promise<ViewTable> {
  if (!("items" in table)) {
    return start === 0 && end >= table.rows.length
      ? table
      : { ...table, rows: table.rows.slice(start, end) };
  }
  const { columns, emptyText, unpaged } = table;
  const shown = table.items.slice(start, end);
  const rows = "rowsOf" in table ? await table.rowsOf(shown) : shown.map((item) => table.row(item));
  return { columns, rows, emptyText, ...(unpaged === undefined ? {} : { unpaged }) };
}
