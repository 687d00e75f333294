// The shift digest's post on the feed, on SQLite and PostgreSQL, against the emulator: the cards
// waiting by priority and the oldest of them, what was handled since the digest before and by
// whom, and the bans of the chat API's list ending within 24 hours of its slot.
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
const HOUR_MS = 60 * MINUTE_MS;
const isDigest = (view: View) => view.title.startsWith("Shift digest");

describe.each(STORE_KINDS)("the shift digest on %s", (kind) => {
  it("shows the backlog by priority, the oldest card, who handled what, and bans ending", async () => {
    // The emulator's bans run on the host's clock: the slot is this very minute.
    const slot = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
    let now = new Date(slot - 10 * MINUTE_MS);
    h = await startFeedHarness({ kind, now: () => now, digestCron: "* * * * *" });
    await h.feed.pollNow();
    reportedBy(h.emulator.state, "waiting-old", ["r-1"], "SPAM"); // #1
    await h.feed.pollNow();
    now = new Date(now.getTime() + MINUTE_MS);
    reportedBy(h.emulator.state, "high", ["r-1", "r-2", "r-3", "r-4"], "CHEATING"); // #2-#5
    reportedBy(h.emulator.state, "dismissed", ["r-1"], "SPAM"); // #6
    await h.feed.pollNow();
    await h.run("dismiss", { report_id: "6" });
    h.emulator.state.ban("ending-soon", 1, "extend", new Date(slot - 2 * HOUR_MS));
    h.emulator.state.ban("ending-later", 3, "extend", new Date(slot - HOUR_MS));

    now = new Date(slot + 10_000);
    await h.feed.digestSchedule?.lookNow();
    await h.reports.until(() => h.reports.views().some(isDigest));
    const digest = h.reports.views().find(isDigest);
    expect(digest?.title).toBe("Shift digest: 2 cards waiting");
    expect(digest?.fields).toEqual([
      { label: "Waiting", value: "1 high · 1 low" },
      { label: "Oldest waiting", value: "report 1 against a0 (waiting-old)" },
      { label: "Waiting since", value: { time: new Date(slot - 10 * MINUTE_MS) } },
      { label: "Handled since", value: { time: new Date(slot - 24 * HOUR_MS) } },
      { label: "Handled", value: "Mina (discord): 1 dismissed" },
    ]);
    expect(digest?.table?.rows).toEqual([
      { player: "ending-soon", ends: { time: new Date(slot + 22 * HOUR_MS) } },
    ]);
    expect(digest?.notices).toEqual([]);

    // The next slot's digest counts what was handled since this one, and only that.
    now = new Date(slot + 30_000);
    await h.run("dismiss", { report_id: "1" });
    now = new Date(slot + MINUTE_MS + 10_000);
    await h.feed.digestSchedule?.lookNow();
    await h.reports.until(() => h.reports.views().filter(isDigest).length === 2);
    const next = h.reports.views().filter(isDigest)[1];
    expect(next?.title).toBe("Shift digest: 1 card waiting");
    expect(next?.fields?.slice(-2)).toEqual([
      { label: "Handled since", value: { time: new Date(slot) } },
      { label: "Handled", value: "Mina (discord): 1 dismissed" },
    ]);
  });
});
