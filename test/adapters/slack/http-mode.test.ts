// The real bolt App in HTTP mode, mounted on the bot's HTTP server, receiving requests signed as
// Slack signs them: every command, refused forgeries, roles, errors, deadlines, hostile content.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slackSignature } from "../../fakes/slack/signing.js";
import {
  buttonsOf,
  type Delivered,
  type SlackHarness,
  startSlackHarness,
  textsOf,
  users,
} from "./harness.js";

let s: SlackHarness;
beforeAll(async () => {
  s = await startSlackHarness({ mode: "http" });
  const { state } = s.core.emulator;
  state.createChannel({
    channel_group: "global",
    channel_name: "server-1",
    max_count: 50,
    is_default: false,
  });
  state.injectReport({
    report_id: 1,
    to_gamer_id: "r-bad",
    from_gamer_id: "r-good",
    reason: "spam",
  });
  // The players these tests ban have been seen by the bot, as a report would show them.
  await s.core.see("sl-1", "sl-case", "ux-q", "ux-days", "ux-weeks", "by-admin", "err-1");
});
afterAll(() => s.close());

/** Sends a slash command and returns the ack and the first answer. */
async function slash(command: string, text: string, user = users.moderator) {
  const sent = await s.driver.slash(user, command, text);
  const answer = await s.answer(sent);
  return { sent, body: answer.body, text: textsOf(answer.body).join("\n") };
}

describe("signed slash commands for every command", () => {
  const cases: Array<{
    command: string;
    text: string;
    user?: (typeof users)[keyof typeof users];
    type: "in_channel" | "ephemeral";
    shows: string;
    /** What the chat API holds before the command: each case sets up its own. */
    given?: (state: SlackHarness["core"]["emulator"]["state"]) => void;
  }> = [
    {
      command: "/ban",
      text: "sl-1 3 spam & scam",
      type: "in_channel",
      shows: "Banned sl-1 for 3 days",
    },
    {
      command: "/bans",
      text: "",
      type: "ephemeral",
      shows: "sl-bans",
      given: (state) => state.ban("sl-bans", 3),
    },
    {
      command: "/history",
      text: "sl-history",
      type: "ephemeral",
      shows: "History of sl-history",
      given: (state) => state.ban("sl-history", 3),
    },
    {
      command: "/unban",
      text: "sl-unban --reason appeal",
      type: "in_channel",
      shows: "Unbanned sl-unban",
      given: (state) => state.ban("sl-unban", 3),
    },
    {
      command: "/reports",
      text: "r-bad",
      type: "ephemeral",
      shows: "Reports against or by a0 (r-bad)",
    },
    { command: "/channels", text: "list", type: "ephemeral", shows: "Channel groups: 1" },
    {
      command: "/channels",
      text: "create global server-2 20",
      user: users.admin,
      type: "in_channel",
      shows: "Created channel server-2 in global",
    },
    {
      command: "/channels",
      text: "delete global server-3",
      user: users.admin,
      type: "ephemeral",
      shows: "Please confirm",
      given: (state) =>
        state.createChannel({
          channel_group: "global",
          channel_name: "server-3",
          max_count: 20,
          is_default: false,
        }),
    },
    {
      command: "/badwords",
      text: 'add en-us "gold seller" scam',
      user: users.admin,
      type: "in_channel",
      shows: "Added 2 words to the en-us filter",
    },
    {
      command: "/badwords",
      text: "list",
      type: "ephemeral",
      shows: "gold seller",
      given: (state) => state.putBadWords("en-gb", ["gold seller"], "replace"),
    },
    {
      command: "/badwords",
      text: "remove fr-fr scam",
      user: users.admin,
      type: "ephemeral",
      shows: "Please confirm",
      given: (state) => state.putBadWords("fr-fr", ["scam"], "replace"),
    },
    { command: "/help", text: "", type: "ephemeral", shows: "chatwarden commands" },
    {
      command: "/chatwarden",
      text: "bans sl-umbrella",
      type: "ephemeral",
      shows: "sl-umbrella",
      given: (state) => state.ban("sl-umbrella", 3),
    },
  ];

  for (const { command, text, user, type, shows, given } of cases) {
    it(`${command} ${text}`, async () => {
      given?.(s.core.emulator.state);
      const answer = await slash(command, text, user);
      expect(answer.sent).toMatchObject({ status: 200, ackBody: undefined });
      expect(answer.body.response_type).toBe(type);
      expect(answer.text).toContain(shows);
    });
  }

  it("records the case with the Slack user and the reason as typed", async () => {
    await slash("/ban", "sl-case 3 spam & scam");
    const banned = (await s.core.core.cases.forTarget("sl-case")).find(
      (entry) => entry.command === "ban",
    );
    expect(banned).toMatchObject({
      platform: "slack",
      actorId: users.moderator.id,
      actorName: users.moderator.name,
      reason: "spam & scam",
      outcome: "success",
    });
  });
});

describe("a reason typed after the last argument", () => {
  it("is recorded exactly as typed, quotes and apostrophes included", async () => {
    // Issue 20: this recorded `he said hi, don't`.
    await slash("/ban", `ux-q 2 he said "hi", don't`);
    const [banned] = await s.core.core.cases.forTarget("ux-q");
    expect(banned).toMatchObject({
      command: "ban",
      outcome: "success",
      reason: `he said "hi", don't`,
    });
  });

  it("begins after the days' unit when it is typed as a word", async () => {
    // Issue 20: `3 days` recorded the reason "days".
    await slash("/ban", "ux-days 3 days");
    await slash("/ban", "ux-weeks 2 weeks week of spam");
    const [days] = await s.core.core.cases.forTarget("ux-days");
    expect(days).toMatchObject({ outcome: "success", args: { days: 3 } });
    expect(days?.reason).toBeUndefined();
    const [weeks] = await s.core.core.cases.forTarget("ux-weeks");
    expect(weeks).toMatchObject({ args: { days: 14 }, reason: "week of spam" });
  });
});

describe("usage", () => {
  it("answers help and a bare command with the usage from the catalogue and a form button", async () => {
    for (const text of ["help", ""]) {
      const answer = await slash("/ban", text);
      expect(answer.body.response_type).toBe("ephemeral");
      expect(answer.text).toContain("/ban &lt;gamer_id&gt; &lt;days&gt; [--reason R]");
      expect(buttonsOf(answer.body).get("Ban…")?.actionId).toBe("cwform:ban");
    }
  });

  it("answers a malformed call with what is wrong and the usage", async () => {
    const answer = await slash("/channels", "rename a b");
    expect(answer.text).toContain('channels has no subcommand "rename"');
    expect(answer.text).toContain("/channels delete &lt;group&gt; &lt;name&gt;");
    const umbrella = await slash("/chatwarden", "");
    expect(umbrella.text).toContain("/chatwarden unban &lt;gamer_id&gt;");
  });

  it("offers the command or subcommand a typo was meant to be", async () => {
    expect((await slash("/chatwarden", "bnas")).text).toContain(
      'Unknown command "bnas" (did you mean bans?).',
    );
    expect((await slash("/channels", "crate kr x 5")).text).toContain(
      'channels has no subcommand "crate" (did you mean create?)',
    );
  });

  it("answers invalid arguments with the runner's explanation", async () => {
    const answer = await slash("/ban", "sl-2 forever");
    expect(answer.body.response_type).toBe("ephemeral");
    expect(answer.text).toContain("days must be a whole number of days");
  });
});

describe("requests Slack did not sign", () => {
  async function refused(signing: { timestamp?: number; signature?: string }) {
    const before = (await s.core.core.cases.recent(1))[0]?.number ?? 0;
    const sent = await s.driver.slash(users.moderator, "/ban", "forged-1 3", signing);
    expect(sent.status).toBe(401);
    // A signed request after it is answered; the refused one never reached a handler.
    const later = await s.driver.slash(users.moderator, "/bans", "forged-1");
    await s.answer(later);
    expect(s.fake.responses.postsTo(sent.responseUrl)).toEqual([]);
    expect((await s.core.core.cases.recent(1))[0]?.number ?? 0).toBe(before);
    expect(s.core.emulator.state.runningBan("forged-1")).toBeUndefined();
  }

  it("refuses a forged signature with 401", async () => {
    const now = Math.floor(Date.now() / 1000);
    await refused({ timestamp: now, signature: slackSignature("not-the-secret", now, "x") });
  });

  it("refuses a timestamp older than 5 minutes with 401, even correctly signed", async () => {
    await refused({ timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
  });

  it("answers other methods and paths without bolt", async () => {
    const base = `http://127.0.0.1:${s.http.port()}`;
    expect((await fetch(`${base}/slack/events`)).status).toBe(405);
    expect((await fetch(`${base}/slack/events/other`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe("roles", () => {
  it("denies a Slack user in neither list, privately, and records the denial", async () => {
    const answer = await slash("/ban", "victim-1 3", users.player);
    expect(answer.body.response_type).toBe("ephemeral");
    expect(answer.text).toContain("Not allowed");
    expect(answer.text).toContain("ban needs the moderator role");
    expect(s.core.emulator.state.runningBan("victim-1")).toBeUndefined();
    expect((await s.core.core.cases.recent(1))[0]).toMatchObject({
      outcome: "denied",
      actorId: users.player.id,
    });
  });

  it("lets an admin do what a moderator does", async () => {
    const answer = await slash("/ban", "by-admin 1", users.admin);
    expect(answer.body.response_type).toBe("in_channel");
  });
});

describe("the chat API failing or slow", () => {
  it("answers a chat API error privately, in the moderator's words", async () => {
    s.core.emulator.faults.add({
      method: "PUT",
      path: "/block_user_chat",
      respond: {
        status: 200,
        body: JSON.stringify({ error_code: 400701, error_message: "bad token" }),
      },
    });
    const answer = await slash("/ban", "err-1 3");
    expect(answer.body.response_type).toBe("ephemeral");
    expect(answer.text).toContain("ban failed");
    expect(answer.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it("acks before a chat API slower than 3 s has answered", async () => {
    s.core.emulator.faults.add({ method: "GET", path: "/block_user_list", latencyMs: 3500 });
    const sent: Delivered = await s.driver.slash(users.moderator, "/bans", "");
    expect(sent.status).toBe(200);
    // The ack came back while the command was still waiting for the chat API.
    expect(s.fake.responses.postsTo(sent.responseUrl)).toEqual([]);
    const answer = await s.answer(sent);
    expect(answer.at).toBeGreaterThan(sent.ackedAt);
  }, 15_000);
});

describe("hostile content", () => {
  it("renders player content inert: no mention, no link, no entity", async () => {
    const hostile = "<!channel> <@U123> <https://evil|click> &lt;";
    s.core.emulator.state.injectReport({
      report_id: 66,
      to_gamer_id: "h-target",
      to_gamer_name: "<!channel>",
      from_gamer_id: "h-reporter",
      from_gamer_name: "<@U123>",
      reason: hostile,
      message: hostile,
      keyword: "<https://evil|click>",
    });
    const answer = await slash("/reports", "h-target");
    const banned = await slash("/ban", `<@U123> 2 ${hostile}`);
    for (const { body, text } of [answer, banned]) {
      expect(text).toContain("&amp;lt;");
      expect(text).toContain("&lt;@U123&gt;");
      expect(JSON.stringify(body)).not.toMatch(/<!channel>|<@U123>|<https:\/\/evil/);
    }
  });
});
