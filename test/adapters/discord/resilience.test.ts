// Discord on a bad day: 429s on the routes the bot answers through, an outage longer than
// discord.js's own retries, the gateway dropping (resumed, and nothing dispatched meanwhile is
// lost) or invalidating the session, and Discord unreachable at start-up.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reportButtonId } from "../../../src/feed/report-buttons.js";
import { SqliteStore } from "../../../src/store/sqlite/open-sqlite.js";
import { callbackOf, embedOf } from "./answers.js";
import { type DiscordHarness, moderator, startDiscordHarness } from "./harness.js";

let h: DiscordHarness;
beforeAll(async () => {
  h = await startDiscordHarness({ audit: false });
});
afterAll(() => h.close());

describe("REST rate limits and outages", () => {
  it("a 429 on the interaction callback is waited out within the 3 s window", async () => {
    h.discord.faults.add({ method: "POST", path: /\/callback$/, status: 429, retryAfter: 0.1 });
    const sent = h.discord.slash(moderator, "help");
    const answer = await sent.edit();
    expect(embedOf(answer).title).toBe("chatwarden commands");
    expect(
      sent
        .calls()
        .filter((call) => call.path.endsWith("/callback"))
        .map((call) => call.status),
    ).toEqual([429, 204]);
  });

  it("a 429 on the edit of the reply is waited out", async () => {
    await h.see("limited");
    h.discord.faults.add({
      method: "PATCH",
      path: /\/messages\/@original$/,
      status: 429,
      retryAfter: 0.1,
    });
    const sent = h.discord.slash(moderator, "ban", { gamer_id: "limited", days: "1" });
    const answer = await sent.edit();
    expect(answer.status).toBe(429);
    const retried = await sent.edit(answer.seq);
    expect(retried.status).toBe(200);
    expect(embedOf(retried).title).toBe("Banned limited for 1 day");
  });

  it("an outage longer than discord.js's retries still delivers the result when Discord is back", async () => {
    await h.see("outage");
    h.discord.faults.add({
      method: "PATCH",
      path: /\/messages\/@original$/,
      status: 503,
      times: 6,
    });
    const bansSent = () =>
      h.emulator.requests.filter((r) => r.method === "PUT" && r.path === "/block_user_chat").length;
    const bansBefore = bansSent();
    const sent = h.discord.slash(moderator, "ban", { gamer_id: "outage", days: "1" });
    let last = await sent.edit();
    while (last.status !== 200) last = await sent.edit(last.seq);
    expect(embedOf(last).title).toBe("Banned outage for 1 day");
    expect(sent.calls().filter((call) => call.method === "PATCH")).toHaveLength(7);
    // The ban happened once, however many times its answer had to be sent.
    expect(bansSent()).toBe(bansBefore + 1);
  });
});

describe("the gateway", () => {
  it("dropped: discord.js resumes, and an interaction sent meanwhile is replayed and answered", async () => {
    const resumesBefore = h.discord.gateway.resumes;
    const resumed = h.discord.gateway.nextSession("resumed");
    h.discord.gateway.drop();
    const sent = h.discord.slash(moderator, "help");
    await resumed;
    expect(callbackOf(await sent.callback()).type).toBe(5);
    expect(embedOf(await sent.edit()).title).toBe("chatwarden commands");
    expect(h.discord.gateway.resumes).toBe(resumesBefore + 1);
  });

  it("a session Discord will not resume: discord.js identifies again and goes on", async () => {
    const identifiesBefore = h.discord.gateway.identifies.length;
    const ready = h.discord.gateway.nextSession("ready");
    h.discord.gateway.drop(4007);
    await ready;
    expect(h.discord.gateway.identifies).toHaveLength(identifiesBefore + 1);
    const sent = h.discord.slash(moderator, "help");
    expect(embedOf(await sent.edit()).title).toBe("chatwarden commands");
  });
});

describe("start-up while Discord is unreachable", () => {
  // A bot and a fake Discord per test: a restart leaves another client on the fake, and the
  // gateway outage drops the running bot's session, neither of which other tests should meet.
  let own: DiscordHarness;
  beforeEach(async () => {
    own = await startDiscordHarness({ audit: false });
  });
  afterEach(() => own.close());

  it("keeps trying, then logs in", async () => {
    own.discord.faults.add({ method: "GET", path: /^\/gateway\/bot$/, status: 503, times: 6 });
    const adapter = await own.restart();
    expect(adapter.client.isReady()).toBe(true);
    expect(own.discord.faults.pending()).toBe(0);
  });

  it("keeps trying while the gateway refuses the connection, then logs in", async () => {
    // The gateway's edge answers the websocket handshake with a 503 during an outage.
    const refusedBefore = own.discord.gateway.refused;
    const restore = own.discord.gateway.outage();
    const starting = own.restart();
    await vi.waitFor(
      () => expect(own.discord.gateway.refused).toBeGreaterThanOrEqual(refusedBefore + 2),
      {
        timeout: 10_000,
        interval: 20,
      },
    );
    restore();
    const adapter = await starting;
    expect(adapter.client.isReady()).toBe(true);
  });
});

describe("a store that cannot be written", () => {
  // Discord is acknowledged before the store is touched (deferUpdate), so the press is always
  // answered; what it must not be answered with is "Something went wrong".
  it("answers a report card's Ban 1d in words that nothing was done, and bans nobody", async () => {
    const { reports, store } = h.core;
    if (!(store instanceof SqliteStore)) throw new Error("the harness's store is SQLite");
    const cardId = await reports.openCard("unwritable-1", new Date());
    h.emulator.state.injectReport({ to_gamer_id: "unwritable-1", to_gamer_name: "Stuck" });
    const [report] = await h.core.api.listReports();
    if (!report) throw new Error("the emulator lists the report");
    await reports.record(report, new Date(), cardId);
    const bansBefore = h.emulator.requests.filter((r) => r.path === "/block_user_chat").length;
    // Every write refused, as on a read-only disk (permission bits would not stop root).
    store.sqlite.pragma("query_only = ON");
    try {
      const pressed = h.discord.button(
        moderator,
        reportButtonId({ reportId: report.report_id, generation: 0 }, "ban1"),
      );
      const answer = embedOf(await pressed.followUp());
      expect(answer.title).toBe("Nothing was done");
      // Discord markdown escapes the underscore of DATA_DIR.
      expect(answer.description).toMatch(
        /^chatwarden cannot record anything right now: DATA\\_DIR \(.*\) is read-only for this user: .*; nothing was done\./,
      );
    } finally {
      store.sqlite.pragma("query_only = OFF");
    }
    expect(h.emulator.requests.filter((r) => r.path === "/block_user_chat")).toHaveLength(
      bansBefore,
    );
    expect((await reports.card(cardId))?.state).toBe("open");
  });
});
