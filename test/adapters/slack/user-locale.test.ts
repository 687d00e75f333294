// How long a Slack user's language is kept, through the real Web API client against the fake
// Slack (users.info with include_locale), on a clock the test moves: asked once an hour, a
// failure asked again a minute on, two commands at once sharing one lookup, and no more users
// kept than the bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryWebClient } from "../../../adapters/slack/delivery-client.js";
import {
  FAILURE_KEPT_MS,
  LOCALE_KEPT_MS,
  MAX_USERS_KEPT,
  SlackUserLocales,
} from "../../../adapters/slack/user-locale.js";
import { silentLogger } from "../../../src/log.js";
import { type FakeSlack, startFakeSlack } from "../../fakes/slack/server.js";

describe("a Slack user's language, kept for a while", () => {
  let fake: FakeSlack;
  let now = 0;
  let locales: SlackUserLocales;
  beforeAll(async () => {
    fake = await startFakeSlack();
    fake.api.members.set({ id: "U0KO", name: "jisoo", locale: "ko-KR" });
    fake.api.members.set({ id: "U0FR", name: "aline", locale: "fr-FR" });
    const client = deliveryWebClient({ apiUrl: fake.apiUrl, logger: silentLogger });
    locales = new SlackUserLocales({
      client,
      botToken: "fake-bot-token",
      logger: silentLogger,
      now: () => now,
    });
  });
  afterAll(() => fake.close());

  const lookups = (user: string) =>
    fake.api.callsTo("users.info").filter((call) => call.args.user === user).length;

  it("asks Slack once an hour, and once for two commands at the same moment", async () => {
    expect(await Promise.all([locales.localeOf("U0KO"), locales.localeOf("U0KO")])).toEqual([
      "ko",
      "ko",
    ]);
    expect(lookups("U0KO")).toBe(1);
    now += LOCALE_KEPT_MS - 1;
    expect(await locales.localeOf("U0KO")).toBe("ko");
    expect(lookups("U0KO")).toBe(1);
    now += 1;
    fake.api.members.set({ id: "U0KO", name: "jisoo", locale: "en-US" });
    expect(await locales.localeOf("U0KO")).toBe("en");
    expect(lookups("U0KO")).toBe(2);
  });

  it("has no language for a locale chatwarden does not speak", async () => {
    expect(await locales.localeOf("U0FR")).toBeUndefined();
  });

  it("asks again a minute after a failure, not an hour", async () => {
    fake.api.failNext("users.info", "internal_error", (args) => args.user === "U0LATE");
    fake.api.members.set({ id: "U0LATE", name: "min", locale: "ko-KR" });
    expect(await locales.localeOf("U0LATE")).toBeUndefined();
    now += FAILURE_KEPT_MS - 1;
    expect(await locales.localeOf("U0LATE")).toBeUndefined();
    expect(lookups("U0LATE")).toBe(1);
    now += 1;
    expect(await locales.localeOf("U0LATE")).toBe("ko");
    expect(lookups("U0LATE")).toBe(2);
  });

  it("keeps a bounded number of users, forgetting the one kept longest", async () => {
    expect(MAX_USERS_KEPT).toBe(10_000);
    const bounded = new SlackUserLocales({
      client: deliveryWebClient({ apiUrl: fake.apiUrl, logger: silentLogger }),
      botToken: "fake-bot-token",
      logger: silentLogger,
      now: () => now,
      maxUsers: 2,
    });
    for (const id of ["U0KO", "U0FR", "U0LATE"]) await bounded.localeOf(id);
    const before = fake.api.callsTo("users.info").length;
    // The last two are kept; the first was forgotten when the third came.
    await bounded.localeOf("U0LATE");
    await bounded.localeOf("U0FR");
    expect(fake.api.callsTo("users.info").length).toBe(before);
    expect(await bounded.localeOf("U0KO")).toBe("en");
    expect(fake.api.callsTo("users.info").length).toBe(before + 1);
  });
});
