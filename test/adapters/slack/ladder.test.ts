// The sanction ladder's suggestion on a report card, through the real bolt App and the fake
// Slack: the card's first button names the step and why, and bans for its days when a moderator
// clicks it; the card is then updated to say so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buttonsOf,
  REPORT_CHANNEL,
  type SlackHarness,
  startSlackHarness,
  textsOf,
  users,
} from "./harness.js";

const DAY_MS = 86_400_000;

describe("a report card's suggested ban, on Slack", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({ mode: "http", reportChannelId: REPORT_CHANNEL });
    // The first poll (of an empty chat API) is over, so the next report is new, not backfill.
    await s.feed.pollNow();
  });
  afterAll(() => s.close());

  it("is the card's first button, named with the offence, and bans for its days", async () => {
    const { state } = s.core.emulator;
    // Banned once before, running now: the chat API lists him with count 1.
    state.ban("slack-repeat", 1);
    const report = state.injectReport({ to_gamer_id: "slack-repeat" });
    await s.feed.pollNow();
    const posted = await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("slack-repeat"),
    );
    const buttons = buttonsOf(posted.args);
    expect([...buttons.keys()]).toEqual(["Ban 7d · 2nd offence", "Ban…", "Dismiss", "History"]);
    const suggestion = buttons.get("Ban 7d · 2nd offence");
    expect(suggestion?.actionId).toBe(`cw:report:${report.report_id}:ban7`);

    const id = suggestion?.actionId ?? "";
    const clicked = await s.driver.click(users.moderator, id, { value: id, ephemeral: false });
    expect(clicked.status).toBe(200);
    expect(textsOf((await s.answer(clicked)).body).join("\n")).toContain(
      "Banned slack-repeat for 7 days",
    );
    const ban = state.runningBan("slack-repeat");
    expect(ban?.count).toBe(2);
    expect(Date.parse(ban?.end_time ?? "") - Date.parse(ban?.start_time ?? "")).toBe(7 * DAY_MS);
    await s.fake.api.waitForCall("chat.update", (call) =>
      JSON.stringify(call.args).includes("Banned for 7 days by"),
    );
  });
});
