// A list's table as a handler may give it: its items, and how one item becomes a row. The runner
// makes rows only for the page it shows (runner.ts, paginate), so a list of 100,000 bans formats
// ten, not 100,000: a row's values (timestamps made Dates, for each platform to show natively)
// are most of a long list's cost. Adapters never see one: they get a ViewTable of rows.
import type { View, ViewTable, ViewValue } from "../view/view.js";
import type { PagedList } from "./list-snapshot.js";

export type ViewRow = Record<string, ViewValue>;

export interface ItemTable<Item> extends Omit<ViewTable, "rows"> {
  items: readonly Item[];
  /** A method, so that a table of any items is an ItemTable<unknown>. */
  row(item: Item): ViewRow;
  /**
   * How page buttons find their place in the list: given for a list that can change between
   * pages, its items in this order (list-snapshot.ts). Without it, pages are cut by offset.
   */
  paging?: PagedList<Item>;
}

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
export function tableRows(
  table: ViewTable | ItemTable<unknown>,
  start = 0,
  end = rowCount(table),
): ViewTable {
  if (!("items" in table)) {
    return start === 0 && end >= table.rows.length
      ? table
      : { ...table, rows: table.rows.slice(start, end) };
  }
  const { items, row, ...rest } = table;
  return { ...rest, rows: items.slice(start, end).map((item) => row(item)) };
}
