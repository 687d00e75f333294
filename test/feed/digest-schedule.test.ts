// When the shift digest is owed, on SQLite and PostgreSQL, on a clock the test moves: at the slot
// the cron names in the chat time zone, once; after an outage, only the latest missed slot of the
// past day, once; and by exactly one of two replicas looking at once.
import { afterEach, describe, expect, it } from "vitest";
import { DigestSchedule } from "../../src/feed/digest-schedule.js";
import { Digests } from "../../src/feed/digests.js";
import { Outbox } from "../../src/feed/outbox.js";
import { silentLogger } from "../../src/log.js";
import type { Store } from "../../src/store/store.js";
import { openTestStore, STORE_KINDS } from "../helpers/stores.js";

const REPORT_CHANNELS = ["discord:report", "slack:report"] as const;
const schedules: DigestSchedule[] = [];
afterEach(async () => {
  for (const schedule of schedules.splice(0)) await schedule.destroy();
});

/** A schedule on `store` whose clock reads `clock.at`. */
function scheduleOn(store: Store, cron: string, timeZone: string, clock: { at: Date }) {
  const digests = new Digests(store, new Outbox(store), REPORT_CHANNELS);
  const schedule = new DigestSchedule(cron, timeZone, digests, () => clock.at, silentLogger);
  schedules.push(schedule);
  return schedule;
}

/** The slots owed so far, per destination, in ISO time. */
async function owedSlots(store: Store): Promise<string[]> {
  const rows = await store.db
    .selectFrom("digests")
    .innerJoin("outbox", (join) =>
      join.onRef("outbox.subject", "=", "digests.id").on("outbox.kind", "=", "post-digest"),
    )
    .select(["digests.destination", "digests.slot_at"])
    .orderBy("digests.slot_at")
    .orderBy("digests.destination")
    .execute();
  return rows.map((row) => `${new Date(row.slot_at).toISOString()} ${row.destination}`);
}

describe.each(STORE_KINDS)("the shift digest's schedule on %s", (kind) => {
  it("owes each slot once, at the minute the cron names in the chat time zone", async () => {
    const { store } = await openTestStore(kind);
    const clock = { at: new Date("2026-11-25T23:59:30Z") };
    // 09:00 in Seoul is 00:00 UTC.
    const schedule = scheduleOn(store, "0 9 * * *", "Asia/Seoul", clock);
    await schedule.lookNow();
    expect(await owedSlots(store)).toEqual([]);
    clock.at = new Date("2026-11-26T00:00:05Z");
    await schedule.lookNow();
    clock.at = new Date("2026-11-26T00:01:05Z");
    await schedule.lookNow();
    expect(await owedSlots(store)).toEqual([
      "2026-11-26T00:00:00.000Z discord:report",
      "2026-11-26T00:00:00.000Z slack:report",
    ]);
  });

  it("owes only the latest slot missed while down, once, and none older than a day", async () => {
    const first = await openTestStore(kind);
    const clock = { at: new Date("2026-11-25T09:00:10Z") };
    await scheduleOn(first.store, "0 9,21 * * *", "UTC", clock).lookNow();
    // Down from 09:00 on the 25th to 22:00 on the 26th: 21:00, 09:00 and 21:00 were missed.
    clock.at = new Date("2026-11-26T22:00:00Z");
    const restarted = scheduleOn(first.store, "0 9,21 * * *", "UTC", clock);
    await restarted.lookNow();
    await restarted.lookNow();
    expect(await owedSlots(first.store)).toEqual([
      "2026-11-25T09:00:00.000Z discord:report",
      "2026-11-25T09:00:00.000Z slack:report",
      "2026-11-26T21:00:00.000Z discord:report",
      "2026-11-26T21:00:00.000Z slack:report",
    ]);

    // A weekly digest (Saturdays) down since the 14th: the slot of the 21st, five days before
    // the start, is stale; nothing is owed until the next Saturday.
    const weekly = await openTestStore(kind);
    clock.at = new Date("2026-11-14T09:00:10Z");
    await scheduleOn(weekly.store, "0 9 * * 6", "UTC", clock).lookNow();
    clock.at = new Date("2026-11-26T12:00:00Z");
    await scheduleOn(weekly.store, "0 9 * * 6", "UTC", clock).lookNow();
    expect(await owedSlots(weekly.store)).toEqual([
      "2026-11-14T09:00:00.000Z discord:report",
      "2026-11-14T09:00:00.000Z slack:report",
    ]);
  });

  it("is owed by exactly one of two replicas looking at once", async () => {
    const first = await openTestStore(kind);
    const second = kind === "postgres" ? await openTestStore(kind, first.location) : first;
    const clock = { at: new Date("2026-11-26T21:00:01Z") };
    await Promise.all([
      scheduleOn(first.store, "0 9,21 * * *", "UTC", clock).lookNow(),
      scheduleOn(second.store, "0 9,21 * * *", "UTC", clock).lookNow(),
    ]);
    expect(await owedSlots(first.store)).toEqual([
      "2026-11-26T21:00:00.000Z discord:report",
      "2026-11-26T21:00:00.000Z slack:report",
    ]);
  });
});
