// `reports --open` on the feed's cards, on SQLite and PostgreSQL: only the cards no moderator has
// handled, highest priority first, then oldest, each with why; a card claimed by a press that
// died counts again once its claim lapses; `--json` carries the priority and the ladder's step.
import { afterEach, describe, expect, it } from "vitest";
import type { View } from "../../src/view/view.js";
import { moderator } from "../helpers/core.js";
import { reportedBy } from "../helpers/emulator.js";
import { STORE_KINDS } from "../helpers/stores.js";
import { type FeedHarness, startFeedHarness } from "./harness.js";

let h: FeedHarness;
afterEach(async () => {
  await h?.close();
});

const MINUTE_MS = 60_000;
/** Each row as `priority #report player`, in the order listed. */
const rowsOf = (view: View) =>
  (view.table?.rows ?? []).map((row) => `${row.priority} #${row.report} ${row.player}`);

describe.each(STORE_KINDS)("reports --open on %s", (kind) => {
  it("lists the waiting cards, highest priority first, then oldest, each with why", async () => {
    let now = new Date("2026-11-22T10:00:00Z");
    const later = () => {
      now = new Date(now.getTime() + MINUTE_MS);
    };
    h = await startFeedHarness({ kind, now: () => now });
    await h.feed.pollNow();
    const poll = async () => {
      await h.feed.pollNow();
      later();
    };
    reportedBy(h.emulator.state, "low-old", ["r-1"], "SPAM"); // #1
    await poll();
    reportedBy(h.emulator.state, "medium", ["r-1"], "CHEATING"); // #2
    await poll();
    reportedBy(h.emulator.state, "high", ["r-1", "r-2", "r-3", "r-4"], "CHEATING"); // #3-#6
    await poll();
    reportedBy(h.emulator.state, "low-new", ["r-1"], "SPAM"); // #7
    await poll();
    reportedBy(h.emulator.state, "dismissed", ["r-1"], "CHEATING"); // #8
    await poll();
    await h.run("dismiss", { report_id: "8" });

    const open = await h.run("reports", { open: "yes" });
    expect(open.title).toBe("Open report cards: 4, highest priority first");
    expect(rowsOf(open)).toEqual([
      "High #3 a0 (high)",
      "Medium #2 a0 (medium)",
      "Low #1 a0 (low-old)",
      "Low #7 a0 (low-new)",
    ]);
    expect(open.table?.rows[0]).toMatchObject({
      reports: 4,
      why: "4 reporters in 24 h · CHEATING",
    });
    expect(open.notices).toContain("report 3 shows a card and its actions");
    expect(open.data).toEqual([
      expect.objectContaining({
        report_id: 3,
        gamer_id: "high",
        state: "open",
        reports: 4,
        priority: expect.objectContaining({
          level: "high",
          reasons: ["4 reporters in 24 h", "CHEATING"],
        }),
        ladder: { days: 1, offence: 1, earlier_bans: 0 },
      }),
      expect.objectContaining({ report_id: 2 }),
      expect.objectContaining({ report_id: 1 }),
      expect.objectContaining({ report_id: 7 }),
    ]);

    // Against one player only; and a limit.
    expect(rowsOf(await h.run("reports", { open: "yes", gamer_id: "medium" }))).toEqual([
      "Medium #2 a0 (medium)",
    ]);
    const first = await h.run("reports", { open: "yes", limit: "1" });
    expect(rowsOf(first)).toEqual(["High #3 a0 (high)"]);
    expect(first.notices).toContain("Showing the first 1 of 4; raise limit to see more.");
  });

  it("leaves out a card being handled, until its claim lapses", async () => {
    let now = new Date("2026-11-22T10:00:00Z");
    h = await startFeedHarness({ kind, now: () => now });
    await h.feed.pollNow();
    reportedBy(h.emulator.state, "claimed", ["r-1"]);
    await h.feed.pollNow();
    const cardId = await h.core.reports.cardFor(1, now);
    if (cardId === undefined) throw new Error("no card");
    // A press took the card and its process died before it finished.
    await h.core.reports.claim(cardId, moderator, now);
    expect((await h.run("reports", { open: "yes" })).table?.rows).toEqual([]);
    now = new Date(now.getTime() + h.core.reports.claimLeaseMs);
    expect(rowsOf(await h.run("reports", { open: "yes" }))).toEqual(["Low #1 a0 (claimed)"]);
  });

  it("says so when the report feed has not read the list yet", async () => {
    h = await startFeedHarness({ kind });
    const none = await h.run("reports", { open: "yes" });
    expect(none.table?.rows).toEqual([]);
    expect(none.table?.emptyText).toBe("No report card is waiting for a moderator.");
    expect(none.notices).toEqual([
      "The report feed has not read the report list yet: cards open as the running bot (chatwarden serve with a report channel) polls it.",
    ]);
  });
});
