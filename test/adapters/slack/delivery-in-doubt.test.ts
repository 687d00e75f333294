// A report card whose post may have reached Slack without the bot hearing so is in doubt until a
// lookup settles it, and is never posted blind: the report feed's drainer on a real core, the
// real Web API client and the fake Slack over HTTP. A post Slack accepted whose answer was lost
// (the bot timed out, the connection was cut, a proxy answered 502) is looked up before it is
// tried again; a lookup that fails (429, 500) is tried again, still in doubt, not skipped.
import { hostname } from "node:os";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliveryWebClient } from "../../../adapters/slack/delivery-client.js";
import { slackDestination } from "../../../adapters/slack/destination.js";
import type { Destination } from "../../../src/feed/destination.js";
import type { ReportFeed } from "../../../src/feed/feed.js";
import { Outbox } from "../../../src/feed/outbox.js";
import { cardView } from "../../../src/feed/report-card.js";
import { silentLogger } from "../../../src/log.js";
import { type FakeSlack, startFakeSlack } from "../../fakes/slack/server.js";
import { type CannedAnswer, FAKE_BOT } from "../../fakes/slack/web-api.js";
import { type Harness, startHarness } from "../../helpers/core.js";
import { startAdapterFeed } from "../../helpers/feed.js";

const REPORTS = "C0REPORTS";
const NAME = "slack:report";
/** The client's own limit on a request: the bot stops waiting for Slack's answer after this. */
const REQUEST_TIMEOUT_MS = 500;

let h: Harness;
let fake: FakeSlack;
let destination: Destination;
let feed: ReportFeed | undefined;

beforeEach(async () => {
  h = await startHarness({ destinations: { report: [NAME], audit: [] } });
  fake = await startFakeSlack({ postRateLimit: false });
  const client = deliveryWebClient({
    apiUrl: fake.apiUrl,
    logger: silentLogger,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  });
  destination = slackDestination({
    client,
    botToken: "fake-bot-token",
    channelId: REPORTS,
    purpose: "report",
  });
});
afterEach(async () => {
  await feed?.stop();
  feed = undefined;
  await fake.close();
  await h.close();
});

/** The bot's messages in the report channel, as moderators see them. */
const botPosts = () => fake.api.messages(REPORTS).filter((m) => m.bot_id === FAKE_BOT.botId);

/** Until the feed owes Slack nothing more: the post is done, however it was settled. */
const settled = () =>
  vi.waitFor(async () => expect(await h.core.outbox.depth(NAME)).toBe(0), { timeout: 10_000 });

/** A new report, read by the feed's next poll: its card's post is owed to Slack. */
async function reportArrives(gamer: string): Promise<void> {
  h.emulator.state.injectReport({ to_gamer_id: gamer });
  await feed?.pollNow();
}

describe("a post Slack accepted whose answer was lost", () => {
  const ways: Array<[how: string, lose: () => Promise<void>]> = [
    [
      "the bot stops waiting (its request timeout)",
      async () => {
        fake.api.holdAnswersOf.add("chat.postMessage");
        await fake.api.waitForCall("chat.postMessage");
        // Only this answer is lost; the bot's next calls are answered.
        fake.api.holdAnswersOf.delete("chat.postMessage");
      },
    ],
    [
      "the connection is cut after Slack posted",
      async () => {
        fake.api.holdAnswersOf.add("chat.postMessage");
        await fake.api.waitForCall("chat.postMessage");
        fake.api.holdAnswersOf.delete("chat.postMessage");
        fake.api.releaseHeld();
      },
    ],
    [
      "a proxy answers 502 after Slack posted",
      async () => {
        const badGateway: CannedAnswer = {
          status: 502,
          body: "<html><body>502 Bad Gateway</body></html>",
          tookEffect: true,
        };
        fake.api.answerNext("chat.postMessage", badGateway);
        await fake.api.waitForCall("chat.postMessage");
      },
    ],
  ];

  it.each(ways)("is looked up and not posted again when %s", async (_how, lose) => {
    feed = startAdapterFeed(h.core, [destination], silentLogger);
    const lost = lose();
    await reportArrives("lost-answer");
    await lost;
    await settled();

    expect(botPosts()).toHaveLength(1);
    expect(botPosts()[0]?.text).toContain("(lost-answer)");
    // Found by its delivery key in the channel's history, not posted blind.
    expect(fake.api.callsTo("conversations.history").length).toBeGreaterThanOrEqual(1);
    expect(fake.api.callsTo("chat.postMessage")).toHaveLength(1);
    // The card knows its message, so a moderator's action edits the one post.
    const [post] = botPosts();
    expect(await h.core.reports.messageRef(1, NAME)).toBe(`${REPORTS}/${post?.ts}`);
  });

  it("a refusal Slack answered (ok: false) cannot have posted: it is retried without a lookup", async () => {
    fake.api.failNext("chat.postMessage", "service_unavailable");
    feed = startAdapterFeed(h.core, [destination], silentLogger);
    await reportArrives("refused-once");
    await settled();

    expect(botPosts()).toHaveLength(1);
    expect(fake.api.callsTo("chat.postMessage")).toHaveLength(2);
    expect(fake.api.callsTo("conversations.history")).toHaveLength(0);
  });
});

describe("a post in doubt whose lookup fails", () => {
  const failures: Array<[what: string, answer: CannedAnswer]> = [
    [
      "Slack rate-limits the lookup (429)",
      {
        status: 429,
        body: { ok: false, error: "ratelimited" },
        headers: { "retry-after": "1" },
      },
    ],
    ["Slack's edge answers 500", { status: 500, body: "<html><body>500</body></html>" }],
  ];

  it.each(failures)("is looked up again, not posted blind, when %s", async (_what, answer) => {
    // The feed reads the report but sends nothing yet: no drainer for Slack.
    feed = startAdapterFeed(h.core, [], silentLogger);
    await reportArrives("in-doubt");
    // A process on this host claimed the post, posted it and was killed before recording it.
    const killed = new Outbox(h.core.store, Date.now, `${hostname()}:4194305`);
    const delivery = await killed.claimNext(NAME);
    if (!delivery) throw new Error("the report's post is owed");
    const card = await h.core.reports.card(delivery.subject);
    if (!card) throw new Error("the report has a card");
    await destination.post(cardView(card, "UTC", await h.core.triage.assess(card)), delivery.key);

    fake.api.answerNext("conversations.history", answer);
    feed.attach(destination);
    await settled();

    expect(botPosts()).toHaveLength(1);
    expect(fake.api.callsTo("conversations.history").map((call) => call.status)).toEqual([
      answer.status,
      200,
    ]);
    expect(await h.core.reports.messageRef(delivery.subject, NAME)).toBe(
      `${REPORTS}/${botPosts()[0]?.ts}`,
    );
  });
});
