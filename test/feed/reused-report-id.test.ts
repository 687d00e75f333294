// The chat API may list a report id it gave out before against another player. That is a new
// report: its own card, whose buttons act on the player it shows, while the earlier card stays
// as it was, with a note saying the id was reused, and its buttons still act on its own player.
// What a moderator sees and what a press sends to the chat API, on SQLite and PostgreSQL alike.
import { afterEach, describe, expect, it } from "vitest";
import type { View } from "../../src/view/view.js";
import { captureLogs, type LogCapture } from "../adapters/slack/log-capture.js";
import { admin, moderator, textOf } from "../helpers/core.js";
import { STORE_KINDS } from "../helpers/stores.js";
import { type FeedHarness, FIRST_OFFENCE_BUTTONS, startFeedHarness } from "./harness.js";

let h: FeedHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const actionId = (view: View | undefined, label: string) => {
  const action = view?.actions?.find((candidate) => candidate.label === label);
  if (!action) throw new Error(`no ${label} on ${view?.title}`);
  return action.id;
};
const labels = (view: View | undefined) => (view?.actions ?? []).map((action) => action.label);

/** What the bot asked the chat API to ban, in order. */
const bansSent = (harness: FeedHarness) =>
  harness.emulator.requests
    .filter((request) => request.method === "PUT" && request.path === "/block_user_chat")
    .map((request) => request.body);

describe.each(STORE_KINDS)("a report id the chat API reuses, on %s", (kind) => {
  let logs: LogCapture;

  /** Report 1 against alice-1 is posted; then the API lists id 1 against bob-2, updated later. */
  async function reused(): Promise<{ alice: () => View | undefined; bob: () => View | undefined }> {
    logs = captureLogs();
    const harness = await startFeedHarness({ kind, logger: logs.logger });
    h = harness;
    await harness.feed.pollNow();
    harness.emulator.state.injectReport({
      to_gamer_id: "alice-1",
      to_gamer_name: "Alice",
      message: "alice's words",
      createdAt: new Date(Date.UTC(2026, 10, 22, 10, 0)),
    });
    await harness.feed.pollNow();
    await harness.reports.until(() => harness.reports.posts.length === 1);

    const [listed] = await harness.core.api.listReports();
    const again = {
      ...listed,
      to_gamer_id: "bob-2",
      to_gamer_name: "Bob",
      message: "bob's words",
      update_at: "2026-11-22 11:00:00",
    };
    harness.emulator.faults.add({
      method: "GET",
      path: "/report_list",
      times: 10,
      respond: { status: 200, body: JSON.stringify([again]) },
    });
    await harness.feed.pollNow();
    await harness.reports.until(() => harness.reports.posts.length === 2);
    const alice = () => harness.reports.views()[0];
    const bob = () => harness.reports.views()[1];
    // The earlier card is edited once, for its note.
    await harness.reports.until(() => (alice()?.notices ?? []).length > 0);
    return { alice, bob };
  }

  it("posts a card of its own for the new player, and notes the reuse on the earlier card", async () => {
    const { alice, bob } = await reused();
    expect(bob()?.title).toBe("Report #1 against Bob (bob-2)");
    expect(textOf(bob() as View)).toContain("Reported: Bob (bob-2)");
    expect(textOf(bob() as View)).toContain("bob's words");
    expect(labels(bob())).toEqual(FIRST_OFFENCE_BUTTONS);

    // The earlier card reads as it did, plus the note.
    expect(alice()?.title).toBe("Report #1 against Alice (alice-1)");
    expect(textOf(alice() as View)).toContain("Reported: Alice (alice-1)");
    expect(textOf(alice() as View)).toContain("alice's words");
    expect(textOf({ ...(alice() as View), notices: [] })).not.toContain("bob");
    expect(alice()?.notices).toEqual([
      "The chat API has since given report id #1 to another report, against bob-2, posted on its own card: report 1 and dismiss 1 now mean that one. This card and its buttons stay with alice-1.",
    ]);
    // Filter… names its report by id, which now means Bob's: the earlier card no longer offers
    // it (its form would suggest Bob's words).
    expect(labels(alice())).toEqual(["Ban 1d · 1st offence", "Ban…", "Dismiss", "History", "Take"]);

    const warning = await logs.waitFor("reused");
    expect(warning).toMatchObject({ level: 40, reportId: 1, was: "alice-1", now: "bob-2" });
  });

  it("Ban 1d on each card bans the player that card shows", async () => {
    const { alice, bob } = await reused();
    const onBob = await h?.core.runner.press(actionId(bob(), "Ban 1d · 1st offence"), moderator);
    expect(onBob?.title).toBe("Banned Bob (bob-2) for 1 day");
    expect(bansSent(h as FeedHarness)).toEqual([{ gamer_id: "bob-2", days: 1 }]);
    await h?.reports.until(() => labels(bob()).join() === "History");
    // Alice's card is still open: nobody acted on her.
    expect(labels(alice())).toContain("Ban 1d · 1st offence");

    const onAlice = await h?.core.runner.press(
      actionId(alice(), "Ban 1d · 1st offence"),
      moderator,
    );
    expect(onAlice?.title).toBe("Banned Alice (alice-1) for 1 day");
    expect(bansSent(h as FeedHarness)).toEqual([
      { gamer_id: "bob-2", days: 1 },
      { gamer_id: "alice-1", days: 1 },
    ]);
    await h?.reports.until(() => labels(alice()).join() === "History");
  });

  it("Dismiss on the earlier card dismisses that card only; `report 1` shows the newer one", async () => {
    const { alice, bob } = await reused();
    const dismissed = await h?.core.runner.press(actionId(alice(), "Dismiss"), moderator);
    expect(dismissed?.outcome).toBe("success");
    await h?.reports.until(() => labels(alice()).join() === "History");
    expect(alice()?.description).toMatch(/^Dismissed by Mina \(discord\)/);
    expect(labels(bob())).toContain("Dismiss");

    const shown = await h?.run("report", { report_id: "1" });
    expect(shown?.title).toBe("Report #1 against Bob (bob-2)");
    const again = await h?.run("dismiss", { report_id: "1" });
    expect(again?.outcome).toBe("success");
    expect(again?.fields).toContainEqual({ label: "Player", value: "bob-2", inline: true });
    await h?.reports.until(() => labels(bob()).join() === "History");
  });

  it("Take on the earlier card takes that card; a Dismiss asked about and confirmed dismisses it, not the newer", async () => {
    const { alice, bob } = await reused();
    const taken = await h?.core.runner.press(actionId(alice(), "Take"), moderator);
    expect(taken?.title).toBe("You took report #1");
    await h?.reports.until(() => labels(alice()).includes("Taken by Mina · Release"));
    expect(labels(bob())).toContain("Take");

    const question = await h?.core.runner.press(actionId(alice(), "Dismiss"), admin);
    expect(question?.description).toMatch(
      /^Mina \(discord\) took report #1 just now: act anyway\?/,
    );
    const confirmed = await h?.core.runner.press(actionId(question, "Confirm"), admin);
    expect(confirmed?.fields).toContainEqual({ label: "Player", value: "alice-1", inline: true });
    await h?.reports.until(() => labels(alice()).join() === "History");
    expect(labels(bob())).toContain("Dismiss");
  });
});
