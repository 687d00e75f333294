// A view's image (the stats chart) on Slack: a public answer's image is shared in the channel
// through Slack's current upload flow (files.getUploadURLExternal, the bytes to its URL,
// files.completeUploadExternal), by the real bolt WebClient against the fake Slack
// (test/fakes/slack/files.ts). A file cannot be ephemeral: a private answer's chart goes to the
// invoker's direct messages with the bot, and the answer says so. Until `stats` exists,
// test-only commands answer with the chart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUIRED_BOT_SCOPES } from "../../../adapters/slack/required-scopes.js";
import type { ViewImage } from "../../../src/view/view.js";
import { CHANNEL_ID } from "../../fakes/slack/payloads.js";
import { CHARTED_FIGURES, CHARTED_TITLE, chartedCommands } from "../../helpers/charted-commands.js";
import { type SlackHarness, startSlackHarness, textsOf, users } from "./harness.js";

let chart: ViewImage;
let s: SlackHarness;
beforeAll(async () => {
  const charted = await chartedCommands();
  chart = charted.chart;
  s = await startSlackHarness({
    mode: "socket",
    extraCommands: charted.commands,
  });
});
afterAll(() => s.close());

describe("an answer with an image on Slack", () => {
  it("shares a public answer's chart in the channel, after the answer, with its alt text", async () => {
    const sent = await s.driver.slash(users.moderator, "/chartpublic", "");
    const answer = await s.answer(sent);
    expect(answer.body.response_type).toBe("in_channel");
    await s.fake.api.waitForCall("files.completeUploadExternal");
    expect(s.fake.api.files.shared).toEqual([
      {
        fileId: expect.any(String),
        filename: "stats.png",
        title: "stats.png",
        altText: chart.alt,
        channelId: CHANNEL_ID,
        initialComment: CHARTED_TITLE,
        bytes: new Uint8Array(chart.png),
      },
    ]);
    // The retired method is never called.
    expect(s.fake.api.callsTo("files.upload")).toEqual([]);
  });

  it("shares a private answer's chart in the invoker's direct messages, and says so", async () => {
    const before = s.fake.api.files.shared.length;
    const sent = await s.driver.slash(users.moderator, "/chartprivate", "");
    const answer = await s.answer(sent);
    expect(answer.body.response_type).toBe("ephemeral");
    expect(textsOf(answer.body).join("\n")).toContain(
      "The chart is in your direct messages with chatwarden: Slack cannot show a file in a channel to you alone.",
    );
    await s.fake.api.waitForCall("files.completeUploadExternal", () => true, 2);
    const opened = s.fake.api.callsTo("conversations.open");
    expect(opened.map((call) => call.args.users)).toEqual([users.moderator.id]);
    expect(s.fake.api.files.shared.slice(before)).toEqual([
      expect.objectContaining({
        channelId: `D${users.moderator.id}`,
        altText: chart.alt,
        bytes: new Uint8Array(chart.png),
      }),
    ]);
  });

  it("still answers when the app lacks files:write: the chart is left out and the log says why", async () => {
    s.fake.api.grantedScopes = ["commands", "chat:write", "channels:history", "groups:history"];
    try {
      const sent = await s.driver.slash(users.moderator, "/chartpublic", "");
      const answer = await s.answer(sent);
      expect(textsOf(answer.body).join("\n")).toContain(CHARTED_FIGURES);
      const refused = await s.fake.api.waitForCall(
        "files.getUploadURLExternal",
        (call) => call.error !== undefined,
      );
      expect(refused.error).toBe("missing_scope");
      const logged = await s.logs.waitFor("could not share the answer's image");
      expect(String(logged.error)).toContain("missing_scope");
    } finally {
      s.fake.api.grantedScopes = [...REQUIRED_BOT_SCOPES];
    }
  });
});
