// report_id → slot in sorted typed arrays, as the poller's memory finds each listed report. Ids
// come mostly in ascending order but not only: every id added is found again, no id never added
// is found, and the ids are walked in ascending order, whatever order they came in.
import { describe, expect, it } from "vitest";
import { ReportIdIndex } from "../../src/feed/report-id-index.js";

function indexOf(ids: readonly number[]): ReportIdIndex {
  const index = new ReportIdIndex();
  for (const [slot, id] of ids.entries()) index.add(id, slot);
  return index;
}

describe("the index of report ids", () => {
  it("finds nothing when empty, then each id added with its slot", () => {
    const index = new ReportIdIndex();
    expect(index.get(1)).toBeUndefined();
    expect([...index.entries()]).toEqual([]);
    index.add(5, 0);
    index.add(-Number.MAX_SAFE_INTEGER, 1);
    index.add(Number.MAX_SAFE_INTEGER, 2);
    expect([
      index.get(5),
      index.get(-Number.MAX_SAFE_INTEGER),
      index.get(Number.MAX_SAFE_INTEGER),
    ]).toEqual([0, 1, 2]);
    expect(index.get(4)).toBeUndefined();
    expect(index.size).toBe(3);
  });

  it("finds every id of many, ascending, descending or scattered, and none other", () => {
    const count = 20_000;
    const orders = {
      ascending: Array.from({ length: count }, (_, n) => n * 3),
      descending: Array.from({ length: count }, (_, n) => (count - n) * 3),
      scattered: Array.from({ length: count }, (_, n) => ((n * 7_919) % count) * 3),
      // A long run of ascending ids, then a few late ones below them, then ascending again.
      mostlyAscending: Array.from({ length: count }, (_, n) =>
        n % 100 === 99 ? n * 3 - 150 : n * 3 + 60_000,
      ),
    };
    for (const [order, ids] of Object.entries(orders)) {
      const index = indexOf(ids);
      expect(index.size, order).toBe(count);
      expect(
        ids.filter((id, slot) => index.get(id) !== slot),
        order,
      ).toEqual([]);
      for (const absent of [-1, 1, 2, 4, 59_999, 10_000_000]) {
        expect(index.get(absent), `${order} ${absent}`).toBeUndefined();
      }
      const walked = [...index.entries()];
      expect(
        walked.map(([id]) => id),
        order,
      ).toEqual([...ids].sort((a, b) => a - b));
      expect(
        walked.every(([id, slot]) => ids[slot] === id),
        order,
      ).toBe(true);
    }
  });

  it("finds ids added after a walk, before and after the ones it holds", () => {
    const index = indexOf([10, 20, 30]);
    expect([...index.entries()].map(([id]) => id)).toEqual([10, 20, 30]);
    index.add(15, 3);
    index.add(40, 4);
    expect([index.get(15), index.get(40), index.get(20)]).toEqual([3, 4, 1]);
    expect([...index.entries()]).toEqual([
      [10, 0],
      [15, 3],
      [20, 1],
      [30, 2],
      [40, 4],
    ]);
  });
});
