// The adapter's own Web API client retries by the one classification (delivery-failure.ts): an
// outage is tried again, a refusal from Slack's edge or a proxy is not. Left to itself, the Web
// API client (8.2) repeats every status but 200 and 429 alike.
import { webApi } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webClientOptions } from "../../../adapters/slack/web-client.js";
import { silentLogger } from "../../../src/log.js";
import { type FakeSlack, startFakeSlack } from "../../fakes/slack/server.js";
import { TEST_RETRY_POLICY } from "./harness.js";

const TOKEN = "fake-bot-token";

describe("the adapter's Web API client", () => {
  let fake: FakeSlack;
  let client: webApi.WebClient;
  beforeAll(async () => {
    fake = await startFakeSlack({ postRateLimit: false });
    client = new webApi.WebClient(
      TOKEN,
      webClientOptions(fake.apiUrl, TEST_RETRY_POLICY, silentLogger),
    );
  });
  afterAll(() => fake.close());

  function post(text: string): Promise<unknown> {
    return client.chat.postMessage({ channel: "C0RETRY", text }).catch((error: unknown) => error);
  }

  it("tries an outage (503) again, as often as its policy says", async () => {
    const before = fake.api.callsTo("chat.postMessage").length;
    for (let i = 0; i <= TEST_RETRY_POLICY.retries; i++) {
      fake.api.answerNext("chat.postMessage", { status: 503, body: "Service Unavailable" });
    }
    const failure = await post("outage");
    expect(failure).toBeInstanceOf(webApi.WebAPIHTTPError);
    const tries = fake.api.callsTo("chat.postMessage").length - before;
    expect(tries).toBe(TEST_RETRY_POLICY.retries + 1);
  });

  it("sends a call refused by a proxy (404) once", async () => {
    const before = fake.api.callsTo("chat.postMessage").length;
    fake.api.answerNext("chat.postMessage", { status: 404, body: "<html>Not Found</html>" });
    const failure = await post("refused");
    expect(failure).toMatchObject({ statusCode: 404 });
    expect(fake.api.callsTo("chat.postMessage").length - before).toBe(1);
  });

  it("succeeds after one passing 502", async () => {
    const before = fake.api.callsTo("chat.postMessage").length;
    fake.api.answerNext("chat.postMessage", { status: 502, body: "Bad Gateway" });
    const answer = await client.chat.postMessage({ channel: "C0RETRY", text: "later" });
    expect(answer.ok).toBe(true);
    expect(fake.api.callsTo("chat.postMessage").length - before).toBe(2);
  });
});
