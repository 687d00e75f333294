// The high-priority alert on the feed, on SQLite and PostgreSQL: a card that becomes high
// priority owes each report destination with a configured role or group one alert, once, in the
// poll that made it high; more reports joining it alert nobody again; a medium card alerts
// nobody; and with nothing configured there is no alert at all.
import { afterEach, describe, expect, it, vi } from "vitest";
import { reportedBy } from "../helpers/emulator.js";
import { STORE_KINDS } from "../helpers/stores.js";
import { type FeedHarness, startFeedHarness } from "./harness.js";

let h: FeedHarness;
afterEach(async () => {
  await h?.close();
});

const ALERT = { discordRoleId: "400000000000000009", slackUserGroupId: "S0MODS" };
/** The posts that mention someone: the alerts. */
const alerts = () => h.reports.views().filter((view) => view.mention !== undefined);

describe.each(STORE_KINDS)("the high-priority alert on %s", (kind) => {
  it("alerts once when a card becomes high, naming the role, the card and why", async () => {
    h = await startFeedHarness({ kind, priorityAlert: ALERT });
    await h.feed.pollNow();
    reportedBy(h.emulator.state, "cheater", ["r-1"], "CHEATING");
    await h.feed.pollNow();
    await h.reports.until(() => h.reports.posts.length === 1);
    // Medium: no alert.
    expect(alerts()).toEqual([]);

    reportedBy(h.emulator.state, "cheater", ["r-2", "r-3"], "CHEATING");
    await h.feed.pollNow();
    await h.reports.until(() => alerts().length === 1);
    const [alert] = alerts();
    expect(alert?.mention).toEqual(ALERT);
    expect(alert?.title).toBe("High priority: 3 reports against a0 (cheater)");
    expect(alert?.description).toBe(
      "High: 3 reporters in 24 h · CHEATING\nreport 1 shows the card and its actions.",
    );
    expect(alert?.actions ?? []).toEqual([]);

    // More reports join: the card is edited, and nobody is alerted again.
    reportedBy(h.emulator.state, "cheater", ["r-4", "r-5"], "CHEATING");
    await h.feed.pollNow();
    await h.reports.until(() => h.reports.views()[0]?.title === "5 reports against a0 (cheater)");
    await h.feed.pollNow();
    expect(alerts()).toHaveLength(1);
    // The card itself never mentions anyone.
    expect(h.reports.views()[0]?.mention).toBeUndefined();
  });

  it("alerts in the poll that opens a card already high", async () => {
    h = await startFeedHarness({ kind, priorityAlert: ALERT });
    await h.feed.pollNow();
    h.emulator.state.ban("repeat", 3);
    h.emulator.state.ban("repeat", 3);
    reportedBy(h.emulator.state, "repeat", ["r-1"], "HARASSMENT");
    await h.feed.pollNow();
    await h.reports.until(() => alerts().length === 1);
    expect(alerts()[0]?.description).toMatch(/^High: 1 reporter in 24 h · banned twice before/);
  });

  it("does not post an alert whose card was settled before it went out", async () => {
    h = await startFeedHarness({ kind, priorityAlert: ALERT });
    await h.feed.pollNow();
    // Nothing is sent meanwhile: the alert is owed, then the card is dismissed.
    await h.feed.stop();
    reportedBy(h.emulator.state, "quick", ["r-1", "r-2", "r-3"], "CHEATING");
    await h.feed.pollNow();
    await h.run("dismiss", { report_id: "1" });
    await h.restart();
    const alertDelivery = () =>
      h.core.store.db
        .selectFrom("outbox")
        .select(["state", "last_error"])
        .where("kind", "=", "post-alert")
        .execute();
    await vi.waitFor(async () => expect((await alertDelivery())[0]?.state).toBe("given_up"));
    expect(await alertDelivery()).toEqual([
      { state: "given_up", last_error: "its post-alert subject 1 is gone" },
    ]);
    expect(alerts()).toEqual([]);
  });

  it("alerts nobody when no role or group is configured", async () => {
    h = await startFeedHarness({ kind });
    await h.feed.pollNow();
    reportedBy(h.emulator.state, "cheater", ["r-1", "r-2", "r-3"], "CHEATING");
    await h.feed.pollNow();
    await h.reports.until(() => h.reports.posts.length === 1);
    await h.feed.pollNow();
    expect(h.reports.posts).toHaveLength(1);
    expect(alerts()).toEqual([]);
  });
});
