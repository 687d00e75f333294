// Replays in HTTP mode: a request Slack signed is acted on once. A copy of it (the same body,
// timestamp and signature) is answered 200 and does nothing, also when it reaches another process
// sharing the store; a timestamp more than five minutes from now, in either direction, is refused;
// Slack's own retries (X-Slack-Retry-Num) are answered and not acted on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReplayGuard } from "../../../src/store/replay-guard.js";
import {
  blockActionsPayload,
  slashCommandPayload,
  viewSubmissionPayload,
} from "../../fakes/slack/payloads.js";
import { type FakeSlack, startFakeSlack } from "../../fakes/slack/server.js";
import { slackSignature } from "../../fakes/slack/signing.js";
import { type Harness, startHarness } from "../../helpers/core.js";
import { SIGNING_SECRET } from "./drivers.js";
import { users } from "./harness.js";
import { type HttpBot, startHttpBot } from "./http-bot.js";

let core: Harness;
let fake: FakeSlack;
/** Two bot processes on one DATA_DIR: each its own HTTP server, adapter and store connection. */
let first: HttpBot;
let second: HttpBot;

beforeAll(async () => {
  core = await startHarness();
  // The players these tests ban have been seen by the bot, as a report would show them.
  await core.see(
    ...["replayed-1", "replayed-2", "replayed-3", "future-1", "past-1", "skewed-1"],
    ...["retried-1", "retried-2", "unrecorded-1", "settle-marker"],
  );
  fake = await startFakeSlack();
  first = await startHttpBot(core, fake);
  second = await startHttpBot(core, fake);
});
afterAll(async () => {
  await first.close();
  await second.close();
  await fake.close();
  await core.close();
});

interface Signed {
  body: string;
  headers: Record<string, string>;
  responseUrl: string;
}

/** A /ban as Slack would send it, signed once; post it as often as a test likes. */
function signedBan(text: string, timestamp = Math.floor(Date.now() / 1000)): Signed {
  const responseUrl = fake.responses.newUrl();
  const form = slashCommandPayload({ command: "/ban", text, user: users.moderator, responseUrl });
  return signedForm(form, responseUrl, timestamp);
}

/** A form-encoded request, signed as Slack signs it, whose answers go to `responseUrl`. */
function signedForm(
  form: Record<string, string>,
  responseUrl: string,
  timestamp = Math.floor(Date.now() / 1000),
): Signed {
  const body = new URLSearchParams(form).toString();
  return {
    body,
    responseUrl,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": slackSignature(SIGNING_SECRET, timestamp, body),
    },
  };
}

async function post(bot: HttpBot, signed: Signed, extra: Record<string, string> = {}) {
  const response = await fetch(bot.endpoint, {
    method: "POST",
    headers: { ...signed.headers, ...extra },
    body: signed.body,
  });
  return { status: response.status, body: await response.text() };
}

/** Waits until a later, fresh command has been answered: whatever came before has settled. */
async function settled(bot: HttpBot = first): Promise<void> {
  const marker = signedBan("settle-marker");
  marker.body = marker.body.replace("command=%2Fban", "command=%2Fbans");
  const timestamp = Number(marker.headers["x-slack-request-timestamp"]);
  marker.headers["x-slack-signature"] = slackSignature(SIGNING_SECRET, timestamp, marker.body);
  expect((await post(bot, marker)).status).toBe(200);
  await fake.responses.answer(marker.responseUrl);
}

const putsTo = () => core.callsTo("PUT", "/block_user_chat");

describe("a signed request replayed", () => {
  it("acts once on the same signed /ban posted three times; the copies get 200 and nothing", async () => {
    const before = putsTo();
    const ban = signedBan("replayed-1 3 spam");
    const answers = [await post(first, ban), await post(first, ban), await post(first, ban)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await fake.responses.answer(ban.responseUrl);
    await settled();
    expect(putsTo() - before).toBe(1);
    expect(await core.core.cases.forTarget("replayed-1")).toHaveLength(1);
    expect(fake.responses.postsTo(ban.responseUrl)).toHaveLength(1);
  });

  it("acts once when the copies are posted at the same moment", async () => {
    const before = putsTo();
    const ban = signedBan("replayed-2 3");
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(first, ban)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    await fake.responses.answer(ban.responseUrl);
    await settled();
    expect(putsTo() - before).toBe(1);
    expect(await core.core.cases.forTarget("replayed-2")).toHaveLength(1);
  });

  it("acts once when the copy reaches another process sharing DATA_DIR", async () => {
    const before = putsTo();
    const ban = signedBan("replayed-3 3");
    expect((await post(first, ban)).status).toBe(200);
    await fake.responses.answer(ban.responseUrl);
    expect((await post(second, ban)).status).toBe(200);
    await settled(second);
    expect(putsTo() - before).toBe(1);
    expect(await core.core.cases.forTarget("replayed-3")).toHaveLength(1);
  });
});

describe("the timestamp", () => {
  it("refuses one 10 minutes in the future with 401, even correctly signed", async () => {
    const before = putsTo();
    const ban = signedBan("future-1 3", Math.floor(Date.now() / 1000) + 10 * 60);
    expect((await post(first, ban)).status).toBe(401);
    await settled();
    expect(putsTo()).toBe(before);
    expect(fake.responses.postsTo(ban.responseUrl)).toEqual([]);
    expect(core.emulator.state.runningBan("future-1")).toBeUndefined();
  });

  it("refuses one 6 minutes old with 401", async () => {
    const ban = signedBan("past-1 3", Math.floor(Date.now() / 1000) - 6 * 60);
    expect((await post(first, ban)).status).toBe(401);
  });

  it("accepts one a little ahead of our clock (within five minutes)", async () => {
    const ban = signedBan("skewed-1 1", Math.floor(Date.now() / 1000) + 2 * 60);
    expect((await post(first, ban)).status).toBe(200);
    await fake.responses.answer(ban.responseUrl);
    expect(core.emulator.state.runningBan("skewed-1")).toBeDefined();
  });
});

describe("Slack's retries", () => {
  it("answers a request carrying X-Slack-Retry-Num with 200 and does nothing", async () => {
    const before = putsTo();
    const ban = signedBan("retried-1 3");
    const answer = await post(first, ban, {
      "x-slack-retry-num": "1",
      "x-slack-retry-reason": "http_timeout",
    });
    expect(answer.status).toBe(200);
    await settled();
    expect(putsTo()).toBe(before);
    expect(fake.responses.postsTo(ban.responseUrl)).toEqual([]);
  });

  it("still refuses an unsigned request that claims to be a retry", async () => {
    const ban = signedBan("retried-2 3");
    const answer = await post(first, ban, {
      "x-slack-retry-num": "1",
      "x-slack-signature": slackSignature("not-the-secret", 1, "x"),
    });
    expect(answer.status).toBe(401);
  });
});

describe("a store that cannot remember", () => {
  let broken: HttpBot;
  beforeAll(async () => {
    broken = await startHttpBot(core, fake, {
      replayGuard: (store) =>
        new (class extends ReplayGuard {
          override async firstSighting(): Promise<boolean> {
            throw new Error("database or disk is full");
          }
        })(store),
    });
  });
  afterAll(() => broken.close());

  /** Posts `request` to the bot whose store cannot remember; what the moderator then reads. */
  async function refusedInWords(request: Signed): Promise<string> {
    const before = putsTo();
    expect(await post(broken, request)).toEqual({ status: 200, body: "" });
    const answer = JSON.stringify((await fake.responses.answer(request.responseUrl)).body);
    await settled();
    expect(putsTo()).toBe(before);
    expect(fake.responses.postsTo(request.responseUrl)).toHaveLength(1);
    return answer;
  }

  it("does not act on a /ban, since a copy could not be told from it, and says so in words", async () => {
    const answer = await refusedInWords(signedBan("unrecorded-1 3"));
    expect(answer).toContain("chatwarden cannot record anything right now: the store ");
    expect(answer).toContain("could not be written (database or disk is full); nothing was done");
  });

  it("answers a report card's button and a form's submission the same way", async () => {
    const clickUrl = fake.responses.newUrl();
    const click = blockActionsPayload({
      actionId: "cw:report:1:ban1",
      user: users.moderator,
      responseUrl: clickUrl,
      ephemeral: false,
    });
    const clicked = await refusedInWords(signedForm({ payload: JSON.stringify(click) }, clickUrl));
    expect(clicked).toContain("chatwarden cannot record anything right now");

    // A form keeps the response_url of the click that opened it in its private_metadata.
    const formUrl = fake.responses.newUrl();
    const submission = viewSubmissionPayload({
      view: {
        callback_id: "cwform",
        private_metadata: JSON.stringify({
          command: "ban",
          args: { gamer_id: "unrecorded-2" },
          responseUrl: formUrl,
        }),
      },
      values: { days: "3", reason: "spam" },
      user: users.moderator,
    });
    const submitted = await refusedInWords(
      signedForm({ payload: JSON.stringify(submission) }, formUrl),
    );
    expect(submitted).toContain("chatwarden cannot record anything right now");
  });
});
