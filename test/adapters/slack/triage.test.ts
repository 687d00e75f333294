// What a report card says of its player, through the real bolt App and the fake Slack: its
// priority and why under its state, changed on the one message as reporters join; and the
// sanction ladder's suggestion, the card's first button, which names the step and why and bans
// for its days when a moderator clicks it; the card is then updated to say so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportedBy } from "../../helpers/emulator.js";
import {
  buttonsOf,
  REPORT_CHANNEL,
  type SlackHarness,
  startSlackHarness,
  textsOf,
  users,
} from "./harness.js";

const DAY_MS = 86_400_000;

describe("a report card's priority and suggested ban, on Slack", () => {
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
    expect([...buttons.keys()]).toEqual([
      "Ban 7d · 2nd offence",
      "Ban…",
      "Dismiss",
      "History",
      "Filter…",
      "Take",
    ]);
    const suggestion = buttons.get("Ban 7d · 2nd offence");
    expect(suggestion?.actionId).toBe(`cw:report:${report.report_id}:ban7`);

    const id = suggestion?.actionId ?? "";
    const clicked = await s.driver.click(users.moderator, id, { value: id, ephemeral: false });
    expect(clicked.status).toBe(200);
    expect(textsOf((await s.answer(clicked)).body).join("\n")).toContain(
      "Banned a0 (slack-repeat) for 7 days",
    );
    const ban = state.runningBan("slack-repeat");
    expect(ban?.count).toBe(2);
    expect(Date.parse(ban?.end_time ?? "") - Date.parse(ban?.start_time ?? "")).toBe(7 * DAY_MS);
    await s.fake.api.waitForCall("chat.update", (call) =>
      JSON.stringify(call.args).includes("Banned for 7 days by"),
    );
  });

  it("shows the priority under the card's state, and raises it on the same message as reporters join", async () => {
    const { state } = s.core.emulator;
    reportedBy(state, "slack-rising", ["r-0"], "CHEATING");
    await s.feed.pollNow();
    const posted = await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("slack-rising"),
    );
    expect(textsOf(posted.args).join("\n")).toContain("Medium: 1 reporter in 24 h · CHEATING");
    reportedBy(state, "slack-rising", ["r-1", "r-2", "r-3"], "CHEATING");
    await s.feed.pollNow();
    const updated = await s.fake.api.waitForCall("chat.update", (call) =>
      JSON.stringify(call.args).includes("slack-rising"),
    );
    expect(textsOf(updated.args).join("\n")).toContain("High: 4 reporters in 24 h · CHEATING");
    const posts = s.fake.api
      .callsTo("chat.postMessage")
      .filter((call) => JSON.stringify(call.args).includes("slack-rising"));
    expect(posts).toHaveLength(1);
  });

  it("/reports --open lists the waiting cards, highest priority first, each with why", async () => {
    const { state } = s.core.emulator;
    reportedBy(state, "slack-open-low", ["r-1"], "SPAM");
    await s.feed.pollNow();
    reportedBy(state, "slack-open-high", ["r-1", "r-2", "r-3", "r-4"], "CHEATING");
    await s.feed.pollNow();
    const answer = await s.answer(await s.driver.slash(users.moderator, "/reports", "--open"));
    const text = textsOf(answer.body).join("\n");
    expect(text).toMatch(/Open report cards: \d+, highest priority first/);
    expect(text).toContain("4 reporters in 24 h · CHEATING");
    expect(text.indexOf("slack-open-high")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("slack-open-high")).toBeLessThan(text.indexOf("slack-open-low"));
  });
});

describe("the high-priority alert, on Slack", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({
      mode: "http",
      reportChannelId: REPORT_CHANNEL,
      priorityAlert: { slackUserGroupId: "S0MODS" },
    });
    await s.feed.pollNow();
  });
  afterAll(() => s.close());

  it("mentions exactly the configured user group, once, and nothing that player text says", async () => {
    const { state } = s.core.emulator;
    const hostile = "<!channel> <!subteam^S0OTHER> <@U0ADMIN> @here";
    for (const reporter of ["r-1", "r-2", "r-3"]) {
      state.injectReport({
        to_gamer_id: "slack-alerted",
        to_gamer_name: hostile,
        from_gamer_id: reporter,
        from_gamer_name: hostile,
        keyword: "CHEATING",
        message: hostile,
      });
    }
    await s.feed.pollNow();
    const alert = await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("subteam^S0MODS"),
    );
    // Every Slack mention in what was posted, unescaped: a user, a group, channel, here, everyone
    // (https://api.slack.com/reference/surfaces/formatting#mentioning-users); `<!date…>` is none.
    const mentions = (message: unknown) =>
      textsOf(message).flatMap(
        (text) =>
          text.match(/<@[^>]*>|<!(?:subteam\^[^>]*|channel|here|everyone)(?:\|[^>]*)?>/g) ?? [],
      );
    expect(String(alert.args.text).startsWith("<!subteam^S0MODS> High priority:")).toBe(true);
    expect(new Set(mentions(alert.args))).toEqual(new Set(["<!subteam^S0MODS>"]));
    expect(textsOf(alert.args).join("\n")).toContain("High: 3 reporters in 24 h · CHEATING");
    const card = s.fake.api
      .callsTo("chat.postMessage")
      .find((call) => JSON.stringify(call.args).includes("slack-alerted") && call !== alert);
    expect(card && mentions(card.args)).toEqual([]);

    reportedBy(state, "slack-alerted", ["r-4", "r-5"], "CHEATING");
    await s.feed.pollNow();
    await s.fake.api.waitForCall("chat.update", (call) =>
      JSON.stringify(call.args).includes("5 reports against"),
    );
    await s.feed.pollNow();
    const alerts = s.fake.api
      .callsTo("chat.postMessage")
      .filter((call) => JSON.stringify(call.args).includes("subteam^S0MODS"));
    expect(alerts).toHaveLength(1);
  });
});
