// The reports one poll finds new, kept by their place in the list and read again when written.
// What the poll relies on: a report listed twice is one report (the later item stands), the
// newest are picked by create_at then report_id as the backfill picks them, batches come by
// ascending report_id (the order racing replicas lock rows in), and one at a time oldest first.
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/chat-api/schemas.js";
import { FreshReports } from "../../src/feed/fresh-reports.js";

function report(reportId: number, createAt: string, message = `report ${reportId}`): Report {
  return {
    report_id: reportId,
    to_gamer_id: `gamer-${reportId}`,
    to_gamer_name: "Night",
    from_gamer_id: "gamer-0",
    from_gamer_name: "Mina",
    message,
    keyword: "SPAM",
    reason: "spam",
    status: 1,
    value: 0,
    update_at: createAt,
    create_at: createAt,
  };
}

/** A list as the poll reads it, with how many times each item was read. */
function listOf(items: readonly Report[]) {
  const reads = items.map(() => 0);
  const fresh = new FreshReports((item) => {
    reads[item] = (reads[item] ?? 0) + 1;
    return items[item] as Report;
  });
  for (const [item, listed] of items.entries()) fresh.add(listed, item);
  return { fresh, reads };
}

const ids = (reports: readonly Report[]) => reports.map((listed) => listed.report_id);

describe("the new reports of one poll", () => {
  // Ids out of time order, and one id listed twice: the later item, later in time, stands.
  const items = [
    report(30, "2024-06-17 09:00:03"),
    report(10, "2024-06-17 09:00:05"),
    report(20, "2024-06-17 09:00:01"),
    report(40, "2024-06-17 09:00:03"),
    report(10, "2024-06-17 09:00:09", "listed again"),
  ];

  it("counts a report listed twice once, and reads it as its later item", () => {
    const { fresh } = listOf(items);
    expect(fresh.size).toBe(4);
    const all = [...fresh.ascending(10)].flat();
    expect(all.find((listed) => listed.report_id === 10)?.message).toBe("listed again");
  });

  it("picks the newest by create_at, then report_id", () => {
    const { fresh } = listOf(items);
    expect(fresh.newest(2)).toEqual(new Set([10, 40]));
    expect(fresh.newest(3)).toEqual(new Set([10, 40, 30]));
    expect(fresh.newest(0)).toEqual(new Set());
    expect(fresh.newest(9)).toEqual(new Set([10, 20, 30, 40]));
  });

  it("reads them again in batches by ascending report_id, each item once", () => {
    const { fresh, reads } = listOf(items);
    expect([...fresh.ascending(3)].map(ids)).toEqual([[10, 20, 30], [40]]);
    // The earlier item of id 10 is never read: it does not stand.
    expect(reads).toEqual([1, 0, 1, 1, 1]);
  });

  it("reads them again one at a time, oldest first, only as each is reached", () => {
    const { fresh, reads } = listOf(items);
    const oldestFirst = fresh.oldestFirst();
    expect(oldestFirst.next().value?.report_id).toBe(20);
    expect(reads).toEqual([0, 0, 1, 0, 0]);
    expect(ids([...oldestFirst])).toEqual([30, 40, 10]);
  });

  it("holds reports already read as their own items", () => {
    const fresh = FreshReports.of([
      report(2, "2024-06-17 09:00:00"),
      report(1, "2024-06-17 09:00:00"),
    ]);
    expect([...fresh.ascending(1)].map(ids)).toEqual([[1], [2]]);
    expect(FreshReports.of([]).size).toBe(0);
  });
});
