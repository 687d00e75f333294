// Take on a report card, through the real bolt App and the fake Slack: the button among the
// card's actions, the card's message updated to say who is looking at it and updated back when
// its holder clicks again, and another moderator's Dismiss asked first, in a message only they
// see ("mina (slack) took report #1 just now: act anyway?"), Confirm dismissing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebApiCall } from "../../fakes/slack/web-api.js";
import {
  buttonsOf,
  REPORT_CHANNEL,
  type SlackHarness,
  startPolledSlackHarness,
  textsOf,
  users,
} from "./harness.js";

describe("Take on a report card, on Slack", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startPolledSlackHarness({ mode: "http", reportChannelId: REPORT_CHANNEL });
  });
  afterAll(() => s.close());

  const about = (gamerId: string) => (call: WebApiCall) =>
    JSON.stringify(call.args).includes(gamerId);
  const text = (call: WebApiCall) => textsOf(call.args).join("\n");
  const LOOKING = /\(slack\) is looking at this since \d\d:\d\d UTC, until \d\d:\d\d UTC\./;

  /** Clicks the card's button labelled `label` as `user`: the click, and its answer. */
  async function click(card: WebApiCall, label: string, user: (typeof users)[keyof typeof users]) {
    const id = buttonsOf(card.args).get(label)?.actionId ?? "";
    const clicked = await s.driver.click(user, id, { value: id, ephemeral: false });
    expect(clicked.status).toBe(200);
    return { clicked, answer: await s.answer(clicked) };
  }

  it("updates the card to say who took it, and back when its holder clicks again", async () => {
    const report = s.core.emulator.state.injectReport({ to_gamer_id: "slack-take" });
    await s.feed.pollNow();
    const posted = await s.fake.api.waitForCall("chat.postMessage", about("slack-take"));
    expect([...buttonsOf(posted.args).keys()].at(-1)).toBe("Take");
    expect(buttonsOf(posted.args).get("Take")?.actionId).toBe(`cw:report:${report.report_id}:take`);

    const took = await click(posted, "Take", users.moderator);
    expect(took.answer.body.response_type ?? "ephemeral").toBe("ephemeral");
    expect(textsOf(took.answer.body).join("\n")).toContain(`You took report #${report.report_id}`);
    const taken = await s.fake.api.waitForCall("chat.update", about("slack-take"));
    expect(text(taken)).toMatch(LOOKING);
    const holder = /^Taken by (.+) · Release$/.exec([...buttonsOf(taken.args).keys()].at(-1) ?? "");
    expect(holder).not.toBeNull();

    const again = await click(taken, holder?.[0] ?? "", users.moderator);
    expect(textsOf(again.answer.body).join("\n")).toContain(`Released report #${report.report_id}`);
    const released = await s.fake.api.waitForCall("chat.update", about("slack-take"), 2);
    expect(text(released)).not.toMatch(LOOKING);
    expect([...buttonsOf(released.args).keys()].at(-1)).toBe("Take");
  });

  it("asks another moderator first, privately, before a Dismiss; Confirm dismisses and ends the take", async () => {
    const report = s.core.emulator.state.injectReport({ to_gamer_id: "slack-taken" });
    await s.feed.pollNow();
    const posted = await s.fake.api.waitForCall("chat.postMessage", about("slack-taken"));
    await click(posted, "Take", users.moderator);
    const taken = await s.fake.api.waitForCall("chat.update", about("slack-taken"));
    expect(text(taken)).toMatch(LOOKING);

    const { clicked, answer: question } = await click(posted, "Dismiss", users.admin);
    expect(question.body.response_type ?? "ephemeral").toBe("ephemeral");
    expect(textsOf(question.body).join("\n")).toMatch(
      new RegExp(`\\(slack\\) took report #${report.report_id} just now: act anyway\\?`),
    );

    const confirm = buttonsOf(question.body).get("Confirm");
    const pressed = await s.driver.click(users.admin, confirm?.actionId ?? "", {
      responseUrl: clicked.responseUrl,
    });
    const result = await s.answer(pressed, 1);
    expect(textsOf(result.body).join("\n")).toContain(`Dismissed report #${report.report_id}`);
    const settled = await s.fake.api.waitForCall("chat.update", about("slack-taken"), 2);
    expect(text(settled)).toMatch(/Dismissed by .+ \(slack\) at /);
    expect(text(settled)).not.toMatch(LOOKING);
    expect([...buttonsOf(settled.args).keys()]).toEqual(["History"]);
  });
});
