// Reminders on the feed, on SQLite and PostgreSQL, against the emulator, on a clock the test
// moves: the cards still open an hour after they opened are brought back once, in one post that
// lists them oldest first, ten at most and "and N more"; a handled card is left out; a card is
// never reminded of twice; a card that comes due later gets a reminder of its own.
import { afterEach, describe, expect, it } from "vitest";
import type { View } from "../../src/view/view.js";
import { reportedBy } from "../helpers/emulator.js";
import { STORE_KINDS } from "../helpers/stores.js";
import { type FeedHarness, startFeedHarness } from "./harness.js";

let h: FeedHarness;
afterEach(async () => {
  await h?.close();
});

const MINUTE_MS = 60_000;
const isReminder = (view: View) => view.title.startsWith("Still waiting");
const reminders = () => h.reports.views().filter(isReminder);

describe.each(STORE_KINDS)("reminders on %s", (kind) => {
  it("bring back each waiting card once, all due at once in one post", async () => {
    const start = new Date("2026-11-26T10:00:00Z").getTime();
    let now = new Date(start);
    const at = (minutes: number) => {
      now = new Date(start + minutes * MINUTE_MS);
    };
    h = await startFeedHarness({ kind, now: () => now, remindMinutes: 60 });
    await h.feed.pollNow();
    for (let n = 1; n <= 12; n++) reportedBy(h.emulator.state, `player-${n}`, ["r-1"], "SPAM");
    await h.feed.pollNow(); // reports #1-#12, a card each
    await h.reports.until(() => h.reports.posts.length === 12);
    at(30);
    await h.run("dismiss", { report_id: "12" });

    at(59);
    await h.feed.reminderLooks?.lookNow();
    at(60);
    await h.feed.reminderLooks?.lookNow();
    await h.reports.until(() => reminders().length === 1);
    const [reminder] = reminders();
    expect(reminder?.title).toBe("Still waiting: 11 report cards");
    expect(reminder?.description).toBe(
      "Open for 60 minutes or more, and nobody has handled them yet.",
    );
    expect(reminder?.table?.rows.map((row) => row.report)).toEqual(
      Array.from({ length: 10 }, (_, index) => `report ${index + 1}`),
    );
    expect(reminder?.table?.rows[0]).toEqual({
      card: "Report #1 against a0 (player-1)",
      report: "report 1",
      since: { time: new Date(start) },
    });
    expect(reminder?.notices).toEqual(["and 1 more: reports --open lists every waiting card"]);

    // Still open much later: never reminded of again. A new card comes due an hour after it opens.
    at(70);
    reportedBy(h.emulator.state, "late", ["r-1"], "SPAM");
    await h.feed.pollNow(); // report #13
    at(120);
    await h.feed.reminderLooks?.lookNow();
    at(130);
    await h.feed.reminderLooks?.lookNow();
    await h.reports.until(() => reminders().length === 2);
    expect(reminders()[1]?.title).toBe("Still waiting: 1 report card");
    expect(reminders()[1]?.table?.rows.map((row) => row.report)).toEqual(["report 13"]);
    expect(reminders()[1]?.description).toBe(
      "Open for 60 minutes or more, and nobody has handled it yet.",
    );
  });
});
