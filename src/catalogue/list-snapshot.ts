// A page button turns the list the moderator saw, not the one the chat API holds a minute later
// (issue 20, item 6): new reports pushed page 1's rows onto page 2 again. The button's stored
// request (moderation/actions.ts: a row in the store, the button itself carries only its id, so
// no platform limit applies) keeps a snapshot of the list as shown: the latest arrival among its
// items, and which items arrived at that very moment. On the next page, items that arrived later
// are left out and counted; the list shows them when it is asked for again.
import { z } from "zod";
import { t } from "../i18n/translate.js";

/** One value of an item's place in a list or of its arrival: text or a number. */
export type Mark = string | number;
/** Where an item stands in its list: its sort key, unique within the list. */
export type Place = readonly Mark[];

const markSchema = z.union([z.string(), z.number()]);
export const placeSchema = z.array(markSchema).readonly();

/**
 * So many items arriving in the same second as the list's latest are remembered by their place;
 * beyond that (100,000 bans seeded at once) every item of that second counts as listed.
 */
const REMEMBERED_AT_MOST = 100;

export const snapshotSchema = z.object({
  /** The latest arrival among the items listed. */
  through: markSchema.optional(),
  /**
   * The places of the listed items that arrived at `through` (of every listed item, for a list
   * that tells no arrival), when there are few enough to keep.
   */
  at: z.array(placeSchema).optional(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

/**
 * How a list is paged. Its items are in `compare`'s order (ListSnapshot.keep sorts them), so a
 * page turn finds where it left off by place, even when items before it have left the list.
 */
export interface PagedList<Item> {
  /** `report`: "5 new reports since this list". */
  noun: string;
  nouns?: string;
  place(item: Item): Place;
  /** The list's order, on places. */
  compare(a: Place, b: Place): number;
  /**
   * When the item joined the list, as a value that only grows (a report's time, a ban's start).
   * A list without one (languages, channel groups) is short: its snapshot is every item's place.
   */
  arrival?(item: Item): Mark;
}

/**
 * Numbers by value, text by code units (the API's timestamps are of one form each, and sort as
 * their text does; code units are several times faster than localeCompare on a long list).
 */
export function compareMarks(a: Mark, b: Mark): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The items in the list's order. Places made at each comparison cost no more than a sort by the
 * items' fields (V8 keeps such short-lived arrays off the heap); made once beforehand, twice.
 */
function inListOrder<Item>(items: readonly Item[], list: PagedList<Item>): Item[] {
  return [...items].sort((a, b) => list.compare(list.place(a), list.place(b)));
}

/**
 * The snapshot of one command run: on a page turn, the list as the moderator saw it; on a list
 * asked for now, what a page button will need to keep of it. A handler passes its items through
 * `keep` before it counts or limits them, and shows them in the order `keep` gives.
 */
export class ListSnapshot {
  private listed: { items: readonly unknown[]; list: PagedList<unknown> } | undefined;
  private arrivedSince = 0;

  /** `carried`: the snapshot a page button stored; undefined for a list asked for now. */
  constructor(private readonly carried: Snapshot | undefined) {}

  /**
   * The items the moderator's list holds, in the list's order: on a page turn, none that
   * arrived since it was shown.
   */
  keep<Item>(items: readonly Item[], list: PagedList<Item>): Item[] {
    const kept = inListOrder(
      this.carried ? items.filter(inSnapshot(this.carried, list)) : items,
      list,
    );
    this.listed = { items: kept, list: list as PagedList<unknown> };
    this.arrivedSince = items.length - kept.length;
    return kept;
  }

  /** What a page button keeps: the snapshot it came with, or the one of the list shown now. */
  taken(): Snapshot | undefined {
    if (this.carried) return this.carried;
    return this.listed ? snapshotOf(this.listed.items, this.listed.list) : undefined;
  }

  /** "5 new reports since this list: run reports again", or nothing. */
  notices(command: string): string[] {
    const list = this.listed?.list;
    if (!list || this.arrivedSince === 0) return [];
    return [
      t("runner.arrivedSince", {
        count: this.arrivedSince,
        noun: list.noun,
        nouns: list.nouns ?? `${list.noun}s`,
        command,
      }),
    ];
  }
}

function snapshotOf<Item>(items: readonly Item[], list: PagedList<Item>): Snapshot {
  const { arrival } = list;
  if (!arrival) return { at: placesIfFew(items, list) };
  let through: Mark | undefined;
  for (const item of items) {
    const mark = arrival(item);
    if (through === undefined || compareMarks(mark, through) > 0) through = mark;
  }
  if (through === undefined) return {};
  const latest = through;
  return {
    through,
    at: placesIfFew(
      items.filter((item) => compareMarks(arrival(item), latest) === 0),
      list,
    ),
  };
}

function placesIfFew<Item>(items: readonly Item[], list: PagedList<Item>): Place[] | undefined {
  return items.length <= REMEMBERED_AT_MOST ? items.map((item) => list.place(item)) : undefined;
}

function inSnapshot<Item>(snapshot: Snapshot, list: PagedList<Item>): (item: Item) => boolean {
  const at = snapshot.at && new Set(snapshot.at.map((place) => JSON.stringify(place)));
  const listedAt = (item: Item) => !at || at.has(JSON.stringify(list.place(item)));
  const { arrival } = list;
  const { through } = snapshot;
  if (!arrival || through === undefined) return listedAt;
  return (item) => {
    const order = compareMarks(arrival(item), through);
    return order < 0 || (order === 0 && listedAt(item));
  };
}

/** The first index whose item comes after `place` (strict) or not before it, items in order. */
export function indexAfter<Item>(
  items: readonly Item[],
  list: PagedList<Item>,
  place: Place,
  strict: boolean,
): number {
  let [low, high] = [0, items.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = list.compare(list.place(items[middle] as Item), place);
    if (order < 0 || (strict && order === 0)) low = middle + 1;
    else high = middle;
  }
  return low;
}
