// The shift digest through the real bolt App to the fake Slack: posted in the report channel,
// with the players' names it lists (the oldest waiting card's, the bans ending) inert, and the
// bans past the listed ten said as "and N more".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SlackMessage } from "../../../adapters/slack/render.js";
import { ENDING_BANS_LISTED } from "../../../src/feed/digest-view.js";
import { CORPUS, expectSlackInert } from "../hostile-corpus.js";
import { REPORT_CHANNEL, type SlackHarness, startSlackHarness } from "./harness.js";

const HOUR_MS = 3_600_000;

describe("the shift digest, on Slack", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({
      mode: "http",
      reportChannelId: REPORT_CHANNEL,
      digestCron: "* * * * *",
    });
    await s.feed.pollNow();
  });
  afterAll(() => s?.close());

  it("lists hostile names inert and cuts the bans to ten", async () => {
    const { state } = s.core.emulator;
    state.injectReport({ to_gamer_id: "oldest", to_gamer_name: "<!channel> <@U123> *gg*" });
    await s.feed.pollNow();
    for (const [index, item] of CORPUS.entries()) {
      await s.core.see(`hostile-${index}=${item.text}`);
      state.ban(`hostile-${index}`, 1, "extend", new Date(Date.now() - 2 * HOUR_MS));
    }
    await s.feed.digestSchedule?.lookNow();
    const posted = await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("Shift digest"),
    );
    const message = posted.args as unknown as SlackMessage;
    // The first ten, soonest to end (all end together: in the list's order), are listed.
    for (const item of CORPUS.slice(0, ENDING_BANS_LISTED)) expectSlackInert(message, item);
    const text = JSON.stringify(message);
    expect(text).toContain("Shift digest: 1 card waiting");
    expect(text).toContain(`and ${CORPUS.length - ENDING_BANS_LISTED} more ban`);
  });
});
