// The reports one poll finds new to the store, kept as their place in the list rather than as
// objects until they are written, and read again from the list's body then, a batch at a time.
// The very first poll finds every report new: holding 100,000 parsed reports while they are
// written held the list twice over beside its body (issue 19, item 5). What deciding needs before
// writing is kept in typed arrays, sized once for the list: the report_id, the item's index in
// the list, and create_at as a number that orders as the text does.
import type { Report } from "../chat-api/schemas.js";
import { localTimestampNumber } from "../chat-api/time.js";
import { grown } from "./grown.js";

export class FreshReports {
  #reportIds: Float64Array;
  #items: Uint32Array;
  #created: Float64Array;
  #added = 0;
  /** One entry per report_id, by ascending report_id: made when first asked for. */
  #distinct: Uint32Array | undefined;

  /**
   * `read`: the report at an item's index, as the poll first read it. `capacity`: how many may be
   * added (the list's length) without the arrays growing.
   */
  constructor(
    private readonly read: (item: number) => Report,
    capacity = 16,
  ) {
    this.#reportIds = new Float64Array(capacity);
    this.#items = new Uint32Array(capacity);
    this.#created = new Float64Array(capacity);
  }

  /** Reports already read, each its own item (a write of one report alone, or none). */
  static of(reports: readonly Report[]): FreshReports {
    const fresh = new FreshReports((item) => reports[item] as Report, reports.length);
    for (const [item, report] of reports.entries()) fresh.add(report, item);
    return fresh;
  }

  /** How many distinct report_ids. */
  get size(): number {
    return this.distinct().length;
  }

  /** A report listed twice is one report: the later item stands. */
  add(report: Report, item: number): void {
    if (this.#added === this.#reportIds.length) this.grow();
    this.#reportIds[this.#added] = report.report_id;
    this.#items[this.#added] = item;
    this.#created[this.#added] = localTimestampNumber(report.create_at);
    this.#added += 1;
    this.#distinct = undefined;
  }

  /** The report_ids of the `count` newest, by create_at, then report_id (ids need not follow time). */
  newest(count: number): Set<number> {
    const newestFirst = this.distinct()
      .slice()
      .sort((a, b) => this.byTime(b, a));
    return new Set(Array.from(newestFirst.subarray(0, count), (entry) => this.reportIdOf(entry)));
  }

  /**
   * The reports, read again, in batches of at most `size`, by ascending report_id: the order in
   * which racing polls on two replicas take the rows, so that one waits for the other rather than
   * both deadlocking.
   */
  *ascending(size: number): IterableIterator<Report[]> {
    const entries = this.distinct();
    for (let start = 0; start < entries.length; start += size) {
      yield Array.from(entries.subarray(start, start + size), (entry) => this.reportOf(entry));
    }
  }

  /** The reports, read again one at a time, oldest first: the order cards are opened in. */
  *oldestFirst(): IterableIterator<Report> {
    for (const entry of this.distinct()
      .slice()
      .sort((a, b) => this.byTime(a, b))) {
      yield this.reportOf(entry);
    }
  }

  /**
   * The players the reports `due` are against, each report read again: the poll reads their ban
   * counts before it writes (ban-record.ts).
   */
  targets(due: (reportId: number) => boolean): Set<string> {
    const players = new Set<string>();
    for (const entry of this.distinct()) {
      if (due(this.reportIdOf(entry))) players.add(this.reportOf(entry).to_gamer_id);
    }
    return players;
  }

  /** The last entry of each report_id, by ascending report_id. */
  private distinct(): Uint32Array {
    if (this.#distinct !== undefined) return this.#distinct;
    const byId = new Uint32Array(this.#added);
    for (let entry = 0; entry < this.#added; entry++) byId[entry] = entry;
    byId.sort((a, b) => this.reportIdOf(a) - this.reportIdOf(b) || a - b);
    let kept = 0;
    for (let at = 0; at < byId.length; at++) {
      const entry = byId[at] as number;
      const next = byId[at + 1];
      if (next === undefined || this.reportIdOf(next) !== this.reportIdOf(entry)) {
        byId[kept] = entry;
        kept += 1;
      }
    }
    this.#distinct = byId.subarray(0, kept);
    return this.#distinct;
  }

  private byTime(a: number, b: number): number {
    return (
      (this.#created[a] as number) - (this.#created[b] as number) ||
      this.reportIdOf(a) - this.reportIdOf(b)
    );
  }

  private reportIdOf(entry: number): number {
    return this.#reportIds[entry] as number;
  }

  private reportOf(entry: number): Report {
    return this.read(this.#items[entry] as number);
  }

  private grow(): void {
    const capacity = Math.max(16, this.#reportIds.length * 2);
    this.#reportIds = grown(this.#reportIds, capacity);
    this.#items = grown(this.#items, capacity);
    this.#created = grown(this.#created, capacity);
  }
}
