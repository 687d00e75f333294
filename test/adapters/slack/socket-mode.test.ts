// The real bolt App in Socket Mode: it asks apps.connections.open at SLACK_API_URL with the app
// token, connects to the websocket it is given, acks envelopes at once, and keeps the connection
// up through drops and outages without ever ending the process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_TOKEN, type SlackHarness, startSlackHarness, textsOf, users } from "./harness.js";

describe("a connected app", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({ mode: "socket" });
    await s.core.see("sock-1");
  });
  afterAll(() => s.close());

  it("opened its connection through SLACK_API_URL with the app token", () => {
    const [open] = s.fake.api.callsTo("apps.connections.open");
    expect(open?.authorization).toBe(`Bearer ${APP_TOKEN}`);
  });

  it("runs slash commands delivered as envelopes and answers through the response_url", async () => {
    const sent = await s.driver.slash(users.moderator, "/ban", "sock-1 2 flooding");
    expect(sent.ackBody ?? {}).toEqual({});
    const answer = await s.answer(sent);
    expect(answer.body.response_type).toBe("in_channel");
    expect(textsOf(answer.body).join("\n")).toContain("Banned sock-1 for 2 days");

    const umbrella = await s.answer(
      await s.driver.slash(users.moderator, "/chatwarden", "bans sock-1"),
    );
    expect(umbrella.body.response_type).toBe("ephemeral");
    expect(textsOf(umbrella.body).join("\n")).toContain("sock-1");
  });

  it("denies a user without a role", async () => {
    const answer = await s.answer(await s.driver.slash(users.player, "/unban", "sock-1"));
    expect(textsOf(answer.body).join("\n")).toContain("Not allowed");
  });

  it("acks before a chat API slower than 3 s has answered", async () => {
    s.core.emulator.faults.add({ method: "GET", path: "/report_list", latencyMs: 3500 });
    const sent = await s.driver.slash(users.moderator, "/reports", "");
    expect(s.fake.responses.postsTo(sent.responseUrl)).toEqual([]);
    const answer = await s.answer(sent);
    expect(answer.at).toBeGreaterThan(sent.ackedAt);
  }, 15_000);

  it("reconnects when Slack drops the connection, and says so", async () => {
    const before = s.fake.socketMode.connections.items.length;
    s.fake.socketMode.dropConnections();
    await s.logs.waitFor("Slack Socket Mode down (connection closed); reconnecting");
    await s.fake.socketMode.connected(before + 1);
    await s.logs.waitFor("Slack Socket Mode back after");
    expect(s.adapter.connection.readiness()).toEqual({ ready: true, detail: "connected" });
    const answer = await s.answer(await s.driver.slash(users.moderator, "/bans", ""));
    expect(answer.body.response_type).toBe("ephemeral");
  });
});

describe("Slack down at start-up", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({ mode: "socket", slackDown: true });
  });
  afterAll(() => s.close());

  it("starts anyway, says once that it cannot connect, and connects when Slack is back", async () => {
    const failed = await s.logs.waitFor("Slack Socket Mode cannot connect");
    expect(failed).toMatchObject({ level: 40 });
    await s.logs.waitFor("Slack auth.test failed");
    // Retries are bounded per call: one attempt and two retries. The first failure is a
    // warning, the retries debug: an outage is not a stream of warnings.
    const attempts = s.logs.lines.items.filter((line) => line.msg === "Slack Web API call failed");
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts.filter((line) => line.level === 40)).toHaveLength(
      attempts.filter((line) => line.attempt === 1).length,
    );
    // Not ready, saying why; /healthz does not depend on Slack (it would restart a working bot).
    expect(s.adapter.connection.readiness()).toMatchObject({
      ready: false,
      detail: expect.stringMatching(/^connecting since \d\d:\d\d UTC/),
    });

    s.fake.api.down = false;
    await s.fake.socketMode.connected();
    await s.logs.waitFor("Slack Socket Mode connected after");
    expect(s.logs.lines.items.filter((line) => line.msg.includes("cannot connect"))).toHaveLength(
      1,
    );
    expect(s.adapter.connection.readiness()).toEqual({ ready: true, detail: "connected" });
    const answer = await s.answer(await s.driver.slash(users.moderator, "/bans", ""));
    expect(answer.body.response_type).toBe("ephemeral");
  });
});
