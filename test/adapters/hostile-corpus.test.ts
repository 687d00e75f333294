// The hostile corpus (hostile-corpus.ts) on every platform: put in every slot of a view and
// rendered for Discord, Slack and the terminal; then sent for real, as report cards, through
// bolt to the fake Slack. The same cards through discord.js: discord/hostile-cards.test.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadWideTextWidths } from "../../adapters/console/display-width.js";
import { renderView as renderConsole } from "../../adapters/console/render.js";
import { renderView as renderDiscord } from "../../adapters/discord/render.js";
import { renderView as renderSlack, type SlackMessage } from "../../adapters/slack/render.js";
import { VirtualClock } from "../helpers/virtual-clock.js";
import {
  CORPUS,
  expectDiscordInert,
  expectSlackInert,
  expectTerminalInert,
  hostileView,
  injectCorpus,
} from "./hostile-corpus.js";
import { REPORT_CHANNEL, type SlackHarness, startSlackHarness } from "./slack/harness.js";

// The product renders through withTextWidths, which loads string-width when a text needs it;
// these tests call the renderers directly, on text that does.
await loadWideTextWidths();

describe("the hostile corpus through each renderer", () => {
  for (const item of CORPUS) {
    it(`${item.name}: Discord`, () =>
      expectDiscordInert(renderDiscord(hostileView(item.text)), item));
    it(`${item.name}: Slack`, () => expectSlackInert(renderSlack(hostileView(item.text)), item));
    it(`${item.name}: terminal`, () =>
      expectTerminalInert(renderConsole(hostileView(item.text), { now: new Date() }), item));
  }
});

describe("report cards with the hostile corpus, through bolt to the fake Slack", () => {
  // A dozen cards are more than Slack's burst: the feed's pace and the fake's limit count on one
  // clock that moves only when the pacer waits, so the cards go out paced without the ten
  // seconds of waiting (the pacing itself is test/adapters/slack/destination.test.ts's).
  const clock = new VirtualClock();
  let slack: SlackHarness;
  beforeAll(async () => {
    // Socket Mode: the cards go out through the Web API either way.
    slack = await startSlackHarness({
      mode: "socket",
      reportChannelId: REPORT_CHANNEL,
      paceClock: clock,
    });
    await slack.feed.pollNow();
    injectCorpus(slack.core.emulator.state);
  });
  afterAll(() => slack?.close());

  it("posts every card inert, nobody pinged", async () => {
    await slack.feed.pollNow();
    const posted = await vi.waitFor(
      () => {
        const found = slack.fake.api.messages(REPORT_CHANNEL);
        if (found.length < CORPUS.length) throw new Error(`${found.length} cards posted`);
        return found;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(slack.fake.api.rateLimited()).toEqual([]);
    for (const [index, item] of CORPUS.entries()) {
      const message = posted.find((candidate) => candidate.text.includes(`(hostile-${index})`));
      expect(message, item.name).toBeDefined();
      const blocks = (message?.blocks ?? []) as SlackMessage["blocks"];
      expectSlackInert({ text: message?.text ?? "", blocks }, item);
    }
  });
});
