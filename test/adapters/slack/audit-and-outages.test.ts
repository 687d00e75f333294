// The audit channel, and Slack misbehaving: a 429 waited out as Retry-After asks, a refusal given
// up with its reason, an outage retried from the outbox until Slack is back (the post arriving
// once), a dead response_url; none of them stops the bot.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUDIT_CHANNEL,
  BOT_TOKEN,
  type SlackHarness,
  startSlackHarness,
  textsOf,
  users,
} from "./harness.js";

describe("the audit channel", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({ mode: "http", auditChannelId: AUDIT_CHANNEL });
    // The players these tests ban have been seen by the bot, as a report would show them.
    // au-1's name is player content: it shows as Name (id), inert.
    await s.core.see("au-1=<!channel> Eve", "au-2", "au-3");
  });
  afterAll(() => s.close());

  /** The `nth` attempt to post case number `caseNumber`. */
  const auditPostOf = (caseNumber: number, nth = 1) =>
    s.fake.api.waitForCall(
      "chat.postMessage",
      (call) => String(call.args.text).startsWith(`Case #${caseNumber}:`),
      nth,
    );

  it("gets every case, from any platform, with the bot token and no link previews", async () => {
    await s.answer(await s.driver.slash(users.moderator, "/ban", "au-1 3 <!here> spam"));
    const slackCase = (await s.core.core.cases.forTarget("au-1"))[0];
    const post = await auditPostOf(slackCase?.number ?? 0);
    expect(post.authorization).toBe(`Bearer ${BOT_TOKEN}`);
    expect(post.args).toMatchObject({
      channel: AUDIT_CHANNEL,
      unfurl_links: "false",
      unfurl_media: "false",
    });
    const text = textsOf(post.args.blocks).join("\n");
    expect(text).toContain("mina (slack)");
    expect(text).toContain("&lt;!here&gt; spam");
    expect(text).not.toContain("<!here>");
    expect(text).toContain(`Case #${slackCase?.number}: ban &lt;!channel&gt; Eve (au-1)`);
    expect(JSON.stringify(post.args)).not.toContain("<!channel>");

    // A case recorded by another platform goes to the audit channel too.
    await s.core.run("unban", { gamer_id: "au-1" });
    const consoleCase = (await s.core.core.cases.forTarget("au-1"))[0];
    const consolePost = await auditPostOf(consoleCase?.number ?? 0);
    expect(textsOf(consolePost.args.blocks).join("\n")).toContain("Mina (discord)");
  });

  it("gets a ban made elsewhere, as a case of the chat API's actor, the player inert", async () => {
    // The store's first sync finds what is banned already and posts nothing.
    await s.core.core.banSync.sync();
    await s.core.see("au-x=<!channel> Mallory");
    s.core.emulator.state.ban("au-x", 7);

    const synced = await s.core.core.banSync.sync();

    const number = synced.kind === "synced" ? (synced.recorded[0]?.number ?? 0) : 0;
    const post = await auditPostOf(number);
    const text = textsOf(post.args.blocks).join("\n");
    expect(text).toContain(`Case #${number}: ban &lt;!channel&gt; Mallory (au-x)`);
    expect(text).toContain("chat API (outside chatwarden) (chat-api)");
    expect(JSON.stringify(post.args)).not.toContain("<!channel>");
  });

  it("waits out a 429 as Retry-After asks, and logs it", async () => {
    // Meant for this case's post, not one of an earlier test still draining.
    s.fake.api.rateLimitNext("chat.postMessage", 1, (args) => String(args.text).includes("au-2"));
    await s.answer(await s.driver.slash(users.moderator, "/ban", "au-2 1"));
    const number = (await s.core.core.cases.forTarget("au-2"))[0]?.number ?? 0;
    const limited = await auditPostOf(number, 1);
    const retried = await auditPostOf(number, 2);
    expect(retried.at - limited.at).toBeGreaterThanOrEqual(1000);
    const line = await s.logs.waitFor("delivery failed; will retry");
    expect(line).toMatchObject({ destination: "slack:audit", retryInMs: 1000 });
  });

  it("gives up a post Slack refuses, saying what to fix, and goes on", async () => {
    s.fake.api.failNext("chat.postMessage", "channel_not_found", (args) =>
      String(args.text).includes("au-3"),
    );
    await s.answer(await s.driver.slash(users.moderator, "/ban", "au-3 1"));
    const line = await s.logs.waitFor("gave up a delivery: the platform refused it");
    expect(line).toMatchObject({
      destination: "slack:audit",
      kind: "post-case",
      reason: expect.stringContaining(`SLACK_AUDIT_CHANNEL_ID ${AUDIT_CHANNEL}`),
    });
    const next = await s.answer(await s.driver.slash(users.moderator, "/bans", "au-3"));
    expect(next.body.response_type).toBe("ephemeral");
  });

  it("logs a dead response_url and keeps serving", async () => {
    s.fake.responses.failNext(404, 2);
    const sent = await s.driver.slash(users.moderator, "/bans", "");
    // The answer, then the apology for it: both refused.
    expect(textsOf((await s.answer(sent, 1)).body).join("\n")).toContain("Something went wrong");
    await s.logs.waitFor("could not tell the Slack user about the failure either");
    const next = await s.answer(await s.driver.slash(users.moderator, "/bans", ""));
    expect(next.body.response_type).toBe("ephemeral");
  });
});

describe("a Slack outage", () => {
  // Each test starts the bot during an outage of its own.
  let s: SlackHarness;
  beforeEach(async () => {
    s = await startSlackHarness({
      mode: "http",
      auditChannelId: AUDIT_CHANNEL,
      roles: { moderatorUserIds: [], adminUserIds: [] },
      slackDown: true,
    });
  });
  afterEach(() => s.close());

  it("warns at start-up that nobody holds a role when both lists are empty", async () => {
    await s.logs.waitFor("SLACK_MODERATOR_USER_IDS and SLACK_ADMIN_USER_IDS are empty");
    const answer = await s.answer(await s.driver.slash(users.moderator, "/bans", ""));
    expect(textsOf(answer.body).join("\n")).toContain("Not allowed");
  });

  it("starts anyway, keeps the audit post owed through the outage, and posts it once after", async () => {
    await s.logs.waitFor("Slack auth.test failed");
    // A refusal first (nobody holds a role), so two audit posts are owed when Slack is back.
    const refused = await s.answer(await s.driver.slash(users.moderator, "/bans", ""));
    expect(textsOf(refused.body).join("\n")).toContain("Not allowed");
    await s.core.see("out-1");
    await s.core.run("ban", { gamer_id: "out-1", days: "1" });
    const number = (await s.core.core.cases.forTarget("out-1"))[0]?.number;
    // Tried and answered 503, which may come after Slack posted: looked up before it is tried
    // again, and the lookup, refused by the outage too, is tried again: never dropped.
    await s.fake.api.waitForCall("chat.postMessage", (call) => call.status === 503);
    await s.fake.api.waitForCall("conversations.history", (call) => call.status === 503, 2);
    expect(await s.core.core.outbox.depth("slack:audit")).toBe(2);
    s.fake.api.down = false;
    // Each is retried on its own backoff, so either may go first once Slack is back.
    await vi.waitFor(() => expect(s.fake.api.messages(AUDIT_CHANNEL)).toHaveLength(2), {
      timeout: 15_000,
      interval: 20,
    });
    await vi.waitFor(async () => expect(await s.core.core.outbox.depth("slack:audit")).toBe(0));
    const texts = s.fake.api.messages(AUDIT_CHANNEL).map((message) => message.text);
    expect(texts.filter((text) => text.startsWith(`Case #${number}:`))).toHaveLength(1);
    expect(texts.filter((text) => text.startsWith(`Case #${(number ?? 0) - 1}:`))).toHaveLength(1);
  });
});
