// Which rows a page shows. A page asked for by number (`--page 2`, the first list) is cut by
// offset; a page button turns from where the page it was pressed on began or ended, by the place
// of that row (list-snapshot.ts), so a row that left the list meanwhile (a ban that ended) moves
// no other row from one page to the next.
import { z } from "zod";
import { placeSchema, snapshotSchema } from "./list-snapshot.js";

export const PAGE_SIZE = 10;

/** What a page button carries (in its stored request) besides the page number. */
export const pageTurnSchema = z.object({
  snapshot: snapshotSchema.optional(),
  /** Next: the page begins after this row's place. */
  after: placeSchema.optional(),
  /** Previous: the page ends before this row's place. */
  before: placeSchema.optional(),
});
export type PageTurn = z.infer<typeof pageTurnSchema>;

export interface PageWindow {
  /** Rows start (inclusive) to end (exclusive). */
  start: number;
  end: number;
  number: number;
  count: number;
}

/**
 * The rows of page `asked` of `total`. `from`: where a page button's row now stands, as found
 * by its place (the first index after it, or of it); undefined for a page asked for by number.
 */
export function pageWindow(
  total: number,
  asked: number | undefined,
  from?: { after: number } | { before: number },
): PageWindow {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  let start: number;
  let end: number;
  if (from && "after" in from && from.after < total) {
    start = from.after;
    end = Math.min(total, start + PAGE_SIZE);
  } else if (from && "before" in from && from.before > 0) {
    // Only the rows before: a page that lost rows meanwhile is shorter, none shown twice.
    end = from.before;
    start = Math.max(0, end - PAGE_SIZE);
  } else {
    // By number; or turning from rows that have all left the list: its top (Previous), or the
    // last page there is (Next).
    const number = !from ? Math.min(Math.max(1, asked ?? 1), pages) : "after" in from ? pages : 1;
    start = (number - 1) * PAGE_SIZE;
    end = Math.min(total, start + PAGE_SIZE);
    return { start, end, number, count: pages };
  }
  const number = start === 0 ? 1 : Math.max(2, asked ?? 2);
  return { start, end, number, count: number + Math.ceil((total - end) / PAGE_SIZE) };
}
