// report_id → a slot number, for the poller's memory of 100,000 reports (seen-reports.ts): two
// typed arrays sorted by id, 12 bytes a report (and room to grow) where a Map<number, number>
// takes about 37. The
// chat API numbers reports as they arrive, so new ids mostly come after every id known: they are
// appended. The others wait in a small Map, merged into the arrays in one pass once there are an
// eighth as many of them as there are ids, so an id costs constant time on average to add and
// a binary search to find.
import { grown } from "./grown.js";

const FIRST_CAPACITY = 1_024;
const SMALLEST_MERGE = 256;

export class ReportIdIndex {
  #ids: Float64Array;
  #slots: Uint32Array;
  /** How many of the arrays' entries are in use, all of them ascending by id. */
  #sorted = 0;
  /** Ids not yet merged into the arrays. */
  readonly #waiting = new Map<number, number>();

  /** `capacity`: how many ids it takes before its arrays grow. */
  constructor(capacity = FIRST_CAPACITY) {
    this.#ids = new Float64Array(capacity);
    this.#slots = new Uint32Array(capacity);
  }

  get size(): number {
    return this.#sorted + this.#waiting.size;
  }

  get(reportId: number): number | undefined {
    const at = this.position(reportId);
    if (at < this.#sorted && this.#ids[at] === reportId) return this.#slots[at];
    return this.#waiting.get(reportId);
  }

  /** Adds an id not in the index yet. */
  add(reportId: number, slot: number): void {
    const last = this.#ids[this.#sorted - 1];
    if (this.#waiting.size === 0 && (last === undefined || reportId > last)) {
      if (this.#sorted === this.#ids.length)
        this.resize(Math.max(FIRST_CAPACITY, this.#sorted * 2));
      this.#ids[this.#sorted] = reportId;
      this.#slots[this.#sorted] = slot;
      this.#sorted += 1;
      return;
    }
    this.#waiting.set(reportId, slot);
    if (this.#waiting.size >= Math.max(SMALLEST_MERGE, this.#sorted / 8)) this.merge();
  }

  /** Every id with its slot, by ascending id. */
  *entries(): IterableIterator<[number, number]> {
    this.merge();
    for (let at = 0; at < this.#sorted; at++) {
      yield [this.#ids[at] as number, this.#slots[at] as number];
    }
  }

  /** Where `reportId` is, or would go, among the sorted ids. */
  private position(reportId: number): number {
    let low = 0;
    let high = this.#sorted;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#ids[middle] as number) < reportId) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The waiting ids merged into the sorted arrays, from the back, in one pass. */
  private merge(): void {
    if (this.#waiting.size === 0) return;
    const waiting = [...this.#waiting].sort(([a], [b]) => a - b);
    this.#waiting.clear();
    const total = this.#sorted + waiting.length;
    if (total > this.#ids.length) this.resize(Math.max(total, this.#ids.length * 2));
    let from = this.#sorted - 1;
    let next = waiting.length - 1;
    for (let to = total - 1; next >= 0; to--) {
      const [reportId, slot] = waiting[next] as [number, number];
      if (from >= 0 && (this.#ids[from] as number) > reportId) {
        this.#ids[to] = this.#ids[from] as number;
        this.#slots[to] = this.#slots[from] as number;
        from -= 1;
      } else {
        this.#ids[to] = reportId;
        this.#slots[to] = slot;
        next -= 1;
      }
    }
    this.#sorted = total;
  }

  private resize(capacity: number): void {
    this.#ids = grown(this.#ids, capacity);
    this.#slots = grown(this.#slots, capacity);
  }
}
