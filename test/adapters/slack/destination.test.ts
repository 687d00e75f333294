// The Slack destination of the report feed and the audit trail, through a real Web API client
// against the fake Slack over HTTP: posts marked with their delivery key and found again, edits
// that take the buttons away, Slack's per-channel posting limit, and each failure classified
// the way the drainer needs (retry when, or give up saying what to fix).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliveryWebClient } from "../../../adapters/slack/delivery-client.js";
import { DELIVERY_EVENT_TYPE } from "../../../adapters/slack/delivery-marker.js";
import { SLACK_PACE, slackDestination } from "../../../adapters/slack/destination.js";
import type {
  AttemptSpan,
  Destination,
  DestinationPurpose,
} from "../../../src/feed/destination.js";
import { Pacer } from "../../../src/feed/pacer.js";
import { silentLogger } from "../../../src/log.js";
import type { View } from "../../../src/view/view.js";
import { type FakeSlack, startFakeSlack } from "../../fakes/slack/server.js";
import { VirtualClock } from "../../helpers/virtual-clock.js";
import { textsOf } from "./message-text.js";

const BOT_TOKEN = "fake-bot-token";
const REPORTS = "C0REPORTS";
const moderator = { id: "U0MOD", name: "mina" };

function destinationAt(
  apiUrl: string,
  channelId = REPORTS,
  purpose: DestinationPurpose = "report",
): Destination {
  const client = deliveryWebClient({ apiUrl, logger: silentLogger, requestTimeoutMs: 2_000 });
  return slackDestination({ client, botToken: BOT_TOKEN, channelId, purpose });
}

/** A report card as the feed would hand it over, with hostile player content. */
function reportView(number: number, handled?: string): View {
  return {
    outcome: handled ? "success" : "warning",
    title: `Report #${number} against <!channel> & <@U1>`,
    description: "said: <https://evil.test|free gold> & <!here>",
    fields: [{ label: "Reason", value: "spam <@U1>", inline: true }],
    notices: handled ? [`Handled by ${handled}`] : [],
    actions: handled
      ? []
      : [
          { id: `cw:report:${number}:ban1`, kind: "report", label: "Ban 1d", style: "danger" },
          {
            id: `cw:report:${number}:dismiss`,
            kind: "report",
            label: "Dismiss",
            style: "secondary",
          },
        ],
    visibility: "public",
  };
}

/** The span of an attempt made within the last minute: what a test that just posted looks in. */
function lastMinute(): AttemptSpan {
  return { from: Date.now() - 60_000, until: Date.now() };
}

/** Runs `work` and gives back what it threw. */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

function actionsBlocks(blocks: unknown[] | undefined): unknown[] {
  return (blocks ?? []).filter((block) => (block as { type?: string }).type === "actions");
}

describe("the Slack destination", () => {
  let fake: FakeSlack;
  let destination: Destination;
  beforeAll(async () => {
    // These tests post faster than Slack allows in one channel; the limit has its own tests.
    fake = await startFakeSlack({ postRateLimit: false });
    destination = destinationAt(fake.apiUrl);
  });
  afterAll(() => fake.close());

  it("is named after its purpose and paced as Slack paces posts", () => {
    expect(destination.name).toBe("slack:report");
    // Slack allows about one post a second per channel; the pace keeps a margin under it.
    expect(destination.pace?.burst).toBe(3);
    expect(destination.pace?.intervalMs).toBeGreaterThanOrEqual(1000);
    expect(destinationAt(fake.apiUrl, "C0AUDIT", "audit").name).toBe("slack:audit");
  });

  it("posts a view marked with its delivery key and returns channel/ts", async () => {
    const ref = await destination.post(reportView(1), "d-post-1");
    // The message this post made, whichever other tests have posted in the channel before.
    const refs = fake.api.messages(REPORTS).map((posted) => `${REPORTS}/${posted.ts}`);
    expect(refs).toContain(ref);
    const message = fake.api.messages(REPORTS)[refs.indexOf(ref)];
    expect(message?.metadata).toEqual({
      event_type: DELIVERY_EVENT_TYPE,
      event_payload: { delivery: "d-post-1" },
    });
    const call = fake.api.callsTo("chat.postMessage").at(-1);
    expect(call?.authorization).toBe(`Bearer ${BOT_TOKEN}`);
    expect(call?.args).toMatchObject({ unfurl_links: "false", unfurl_media: "false" });
  });

  it("escapes hostile content, so nothing pings or links", async () => {
    const ref = await destination.post(reportView(2), "d-hostile");
    const message = fake.api.messages(REPORTS).find((posted) => ref.endsWith(posted.ts));
    const shown = [message?.text ?? "", ...textsOf(message?.blocks)].join("\n");
    expect(shown).toContain("&lt;!channel&gt; &amp; &lt;@U1&gt;");
    expect(shown).toContain("&lt;https://evil.test|free gold&gt;");
    expect(shown).not.toMatch(/<!channel>|<!here>|<@U1>|<https:/);
  });

  it("edits a message in place, and a view without actions takes the buttons away", async () => {
    const ref = await destination.post(reportView(3), "d-edit");
    const ts = ref.split("/")[1] ?? "";
    expect(actionsBlocks(fake.api.channels.find(REPORTS, ts)?.blocks)).toHaveLength(1);

    await destination.edit(ref, reportView(3, "mina"));
    const edited = fake.api.channels.find(REPORTS, ts);
    expect(edited?.text).toContain("Report #3");
    expect(textsOf(edited?.blocks).join("\n")).toContain("Handled by mina");
    expect(actionsBlocks(edited?.blocks)).toEqual([]);
    // The edit keeps the delivery key, so the message stays findable.
    expect(await destination.findPosted("d-edit", lastMinute())).toBe(ref);
  });

  it("finds a post by its delivery key, and nothing for a key never posted", async () => {
    const ref = await destination.post(reportView(4), "d-find");
    fake.api.channels.addUserMessage(REPORTS, "a moderator chatting after the post");
    await destination.post(reportView(5), "d-find-other");

    expect(await destination.findPosted("d-find", lastMinute())).toBe(ref);
    expect(await destination.findPosted("d-never", lastMinute())).toBeUndefined();
    const history = fake.api.callsTo("conversations.history").at(-1);
    expect(history?.args).toMatchObject({ channel: REPORTS, include_all_metadata: "true" });
    expect(Number(history?.args.limit)).toBeGreaterThanOrEqual(100);
  });

  it("lets a moderator press a posted button, until an edit takes it away", async () => {
    const ref = await destination.post(reportView(6), "d-click");
    const ts = ref.split("/")[1] ?? "";
    const click = fake.clickOn({ channel: REPORTS, ts, button: "Dismiss", user: moderator });
    expect(click.payload).toMatchObject({
      type: "block_actions",
      container: { type: "message", message_ts: ts, channel_id: REPORTS, is_ephemeral: false },
      channel: { id: REPORTS },
      message: { ts, bot_id: "B0BOT" },
      actions: [{ action_id: "cw:report:6:dismiss", value: "cw:report:6:dismiss" }],
      response_url: click.responseUrl,
    });

    await destination.edit(ref, reportView(6, "mina"));
    expect(() =>
      fake.clickOn({ channel: REPORTS, ts, button: "Dismiss", user: moderator }),
    ).toThrow(/no button "Dismiss"/);
  });
});

describe("a post in doubt, looked up by when it was attempted", () => {
  // Slack's clock, which dates messages; the attempt's span is by the bot's clock (Date.now).
  let slackNow = Date.now();
  let fake: FakeSlack;
  let destination: Destination;
  const MINUTE = 60_000;
  beforeEach(async () => {
    slackNow = Date.now();
    fake = await startFakeSlack({ postRateLimit: false, clock: () => slackNow });
    destination = destinationAt(fake.apiUrl);
  });
  afterEach(() => fake.close());

  const historyCalls = () => fake.api.callsTo("conversations.history").length;
  const chatter = (count: number, from: string) => {
    for (let n = 0; n < count; n++) fake.api.channels.addUserMessage(REPORTS, `${from} ${n}`);
  };

  it("is found under more than two pages of newer messages, reading only its span", async () => {
    // An hour of older history, which the lookup must not need to read.
    slackNow -= 60 * MINUTE;
    chatter(3_000, "earlier");
    slackNow += 60 * MINUTE;
    const attempt = { from: slackNow, until: slackNow + MINUTE };
    const ref = await destination.post(reportView(1), "d-buried");
    // The bot died before hearing back; the channel went on while it was down.
    chatter(450, "meanwhile");
    const before = historyCalls();

    expect(await destination.findPosted("d-buried", attempt)).toBe(ref);
    // 450 newer messages in pages of 200: the post is on the third, and nothing older is read.
    expect(historyCalls() - before).toBe(3);
    expect(await destination.findPosted("d-never", attempt)).toBeUndefined();
  });

  it("is found when Slack's clock and this host's disagree by minutes", async () => {
    const attempt = { from: Date.now(), until: Date.now() + MINUTE };
    slackNow = attempt.from - 4 * MINUTE;
    const behind = await destination.post(reportView(2), "d-slack-behind");
    slackNow = attempt.until + 4 * MINUTE;
    const ahead = await destination.post(reportView(3), "d-slack-ahead");
    expect(await destination.findPosted("d-slack-behind", attempt)).toBe(behind);
    expect(await destination.findPosted("d-slack-ahead", attempt)).toBe(ahead);
  });
});

describe("Slack's posting limit", () => {
  // A fresh Slack for each test: the limit and the calls counted are the test's own.
  let fake: FakeSlack;
  beforeEach(async () => {
    fake = await startFakeSlack();
  });
  afterEach(() => fake.close());

  it("answers a fourth post at once with 429 and Retry-After, which means retry in 1 s", async () => {
    const destination = destinationAt(fake.apiUrl, "C0BURST");
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((number) => destination.post(reportView(number), `d-burst-${number}`)),
    );
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(1);
    const [limited] = fake.api.rateLimited("chat.postMessage");
    expect(limited?.retryAfter).toBe(1);
    // The client handed the 429 back instead of waiting it out and posting again.
    expect(fake.api.callsTo("chat.postMessage")).toHaveLength(4);
    expect(fake.api.messages("C0BURST")).toHaveLength(3);

    const reason = refused[0]?.status === "rejected" ? refused[0].reason : undefined;
    expect(destination.classify(reason)).toMatchObject({ retry: true, afterMs: 1000 });
  });

  it("limits each channel on its own", async () => {
    const full = destinationAt(fake.apiUrl, "C0BURST");
    await Promise.allSettled(
      [1, 2, 3, 4].map((number) => full.post(reportView(number), `d-burst-${number}`)),
    );
    const other = destinationAt(fake.apiUrl, "C0OTHER");
    await Promise.all([1, 2, 3].map((number) => other.post(reportView(number), `d-o-${number}`)));
    expect(fake.api.rateLimited("chat.postMessage").map((call) => call.args.channel)).toEqual([
      "C0BURST",
    ]);
  });
});

describe("the destination's pace, kept by the feed's pacer", () => {
  // Production's pace and pacer against the fake's default limit, Slack's (a burst of 3, then
  // one post a second): the two count on one clock that moves only when the pacer waits, so ten
  // posts take no ten seconds. At Slack's limit on the host's clock, through the built bot:
  // test/e2e/feed-burst.test.ts.
  const clock = new VirtualClock();
  let fake: FakeSlack;
  beforeAll(async () => {
    fake = await startFakeSlack({ rateClock: clock.now });
  });
  afterAll(() => fake.close());

  it("draws no 429 over ten posts: a burst, then one per interval, in order", async () => {
    const destination = destinationAt(fake.apiUrl, "C0PACED");
    const pace = destination.pace ?? SLACK_PACE;
    const pacer = new Pacer(pace, clock);
    const started = clock.now();
    const sentAt: number[] = [];
    // One post at a time, as the drainer sends them.
    for (let index = 0; index < 10; index++) {
      await pacer.take();
      sentAt.push(clock.now() - started);
      await destination.post(reportView(index), `d-p-${index}`);
    }
    expect(fake.api.rateLimited()).toEqual([]);
    const interval = pace.intervalMs;
    expect(sentAt).toEqual([0, 0, 0, 1, 2, 3, 4, 5, 6, 7].map((step) => step * interval));
    expect(fake.api.messages("C0PACED").map((message) => message.text)).toEqual(
      Array.from({ length: 10 }, (_, index) => expect.stringContaining(`Report #${index} `)),
    );
  });
});

describe("classifying failures", () => {
  let fake: FakeSlack;
  let destination: Destination;
  beforeAll(async () => {
    fake = await startFakeSlack();
    destination = destinationAt(fake.apiUrl);
  });
  afterAll(() => fake.close());

  it("retries an outage (503) without trying again inside the client", async () => {
    fake.api.down = true;
    const before = fake.api.callsTo("chat.postMessage").length;
    const error = await failureOf(() => destination.post(reportView(1), "d-503"));
    fake.api.down = false;
    expect(fake.api.callsTo("chat.postMessage").length - before).toBe(1);
    // Slack's edge or a proxy may answer a 5xx after Slack posted: a post that may exist.
    expect(destination.classify(error)).toEqual({
      retry: true,
      reason: "Slack answered HTTP 503",
      mayHaveTakenEffect: true,
    });
  });

  it("retries Slack's own passing trouble, after which only some may have posted", async () => {
    const codes: Array<[code: string, mayHaveTakenEffect: boolean]> = [
      // "It's possible some aspect of the operation succeeded before the error was raised."
      ["internal_error", true],
      ["fatal_error", true],
      ["service_unavailable", false],
      ["request_timeout", false],
    ];
    for (const [code, mayHaveTakenEffect] of codes) {
      fake.api.failNext("chat.postMessage", code);
      const error = await failureOf(() => destination.post(reportView(1), `d-${code}`));
      const verdict = destination.classify(error);
      expect(verdict, code).toMatchObject({ retry: true });
      expect(verdict.retry && verdict.mayHaveTakenEffect === true, code).toBe(mayHaveTakenEffect);
    }
  });

  it("gives up on what only an operator can fix, saying what to do", async () => {
    const cases: Array<[string, string]> = [
      ["channel_not_found", `SLACK_REPORT_CHANNEL_ID ${REPORTS} was not found`],
      [
        "not_in_channel",
        `the bot is not in SLACK_REPORT_CHANNEL_ID ${REPORTS}: /invite @chatwarden`,
      ],
      ["is_archived", `SLACK_REPORT_CHANNEL_ID ${REPORTS} is archived`],
      ["invalid_auth", "Slack refused SLACK_BOT_TOKEN (invalid_auth)"],
      ["token_revoked", "Slack refused SLACK_BOT_TOKEN (token_revoked)"],
      ["msg_too_long", "Slack refused the message (msg_too_long)"],
      ["invalid_blocks", "Slack refused the message (invalid_blocks)"],
    ];
    for (const [code, reason] of cases) {
      fake.api.failNext("chat.postMessage", code);
      const error = await failureOf(() => destination.post(reportView(1), `d-${code}`));
      const verdict = destination.classify(error);
      expect(verdict, code).toMatchObject({ retry: false });
      expect(verdict.reason, code).toContain(reason);
    }
  });

  it("names the scope a missing_scope answer asks for", async () => {
    fake.api.answerNext("conversations.history", {
      status: 200,
      body: {
        ok: false,
        error: "missing_scope",
        needed: "channels:history",
        provided: "chat:write",
      },
    });
    const error = await failureOf(() => destination.findPosted("d-scope", lastMinute()));
    const verdict = destination.classify(error);
    expect(verdict.retry).toBe(false);
    expect(verdict.reason).toContain("lacks the scope channels:history");
  });

  it("gives up editing a message that is gone, or a reference that is not one", async () => {
    const gone = await failureOf(() =>
      destination.edit(`${REPORTS}/1600000000.000100`, reportView(1, "mina")),
    );
    expect(destination.classify(gone)).toMatchObject({
      retry: false,
      reason: expect.stringContaining("message_not_found"),
    });
    const malformed = await failureOf(() => destination.edit("12345", reportView(1, "mina")));
    expect(destination.classify(malformed)).toMatchObject({ retry: false });
  });

  it("retries when Slack cannot be reached, or does not answer in time", async () => {
    const closed = await unusedPort();
    const unreachable = destinationAt(`http://127.0.0.1:${closed}/api/`);
    const refused = await failureOf(() => unreachable.post(reportView(1), "d-refused"));
    // Refused: the post never left, so it cannot exist.
    expect(unreachable.classify(refused)).toEqual({
      retry: true,
      reason: expect.stringContaining("could not reach Slack"),
    });

    const silent = await silentServer();
    try {
      const client = deliveryWebClient({
        apiUrl: `${silent.url}/api/`,
        logger: silentLogger,
        requestTimeoutMs: 200,
      });
      const slow = slackDestination({
        client,
        botToken: BOT_TOKEN,
        channelId: REPORTS,
        purpose: "audit",
      });
      const timedOut = await failureOf(() => slow.post(reportView(1), "d-timeout"));
      // Sent and never answered: Slack may have posted it.
      expect(slow.classify(timedOut)).toEqual({
        retry: true,
        reason: "Slack did not answer in time",
        mayHaveTakenEffect: true,
      });
    } finally {
      await silent.close();
    }
  });
});

describe("the fake's history and updates, as Slack documents them", () => {
  let fake: FakeSlack;
  beforeAll(async () => {
    fake = await startFakeSlack({ postRateLimit: false });
  });
  afterAll(() => fake.close());

  const call = (method: string, args: Record<string, unknown>) =>
    callWebApi(fake.apiUrl, method, args);

  it("returns metadata only with include_all_metadata, newest first, up to limit", async () => {
    for (const delivery of ["a", "b", "c"]) {
      await call("chat.postMessage", {
        channel: "C0HIST",
        text: delivery,
        metadata: { event_type: DELIVERY_EVENT_TYPE, event_payload: { delivery } },
      });
    }
    const plain = await call("conversations.history", { channel: "C0HIST", limit: 2 });
    expect(plain).toMatchObject({ ok: true, has_more: true });
    const messages = plain.messages as Array<Record<string, unknown>>;
    expect(messages.map((message) => message.text)).toEqual(["c", "b"]);
    expect(messages.every((message) => !("metadata" in message))).toBe(true);

    const full = await call("conversations.history", {
      channel: "C0HIST",
      include_all_metadata: true,
    });
    expect((full.messages as Array<{ metadata?: unknown }>)[0]?.metadata).toEqual({
      event_type: DELIVERY_EVENT_TYPE,
      event_payload: { delivery: "c" },
    });
  });

  /** Posts `texts` to `channel` in order and returns each one's ts. */
  const postAll = async (channel: string, texts: string[]) => {
    const stamps: string[] = [];
    for (const text of texts)
      stamps.push(String((await call("chat.postMessage", { channel, text })).ts));
    return stamps;
  };
  const textsIn = (page: Record<string, unknown>) =>
    (page.messages as Array<{ text: string }>).map((message) => message.text);

  it("dates each message by when it was posted, as Slack's ts is", async () => {
    const before = Date.now();
    const [ts] = await postAll("C0WHEN", ["now"]);
    expect(ts).toMatch(/^\d{10}\.\d{6}$/);
    expect(Number(ts) * 1000).toBeGreaterThanOrEqual(before - 1);
    expect(Number(ts) * 1000).toBeLessThanOrEqual(Date.now() + 1);
  });

  it("pages newest first through next_cursor until has_more is false", async () => {
    const texts = ["1", "2", "3", "4", "5", "6", "7"];
    await postAll("C0PAGES", texts);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await call("conversations.history", { channel: "C0PAGES", limit: 3, cursor });
      pages += 1;
      seen.push(...textsIn(page));
      cursor = (page.response_metadata as { next_cursor: string }).next_cursor;
      expect(page.has_more).toBe(cursor !== "");
      if (!page.has_more) break;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...texts].reverse());
  });

  it("bounds a page by oldest and latest, each excluded unless inclusive", async () => {
    const stamps = await postAll("C0SPAN", ["a", "b", "c", "d", "e"]);
    const span = { channel: "C0SPAN", oldest: stamps[1], latest: stamps[3] };
    expect(textsIn(await call("conversations.history", span))).toEqual(["c"]);
    expect(textsIn(await call("conversations.history", { ...span, inclusive: true }))).toEqual([
      "d",
      "c",
      "b",
    ]);
    // Unix seconds with no fraction are a time too; a cursor keeps to the same span.
    const first = await call("conversations.history", {
      channel: "C0SPAN",
      oldest: stamps[0],
      limit: 2,
    });
    expect(textsIn(first)).toEqual(["e", "d"]);
    const cursor = (first.response_metadata as { next_cursor: string }).next_cursor;
    const rest = await call("conversations.history", {
      channel: "C0SPAN",
      oldest: stamps[0],
      cursor,
    });
    expect(textsIn(rest)).toEqual(["c", "b"]);
    expect(rest).toMatchObject({ has_more: false, response_metadata: { next_cursor: "" } });
    const whole = String(Math.floor(Number(stamps[0]) - 1));
    expect(
      textsIn(await call("conversations.history", { channel: "C0SPAN", oldest: whole })),
    ).toHaveLength(5);
  });

  it("refuses a cursor it did not make and a time that is none", async () => {
    const history = (args: Record<string, unknown>) =>
      call("conversations.history", { channel: "C0SPAN", ...args });
    expect(await history({ cursor: "bm90IGEgY3Vyc29y" })).toEqual({
      ok: false,
      error: "invalid_cursor",
    });
    expect(await history({ oldest: "yesterday" })).toEqual({
      ok: false,
      error: "invalid_ts_oldest",
    });
    expect(await history({ latest: "-1" })).toEqual({ ok: false, error: "invalid_ts_latest" });
  });

  it("answers conversations.history with 429 beyond Tier 3's 50 a minute", async () => {
    const fresh = await startFakeSlack();
    try {
      const answers = await Promise.all(
        Array.from({ length: 51 }, () =>
          fetch(`${fresh.apiUrl}conversations.history`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ channel: "C0BUSY" }),
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(50);
      const [limited] = fresh.api.rateLimited("conversations.history");
      // The next call passes 1.2 s after the burst began, less however long the 51 calls took to
      // arrive (on a loaded machine, over 0.2 s): Retry-After is that in whole seconds, rounded up.
      expect([1, 2]).toContain(limited?.retryAfter);
    } finally {
      await fresh.close();
    }
  });

  it("updates only the bot's own messages, and text alone drops the blocks", async () => {
    const posted = await call("chat.postMessage", {
      channel: "C0UPD",
      text: "first",
      blocks: [{ type: "section", text: { type: "mrkdwn", text: "first" } }],
    });
    const ts = String(posted.ts);
    expect(await call("chat.update", { channel: "C0UPD", ts, text: "second" })).toMatchObject({
      ok: true,
    });
    expect(fake.api.channels.find("C0UPD", ts)).toMatchObject({ text: "second" });
    expect(fake.api.channels.find("C0UPD", ts)?.blocks).toBeUndefined();

    const person = fake.api.channels.addUserMessage("C0UPD", "hello");
    expect(await call("chat.update", { channel: "C0UPD", ts: person.ts, text: "x" })).toEqual({
      ok: false,
      error: "cant_update_message",
    });
    expect(await call("chat.update", { channel: "C0UPD", ts: "1.000000", text: "x" })).toEqual({
      ok: false,
      error: "message_not_found",
    });
  });
});

/** A Web API call as JSON, the way Slack accepts it, answered with Slack's JSON body. */
async function callWebApi(
  apiUrl: string,
  method: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${apiUrl}${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${BOT_TOKEN}` },
    body: JSON.stringify(args),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** A port on 127.0.0.1 that nothing listens on. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts requests and never answers, like a hung proxy. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
