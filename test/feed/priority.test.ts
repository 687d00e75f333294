// A card's priority on the feed's cards, on SQLite and PostgreSQL: under the card's state, how
// urgent it is and why, from the reports against its player in the 24 h up to its newest one,
// his earlier bans and dismissed reports, and the category's weight; it changes on the card's one
// message as reports join it, and `--json` carries it.
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

const HOUR_MS = 3_600_000;
/** The priority line: the card's description's second line. */
const priorityOf = (view: View | undefined) => view?.description?.split("\n")[1];
const cardOf = (gamerId: string) =>
  h.reports.views().find((view) => view.title.endsWith(`(${gamerId})`));

/** `reporters` distinct players (r-0, r-1…) each reporting `gamerId` for `keyword`, polled. */
async function reportedByMany(gamerId: string, reporters: number, keyword = "SPAM") {
  const names = Array.from({ length: reporters }, (_, n) => `r-${n}`);
  reportedBy(h.emulator.state, gamerId, names, keyword);
  await h.feed.pollNow();
}

describe.each(STORE_KINDS)("the priority on %s", (kind) => {
  it("shows how urgent a card is and why, under its state, and --json carries it", async () => {
    h = await startFeedHarness({ kind });
    await h.feed.pollNow();
    await reportedByMany("spammer", 1);
    await h.reports.until(() => cardOf("spammer") !== undefined);
    const card = cardOf("spammer");
    expect(card?.description).toBe(
      "Open: 1 report waiting for a moderator.\nLow: 1 reporter in 24 h · SPAM",
    );
    const shown = await h.run("report", { report_id: "1" });
    expect(shown.data).toMatchObject({
      priority: {
        level: "low",
        score: 3,
        reasons: ["1 reporter in 24 h", "SPAM"],
        counted: { reporters_24h: 1, reports_24h: 1, earlier_bans: 0, dismissed_before: 0 },
      },
    });
  });

  it("rises on the card's one message as reporters join it", async () => {
    h = await startFeedHarness({ kind });
    await h.feed.pollNow();
    await reportedByMany("cheater", 1, "CHEATING");
    await h.reports.until(() => priorityOf(cardOf("cheater"))?.startsWith("Medium") === true);
    expect(priorityOf(cardOf("cheater"))).toBe("Medium: 1 reporter in 24 h · CHEATING");
    await reportedByMany("cheater", 4, "CHEATING");
    await h.reports.until(() => priorityOf(cardOf("cheater"))?.startsWith("High") === true);
    // 4 new reporters, one of whom (r-0) reported before: four distinct, five reports.
    expect(priorityOf(cardOf("cheater"))).toBe(
      "High: 4 reporters in 24 h · 5 reports in 24 h · CHEATING",
    );
    expect(h.reports.posts).toHaveLength(1);
  });

  it("weighs the player's earlier bans and his dismissed reports", async () => {
    h = await startFeedHarness({ kind, groupMinutes: 0 });
    await h.feed.pollNow();
    h.emulator.state.ban("known", 3);
    h.emulator.state.ban("known", 3);
    await reportedByMany("known", 1, "HARASSMENT");
    await h.reports.until(() => cardOf("known") !== undefined);
    expect(priorityOf(cardOf("known"))).toBe(
      "High: 1 reporter in 24 h · banned twice before · HARASSMENT",
    );

    await reportedByMany("often-reported", 1, "HARASSMENT");
    await h.reports.until(() => cardOf("often-reported") !== undefined);
    await h.run("dismiss", { report_id: "2" }, moderator);
    await reportedByMany("often-reported", 1, "HARASSMENT");
    await h.reports.until(() => h.reports.posts.length === 3);
    const latest = h.reports.views()[2];
    expect(priorityOf(latest)).toBe(
      "Low: 1 reporter in 24 h · 2 reports in 24 h · 1 report dismissed before · HARASSMENT",
    );
  });

  it("counts only the 24 h up to the card's newest report", async () => {
    let now = new Date("2026-11-22T10:00:00Z");
    h = await startFeedHarness({ kind, now: () => now });
    await h.feed.pollNow();
    await reportedByMany("returning", 3);
    await h.reports.until(() => cardOf("returning") !== undefined);
    expect(priorityOf(cardOf("returning"))).toBe("Medium: 3 reporters in 24 h · SPAM");
    now = new Date(now.getTime() + 25 * HOUR_MS);
    h.emulator.state.injectReport({
      to_gamer_id: "returning",
      from_gamer_id: "late",
      keyword: "SPAM",
    });
    await h.feed.pollNow();
    await h.reports.until(() => h.reports.posts.length === 2);
    expect(priorityOf(h.reports.views()[1])).toBe("Low: 1 reporter in 24 h · SPAM");
  });

  it("is no longer shown once the card is settled", async () => {
    h = await startFeedHarness({ kind });
    await h.feed.pollNow();
    await reportedByMany("settled", 1);
    await h.reports.until(() => cardOf("settled") !== undefined);
    await h.run("dismiss", { report_id: "1" }, moderator);
    await h.reports.until(() => cardOf("settled")?.description?.startsWith("Dismissed") === true);
    expect(cardOf("settled")?.description).not.toContain("\n");
    expect((await h.run("report", { report_id: "1" })).data).toMatchObject({ priority: null });
  });
});
