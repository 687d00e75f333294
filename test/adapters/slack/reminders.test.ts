// A reminder through the real bolt App to the fake Slack: each waiting card is a link to its
// message, the permalink asked of Slack (chat.getPermalink, as the fake answers it), and the
// player's name in the link's text stays inert: it cannot close the link or mention anyone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Reminders } from "../../../src/feed/reminders.js";
import { REPORT_CHANNEL, type SlackHarness, startSlackHarness } from "./harness.js";

const HOUR_MS = 3_600_000;

describe("a reminder of waiting cards, on Slack", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({ mode: "http", reportChannelId: REPORT_CHANNEL });
    await s.feed.pollNow();
  });
  afterAll(() => s?.close());

  it("links each card to its message by its permalink, its name inert", async () => {
    const { core } = s.core;
    s.core.emulator.state.injectReport({
      to_gamer_id: "waiting",
      to_gamer_name: "<!channel> x>|y <https://evil.test|click>",
    });
    await s.feed.pollNow();
    await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("(waiting)"),
    );
    const cardTs = s.fake.api.messages(REPORT_CHANNEL)[0]?.ts ?? "";
    // An hour on: the card is due.
    const reminders = new Reminders(core.store, core.outbox, core.reports, ["slack:report"]);
    expect(await reminders.remindDue(new Date(Date.now() + 2 * HOUR_MS), HOUR_MS)).toHaveLength(1);
    const posted = await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("Still waiting"),
    );
    const asked = await s.fake.api.waitForCall("chat.getPermalink");
    expect(asked.args).toMatchObject({ channel: REPORT_CHANNEL });
    const sections = (posted.args.blocks as { text?: { text: string } }[])
      .flatMap((block) => block.text?.text ?? [])
      .join("\n");
    const link = /<(https:\/\/[^|>]+)\|([^>]*)>/.exec(sections);
    expect(link?.[1]).toBe(
      `https://fake.slack.test/archives/${REPORT_CHANNEL}/p${cardTs.replace(".", "")}`,
    );
    // The name's < > are escaped: nothing in it closes the link, mentions, or links elsewhere.
    expect(link?.[2]).toBe(
      "Report #1 against &lt;!channel&gt; x&gt;|y &lt;https://evil.test|click&gt; (waiting)",
    );
  });

  it("still goes out, the card named without a link, when Slack gives no permalink", async () => {
    const { core } = s.core;
    s.core.emulator.state.injectReport({ to_gamer_id: "unlinked", to_gamer_name: "Unlinked" });
    await s.feed.pollNow();
    await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("(unlinked)"),
    );
    s.fake.api.failNext("chat.getPermalink", "message_not_found");
    const reminders = new Reminders(core.store, core.outbox, core.reports, ["slack:report"]);
    expect(await reminders.remindDue(new Date(Date.now() + 2 * HOUR_MS), HOUR_MS)).toHaveLength(1);
    const posted = await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("Report #2 against Unlinked"),
    );
    expect(JSON.stringify(posted.args.blocks)).not.toContain("/archives/");
  });
});
