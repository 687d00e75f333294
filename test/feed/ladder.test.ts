// The sanction ladder on the feed's cards, on SQLite and PostgreSQL: the card's first ban button
// is the ladder's next step for its player, with why ("Ban 7d · 2nd offence"), counted from the
// bans the bot made and the chat API's ban count; pressing it bans for those days, and nothing
// bans by itself. `history` says the same next step.
import { afterEach, describe, expect, it } from "vitest";
import { reportButtonId } from "../../src/feed/report-buttons.js";
import type { View } from "../../src/view/view.js";
import { captureLogs } from "../adapters/slack/log-capture.js";
import { moderator, textOf } from "../helpers/core.js";
import { STORE_KINDS } from "../helpers/stores.js";
import { type FeedHarness, FIRST_OFFENCE_BUTTONS, startFeedHarness } from "./harness.js";

let h: FeedHarness;
afterEach(async () => {
  await h?.close();
});

const labels = (view: View | undefined) => (view?.actions ?? []).map((action) => action.label);

/** A report against `gamerId`, polled, and its card as posted. */
async function reported(gamerId: string): Promise<View> {
  const posted = h.reports.posts.length;
  h.emulator.state.injectReport({ to_gamer_id: gamerId });
  await h.feed.pollNow();
  await h.reports.until(() => h.reports.posts.length === posted + 1);
  return h.reports.views()[posted] as View;
}

describe.each(STORE_KINDS)("the ladder on %s", (kind) => {
  it("suggests the first step for a player never banned, beside Ban…, Dismiss, History and Filter…", async () => {
    h = await startFeedHarness({ kind });
    await h.feed.pollNow();
    const card = await reported("first-timer");
    expect(labels(card)).toEqual(FIRST_OFFENCE_BUTTONS);
    expect(card.data).toMatchObject({ ladder: { days: 1, offence: 1, earlier_bans: 0 } });
    // A suggestion: nothing was banned by showing it.
    expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);
  });

  it("counts the bans the chat API knows of, made outside the bot, even once they ended", async () => {
    h = await startFeedHarness({ kind });
    await h.feed.pollNow();
    // Two bans before the bot ever ran, the last one running now: count 2.
    h.emulator.state.ban(
      "repeat",
      1,
      "extend",
      new Date(h.emulator.state.now().getTime() - 40 * 86_400_000),
    );
    h.emulator.state.ban("repeat", 3, "extend");
    expect(labels(await reported("repeat"))[0]).toBe("Ban 30d · 3rd offence");
    // The ban ends; the list no longer names him, and his count is still known.
    h.emulator.state.unban("repeat");
    await h.run("dismiss", { report_id: "1" });
    const again = await reported("repeat");
    expect(labels(again)[0]).toBe("Ban 30d · 3rd offence");
  });

  it("posts the card all the same when the ban list cannot be read, and says so in the log once", async () => {
    const logs = captureLogs();
    h = await startFeedHarness({ kind, logger: logs.logger, groupMinutes: 0 });
    await h.feed.pollNow();
    h.emulator.state.ban("hidden-record", 3);
    const refuse = {
      method: "GET",
      path: "/block_user_list",
      respond: { status: 404, body: '{"message":"gone","code":404,"error":true}' },
      times: 2,
    };
    h.emulator.faults.add(refuse);
    expect(labels(await reported("hidden-record"))[0]).toBe("Ban 1d · 1st offence");
    await reported("hidden-record-2");
    const warned = logs.lines.items.filter((line) =>
      line.msg.includes("ban list could not be read"),
    );
    expect(warned).toHaveLength(1);
    // Readable again: the next card knows his ban.
    expect(labels(await reported("hidden-record"))[0]).toBe("Ban 7d · 2nd offence");
  });

  it("bans for the suggested days when pressed, and suggests the next step after", async () => {
    h = await startFeedHarness({ kind, groupMinutes: 0 });
    await h.feed.pollNow();
    const first = await reported("climber");
    const suggestion = first.actions?.[0];
    if (!suggestion) throw new Error("no suggestion");
    const banned = await h.core.runner.press(suggestion.id, moderator);
    expect(banned.title).toBe("Banned a0 (climber) for 1 day");
    expect(h.emulator.state.runningBan("climber")?.count).toBe(1);
    expect(labels(await reported("climber"))[0]).toBe("Ban 7d · 2nd offence");
    await h.run("ban", { gamer_id: "climber", days: "7" });
    expect(labels(await reported("climber"))[0]).toBe("Ban 30d · 3rd offence");
    await h.run("ban", { gamer_id: "climber", days: "30" });
    await h.run("ban", { gamer_id: "climber", days: "365" }, moderator, { confirmed: true });
    // Past the top step the ladder stays there.
    const top = await reported("climber");
    expect(labels(top)[0]).toBe("Ban 365d · 5th offence");
    // Longer than CONFIRM_BAN_DAYS_OVER (30): asked about first, as a typed ban is.
    const pressed = await h.core.runner.press(top.actions?.[0]?.id ?? "", moderator);
    expect(pressed.outcome).toBe("confirm");
    expect(h.emulator.state.runningBan("climber")?.count).toBe(4);
  });

  it("still bans 1 and 7 days from the buttons of cards posted before the ladder", async () => {
    h = await startFeedHarness({ kind });
    await h.feed.pollNow();
    await reported("old-card");
    const key = { reportId: 1, generation: 0 };
    const answer = await h.core.runner.press(reportButtonId(key, "ban7"), moderator);
    expect(answer.title).toBe("Banned a0 (old-card) for 7 days");
  });

  it("refuses a button asking for more days than MAX_BAN_DAYS, as a typed ban would be", async () => {
    h = await startFeedHarness({ kind });
    await h.feed.pollNow();
    await reported("forged");
    const key = { reportId: 1, generation: 0 };
    const answer = await h.core.runner.press(reportButtonId(key, "ban99999"), moderator);
    expect(answer.outcome).toBe("error");
    expect(textOf(answer)).toContain("days must be a whole number of days from 1 to 3650");
    expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);
  });

  it("history says the next step, counting the ban running now", async () => {
    h = await startFeedHarness({ kind });
    h.emulator.state.ban("seen-before", 3);
    const history = await h.run("history", { gamer_id: "seen-before" });
    expect(textOf(history)).toContain("Next on the ladder: 7 days (2nd offence)");
    expect(history.data).toMatchObject({ ladder: { days: 7, offence: 2, earlier_bans: 1 } });
    const fresh = await h.run("history", { gamer_id: "nobody-yet" });
    expect(textOf(fresh)).toContain("Next on the ladder: 1 day (1st offence)");
  });
});
