// PostgreSQL stopped under the built `serve` across the chat API call of a report card's Ban 1d
// on Slack (the emulator holds the ban's answer until the database is down). The moderator hears
// what was done: the player is banned, only the case could not be recorded yet. While the
// database is down, every Slack request is still answered in words and acts on nothing, and
// /readyz says the store cannot be reached, since when and why. Once it is back, with no
// restart: /readyz is ready by itself, the case is completed by the live process, the card
// on Slack and on Discord says who banned, its audit post goes out, and a second moderator pressing a stale
// Ban 1d hears who handled it. The server is this file's own: the run's shared one is never
// stopped.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CaseStore } from "../../src/moderation/cases.js";
import { openPostgresStore } from "../../src/store/postgres/open-postgres.js";
import type { SlackTestUser } from "../fakes/slack/payloads.js";
import { createDatabase } from "../helpers/postgres/databases.js";
import { restartablePostgresForFile } from "../helpers/postgres/restartable-postgres.js";
import {
  type BotWorld,
  DISCORD_REPORTS,
  postToSlackEndpoint,
  probeBot,
  SLACK_AUDIT,
  SLACK_REPORTS,
  slackModerator,
  startBotWorld,
} from "./bot-process.js";

const server = restartablePostgresForFile();
const secondModerator: SlackTestUser = { id: "U0MOD2", name: "noor" };
/** How long the chat API holds the ban's answer: the database is stopped meanwhile. */
const BAN_LATENCY_MS = 6_000;

let w: BotWorld;
let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await createDatabase(server().url, "outage");
  w = await startBotWorld({
    env: {
      DATABASE_URL: databaseUrl,
      SLACK_MODERATOR_USER_IDS: `${slackModerator.id},${secondModerator.id}`,
      // Longer than the held answer: the ban succeeds, slowly.
      CHAT_API_TIMEOUT_MS: "20000",
    },
  });
  await w.platformsUp();
}, 60_000);
afterAll(() => w?.close());

const until = <T>(check: () => T | Promise<T>, timeout = 20_000) =>
  vi.waitFor(check, { timeout, interval: 50 });
const slackCard = (target: string) =>
  w.slack.api.messages(SLACK_REPORTS).find((message) => message.text.includes(`(${target})`));
/** Everything the moderator read at `responseUrl`, once an answer has come. */
const answerAt = (responseUrl: string) =>
  until(() => {
    const [first] = w.slack.responses.postsTo(responseUrl);
    expect(first).toBeDefined();
    return JSON.stringify(first?.body);
  });
const bansSent = () =>
  w.emulator.requests.filter((r) => r.method === "PUT" && r.path === "/block_user_chat");

describe("PostgreSQL down across the chat API call of a button ban", () => {
  it("the moderator hears what was done; once the database is back the case, the card and /readyz settle without a restart", async () => {
    w.emulator.state.injectReport({ to_gamer_id: "outage-1", to_gamer_name: "Outage" });
    const card = await until(() => {
      const found = slackCard("outage-1");
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    // A second moderator's client still shows the buttons: its press is sent later.
    const stalePress = w.slack.clickOn({
      channel: SLACK_REPORTS,
      ts: card.ts,
      button: "Ban 1d · 1st offence",
      user: secondModerator,
    });

    w.emulator.faults.add({ method: "PUT", path: "/block_user_chat", latencyMs: BAN_LATENCY_MS });
    const press = await w.pressOnSlack(slackModerator, card.ts, "Ban 1d · 1st offence");
    await until(() => expect(bansSent()).toHaveLength(1));
    const pressedAt = Date.now();
    await server().stop("fast");
    // Down before the chat API answered: the case's completion meets the outage.
    expect(Date.now() - pressedAt).toBeLessThan(BAN_LATENCY_MS);

    const answer = await answerAt(press.responseUrl);
    expect(answer).toContain("Banned outage-1 for 1 day");
    expect(answer).toContain("done on the chat API, but the case could not be recorded: ");
    expect(answer).toMatch(
      /Case #\d+ is settled once the store answers again, or at the next start if chatwarden stops first\./,
    );
    expect(answer).not.toContain("Something went wrong");
    expect(bansSent().map((request) => request.body)).toEqual([{ gamer_id: "outage-1", days: 1 }]);
    expect(w.emulator.state.runningBan("outage-1")).toBeDefined();
    const caseNumber = Number(/Case #(\d+)/.exec(answer)?.[1]);

    // While it is down: every request answered in words, nothing done, /readyz truthful.
    const ban = await w.slashOnSlack(secondModerator, "/ban", "outage-2 1 spam");
    expect(await answerAt(ban.responseUrl)).toContain(
      "chatwarden cannot record anything right now: the PostgreSQL store ",
    );
    expect(await answerAt(ban.responseUrl)).toContain("; nothing was done");
    const pressWhileDown = await w.pressOnSlack(secondModerator, card.ts, "Ban 1d · 1st offence");
    expect(await answerAt(pressWhileDown.responseUrl)).toContain(
      "chatwarden cannot record anything right now: ",
    );
    expect(bansSent()).toHaveLength(1);
    const down = await until(async () => {
      const ready = await probeBot(w.bot.port, "/readyz");
      expect(ready.status).toBe(503);
      expect(ready.body.components?.store?.ready).toBe(false);
      return ready.body.components?.store?.detail;
    });
    expect(down).toMatch(
      /^cannot reach PostgreSQL since \d\d:\d\d UTC: the PostgreSQL store .* cannot be reached \(ECONNREFUSED\)/,
    );
    expect((await probeBot(w.bot.port, "/healthz")).status).toBe(200);

    await server().start();
    await until(async () =>
      expect((await probeBot(w.bot.port, "/readyz")).body.components?.store).toEqual({
        ready: true,
        detail: "ok",
      }),
    );

    // The live process records the case itself, as it ended: a success, by the first moderator.
    const store = await openPostgresStore(databaseUrl);
    try {
      const cases = new CaseStore(store);
      const recorded = await until(async () => {
        const found = await cases.get(caseNumber);
        expect(found?.outcome).toBe("success");
        return found;
      });
      expect(recorded).toMatchObject({ command: "ban", target: "outage-1", actorName: "ari" });
      expect(await cases.forTarget("outage-1")).toHaveLength(1);
      expect(await cases.forTarget("outage-2")).toHaveLength(0);
    } finally {
      await store.close();
    }

    // The card says who banned; its audit post went out; a stale press hears who handled it.
    await until(() => {
      const edited = slackCard("outage-1");
      expect(edited?.text).toContain("Banned for 1 day by ari (slack)");
      expect(JSON.stringify(edited?.blocks)).not.toContain("Ban 1d");
    }, 30_000);
    // On Discord too: the leader's drainers post through the session of its current term.
    await until(() => {
      const discordCard = w.discord
        .channelMessages(DISCORD_REPORTS)
        .find((message) => JSON.stringify(message.embeds).includes("(outage-1)"));
      expect(JSON.stringify(discordCard?.embeds)).toContain("Banned for 1 day by ari (slack)");
      expect(JSON.stringify(discordCard?.components ?? [])).not.toContain("Ban 1d");
    }, 30_000);
    await until(() =>
      expect(
        w.slack.api.messages(SLACK_AUDIT).some((m) => m.text.includes(`Case #${caseNumber}`)),
      ).toBe(true),
    );
    await postToSlackEndpoint(w.bot.port, { payload: JSON.stringify(stalePress.payload) });
    const late = await answerAt(stalePress.responseUrl);
    expect(late).toContain(`Handled by ari on slack`);
    expect(late).toContain(`banned for 1 day (case #${caseNumber})`);
    expect(bansSent()).toHaveLength(1);
  }, 90_000);
});
