// The ban sync's contract, on SQLite and on PostgreSQL, against the real emulator (whose bans are
// the chat API's: a test bans and lifts there "from the vendor's console", beside the bot): bans
// made and lifted elsewhere become cases of the chat API's actor, posted to the audit channels
// and counted by `history` and the ladder; the bot's own bans and unbans, and bans that simply
// end, are never recorded; the first sync records what it finds without posting; a failed read
// records nothing; and two syncs that overlap (replicas at a fail-over) record each finding once.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "../../../emulator/server.js";
import { type Core, createCore } from "../../../src/core.js";
import { Outbox } from "../../../src/feed/outbox.js";
import { ReportStore } from "../../../src/feed/report-store.js";
import { settleCardsOfFound, settleCardsOnCase } from "../../../src/feed/settlement.js";
import { silentLogger } from "../../../src/log.js";
import { BanRecord } from "../../../src/moderation/ban-record.js";
import { BanSync, FOUND_AT_FIRST_SYNC, OUTSIDE_ACTOR } from "../../../src/moderation/ban-sync.js";
import { type Case, CaseStore } from "../../../src/moderation/cases.js";
import { PlayerDirectory } from "../../../src/moderation/player-directory.js";
import { moderator, textOf } from "../../helpers/core.js";
import { startTestEmulator, TEST_TOKEN } from "../../helpers/emulator.js";
import { recordingStore } from "../../helpers/query-plans.js";
import { madeReport, onNewCard } from "../../helpers/stored-reports.js";
import {
  openTestStore,
  STORE_KINDS,
  type StoreKind,
  type TestStoreLocation,
} from "../../helpers/stores.js";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const AUDIT = ["discord:audit", "slack:audit"] as const;

let running: { emulator: RunningEmulator; cores: Core[] } | undefined;
afterEach(async () => {
  if (!running) return;
  for (const core of running.cores) await core.api.close();
  await running.emulator.close();
  running = undefined;
});

/** One clock for the emulator and the bot: a test moves it as time passing would. */
class Clock {
  at = new Date("2026-11-20T10:00:00.000Z").getTime();
  readonly now = () => new Date(this.at);
  pass(ms: number): void {
    this.at += ms;
  }
}

async function setUp(kind: StoreKind) {
  const clock = new Clock();
  const emulator = await startTestEmulator({ now: clock.now });
  running = { emulator, cores: [] };
  const { location } = await openTestStore(kind);
  const core = await coreOn(kind, location, clock);
  return { clock, emulator, core, state: emulator.state, location };
}

/** A core (a replica, when more than one share a location) on the emulator and the store. */
async function coreOn(kind: StoreKind, location: TestStoreLocation, clock: Clock): Promise<Core> {
  if (!running) throw new Error("set up first");
  const { store } = await openTestStore(kind, location);
  const core = await createCore({
    config: {
      chatApiTimeoutMs: 2_000,
      chatTimeZone: "UTC",
      dataDir: location.dataDir,
      maxBanDays: 3650,
      confirmBanDaysOver: 30,
      requireReason: false,
    },
    api: { baseUrl: running.emulator.baseUrl, token: TEST_TOKEN },
    logger: silentLogger,
    destinations: { report: [], audit: [...AUDIT] },
    store,
    now: clock.now,
  });
  running.cores.push(core);
  return core;
}

async function synced(core: Core): Promise<Case[]> {
  const result = await core.banSync.sync();
  if (result.kind !== "synced") throw new Error(`sync was ${result.kind}`);
  return result.recorded;
}

/** Every case of the chat API's actor, oldest first. */
async function outsideCases(core: Core): Promise<Case[]> {
  const cases = await core.cases.recent(1_000);
  return cases.filter((c) => c.platform === "chat-api").reverse();
}

/** The audit posts owed, as case numbers per destination. */
async function auditPosts(core: Core): Promise<string[]> {
  const rows = await core.store.db
    .selectFrom("outbox")
    .select(["destination", "subject"])
    .where("kind", "=", "post-case")
    .orderBy("id")
    .execute();
  return rows.map((row) => `${row.destination} #${row.subject}`);
}

describe.each(STORE_KINDS)("ban sync on %s", (kind) => {
  it("a ban made in the vendor's console settles the player's open cards, as the bot's own ban does", async () => {
    const { clock, core, state } = await setUp(kind);
    await synced(core);
    const at = new Date(clock.at);
    const banned = await onNewCard(
      core,
      [madeReport(1, "10001", "SPAM", "2026-11-20 09:00:00")],
      at,
    );
    const other = await onNewCard(
      core,
      [madeReport(2, "10002", "SPAM", "2026-11-20 09:00:00")],
      at,
    );
    clock.pass(7 * MINUTE_MS);
    state.ban("10001", 3);

    const [found] = await synced(core);

    expect(found).toMatchObject({ command: "ban", target: "10001", platform: "chat-api" });
    expect(await core.reports.card(banned)).toMatchObject({
      state: "banned",
      outcome: "banned for 3 days",
      caseNumber: found?.number,
      handler: { name: OUTSIDE_ACTOR.displayName, platform: "chat-api" },
    });
    expect(await core.reports.card(other)).toMatchObject({ state: "open" });
    // Settled once: the next sync finds nothing new and leaves the card as it is.
    clock.pass(MINUTE_MS);
    expect(await synced(core)).toEqual([]);
    expect((await core.reports.unsettledCards()).sort()).toEqual([other]);
  });

  it("records what the first sync finds as found, posts nothing, and finds it once", async () => {
    const { clock, core, state } = await setUp(kind);
    state.ban("10001", 7, "extend", new Date(clock.at - 2 * DAY_MS));
    state.ban("10002", 30);

    const found = await synced(core);

    expect(found.map((c) => [c.command, c.target, c.reason, c.at.toISOString()])).toEqual([
      ["ban", "10001", FOUND_AT_FIRST_SYNC, "2026-11-18T10:00:00.000Z"],
      ["ban", "10002", FOUND_AT_FIRST_SYNC, "2026-11-20T10:00:00.000Z"],
    ]);
    expect(found[0]).toMatchObject({
      platform: "chat-api",
      actorId: OUTSIDE_ACTOR.id,
      actorName: "chat API (outside chatwarden)",
      args: { gamer_id: "10001", days: 7 },
    });
    expect(await auditPosts(core)).toEqual([]);
    clock.pass(MINUTE_MS);
    expect(await synced(core)).toEqual([]);
    expect(await outsideCases(core)).toHaveLength(2);
  });

  it("records a ban made elsewhere at its start, posts it, and history and the ladder count it", async () => {
    const { clock, core, state } = await setUp(kind);
    await synced(core);
    clock.pass(MINUTE_MS);
    state.ban("10001", 3);
    clock.pass(4 * MINUTE_MS);

    const [made] = await synced(core);

    expect(made).toMatchObject({
      command: "ban",
      target: "10001",
      at: new Date(clock.at - 4 * MINUTE_MS),
      args: { gamer_id: "10001", days: 3 },
      reason: undefined,
    });
    expect(await auditPosts(core)).toEqual(AUDIT.map((d) => `${d} #${made?.number}`));
    const history = await core.runner.run({
      command: "history",
      args: { gamer_id: "10001" },
      actor: moderator,
    });
    expect(textOf(history)).toContain(
      "ban 3 days by chat API (outside chatwarden) (chat-api), 2026-11-20 10:01 UTC",
    );
    // `bans` names who made the running ban, as it does the bot's moderators.
    const bans = await core.runner.run({ command: "bans", args: {}, actor: moderator });
    expect(textOf(bans)).toContain("chat API (outside chatwarden) (chat-api)");
    // The ban is the player's first: the ladder's next step is his second offence.
    expect(await core.banRecord.earlierBans("10001")).toBe(1);
    state.unban("10001");
    clock.pass(MINUTE_MS);
    await synced(core);
    expect(await core.banRecord.earlierBans("10001")).toBe(1);
  });

  it("never records a ban the bot made, even one still pending when the sync reads", async () => {
    const { clock, core, state } = await setUp(kind);
    await synced(core);
    clock.pass(MINUTE_MS);
    await core.players.saw([{ gamerId: "10001", at: clock.now() }]);
    const banned = await core.runner.run({
      command: "ban",
      args: { gamer_id: "10001", days: 3 },
      actor: moderator,
    });
    expect(banned.outcome).toBe("success");
    // Between the chat API's answer and the case's completion: the case is pending.
    const pending = await core.cases.open({
      actor: moderator,
      command: "ban",
      target: "10002",
      args: { gamer_id: "10002", days: 5 },
    });
    clock.pass(2_000);
    state.ban("10002", 5);
    clock.pass(MINUTE_MS);

    expect(await synced(core)).toEqual([]);
    await core.cases.complete(pending.number, { outcome: "success", answer: { ban: null } });
    clock.pass(MINUTE_MS);
    expect(await synced(core)).toEqual([]);
    expect(await outsideCases(core)).toEqual([]);
  });

  it("does not take the bot's own running ban for a found one at the store's first sync", async () => {
    const { clock, core, state } = await setUp(kind);
    await core.players.saw([{ gamerId: "10001", at: clock.now() }]);
    await core.runner.run({
      command: "ban",
      args: { gamer_id: "10001", days: 3 },
      actor: moderator,
    });
    state.ban("10002", 3);
    clock.pass(DAY_MS);

    const found = await synced(core);

    expect(found.map((c) => c.target)).toEqual(["10002"]);
  });

  it("stores a player id holding a NUL as its stand-in, and finds it again unchanged", async () => {
    const { clock, core, state } = await setUp(kind);
    state.ban("nul\u0000id", 3);

    const [found] = await synced(core);

    expect(found?.target).toBe("nul\u2400id");
    clock.pass(MINUTE_MS);
    expect(await synced(core)).toEqual([]);
  });

  it("records a ban extended or made again elsewhere while the bot's runs", async () => {
    const { clock, core, state } = await setUp(kind);
    await synced(core);
    await core.players.saw([{ gamerId: "10001", at: clock.now() }]);
    await core.runner.run({
      command: "ban",
      args: { gamer_id: "10001", days: 3 },
      actor: moderator,
    });
    clock.pass(10 * MINUTE_MS);
    await synced(core);
    clock.pass(10 * MINUTE_MS);
    // Added to the running ban: the count rises, the end moves, the start stays.
    const extended = state.ban("10001", 4, "stack");
    clock.pass(MINUTE_MS);

    const [recorded] = await synced(core);

    expect(extended.count).toBe(2);
    expect(recorded).toMatchObject({
      command: "ban",
      target: "10001",
      at: clock.now(),
      args: { gamer_id: "10001", days: 7 },
      answer: { ban: extended, previous_ban: { count: 1 } },
    });
    clock.pass(MINUTE_MS);
    state.ban("10001", 10, "extend");
    clock.pass(MINUTE_MS);
    expect(await synced(core)).toHaveLength(1);
    expect(await core.banRecord.earlierBans("10001")).toBe(3);
  });

  it("records nothing for a ban that ended by itself", async () => {
    const { clock, core, state } = await setUp(kind);
    state.ban("10001", 1);
    await synced(core);
    clock.pass(DAY_MS + MINUTE_MS);

    expect(await synced(core)).toEqual([]);
    expect(await outsideCases(core)).toHaveLength(1);
  });

  it("records a ban lifted elsewhere before its end, and not the bot's own unban", async () => {
    const { clock, core, state } = await setUp(kind);
    state.ban("10001", 7);
    state.ban("10002", 7);
    await synced(core);
    clock.pass(MINUTE_MS);
    state.unban("10001");
    await core.players.saw([{ gamerId: "10002", at: clock.now() }]);
    await core.runner.run({ command: "unban", args: { gamer_id: "10002" }, actor: moderator });
    clock.pass(MINUTE_MS);

    const lifted = await synced(core);

    expect(lifted.map((c) => [c.command, c.target, c.reason, c.at])).toEqual([
      ["unban", "10001", "lifted before its end (2026-11-27 10:00 UTC)", clock.now()],
    ]);
    // Posted like the bot's own unban, which its command recorded and posted as ever.
    expect(await auditPosts(core)).toEqual(
      expect.arrayContaining(AUDIT.map((d) => `${d} #${lifted[0]?.number}`)),
    );
    expect((await outsideCases(core)).map((c) => `${c.command} ${c.target}`)).toEqual([
      "ban 10001",
      "ban 10002",
      "unban 10001",
    ]);
  });

  it("records nothing when the list cannot be read, and the next sync catches up", async () => {
    const { clock, core, emulator, state } = await setUp(kind);
    await synced(core);
    state.ban("10001", 7);
    emulator.faults.add({ method: "GET", path: "/block_user_list", drop: true, times: 3 });

    await expect(core.banSync.sync()).rejects.toThrow();

    expect(await outsideCases(core)).toEqual([]);
    clock.pass(MINUTE_MS);
    expect(await synced(core)).toHaveLength(1);
  });

  it("records nothing from a list with an item it cannot read: that ban is not gone", async () => {
    const { clock, core, emulator, state } = await setUp(kind);
    state.ban("10001", 7);
    await synced(core);
    clock.pass(MINUTE_MS);
    state.ban("10002", 7);
    emulator.faults.add({
      method: "GET",
      path: "/block_user_list",
      respond: { status: 200, body: JSON.stringify([{ gamer_id: "10001", count: "one" }]) },
    });

    await expect(core.banSync.sync()).rejects.toThrow(/could not be read/);
    expect(await outsideCases(core)).toHaveLength(1);
  });

  it("records each finding once when two replicas' syncs overlap, and drops a stale list", async () => {
    const { clock, core, emulator, state, location } = await setUp(kind);
    await synced(core);
    // SQLite has one process, whose one connection serialises the two; PostgreSQL has replicas.
    const replica = kind === "postgres" ? await coreOn(kind, location, clock) : core;
    clock.pass(MINUTE_MS);
    for (let n = 0; n < 50; n++) state.ban(`2${String(n).padStart(4, "0")}`, 3);
    clock.pass(MINUTE_MS);

    const both = await Promise.all([core.banSync.sync(), replica.banSync.sync()]);

    const recorded = both.flatMap((result) => (result.kind === "synced" ? result.recorded : []));
    expect(recorded).toHaveLength(50);
    expect(await outsideCases(core)).toHaveLength(50);
    expect(await auditPosts(core)).toHaveLength(100);

    // A sync whose list is slow to come reads it as it was before a ban made since; the other
    // replica reads after, records that ban, and stores first. The slow list, stored, would make
    // the new ban look lifted: it is dropped.
    clock.pass(MINUTE_MS);
    emulator.faults.add({
      method: "GET",
      path: "/block_user_list",
      latencyMs: 300,
      respond: { status: 200, body: JSON.stringify(state.listBans()) },
    });
    const slow = core.banSync.sync();
    await vi.waitFor(() => expect(emulator.faults.pending()).toEqual([]));
    state.ban("30000", 7);
    const fresh = await replica.banSync.sync();
    expect(
      fresh.kind === "synced" && fresh.recorded.map((c) => `${c.command} ${c.target}`),
    ).toEqual(["ban 30000"]);

    expect(await slow).toEqual({ kind: "stale" });
    clock.pass(MINUTE_MS);
    expect(await synced(core)).toEqual([]);
    expect((await outsideCases(core)).filter((c) => c.command === "unban")).toEqual([]);
  });

  it("records a finding once even when the stored list is lost: its key is unique", async () => {
    const { clock, core, state } = await setUp(kind);
    await synced(core);
    clock.pass(MINUTE_MS);
    state.ban("10001", 7);
    expect(await synced(core)).toHaveLength(1);
    // As if a sync had read the list before that one stored it: it sees the ban as new.
    await core.store.db.deleteFrom("listed_bans").execute();
    clock.pass(MINUTE_MS);

    expect(await synced(core)).toEqual([]);
    expect(await outsideCases(core)).toHaveLength(1);
  });

  it("syncs a long list in batches: no statement a ban, and few when little changed", async () => {
    const { clock, core, state } = await setUp(kind);
    // 20,000 keeps the test quick; the statements per batch are the same at 100,000.
    const banned = 20_000;
    for (let n = 0; n < banned; n++) state.ban(`p${n}`, 1 + (n % 30));
    const recording = recordingStore(core.store);
    const outbox = new Outbox(recording.store, () => clock.at);
    const reports = new ReportStore(recording.store);
    const sync = new BanSync({
      store: recording.store,
      api: core.api,
      cases: new CaseStore(recording.store, clock.now),
      banRecord: new BanRecord(recording.store),
      players: new PlayerDirectory(recording.store),
      outbox,
      auditDestinations: [...AUDIT],
      actionWindowMs: core.api.retryPolicy.totalDeadlineMs,
      settleCards: settleCardsOfFound(
        reports,
        settleCardsOnCase(reports, outbox, [], { changed: () => {} }),
      ),
      now: clock.now,
    });

    const first = await sync.sync();

    expect(first).toMatchObject({ kind: "synced", first: true, listed: banned });
    // Each table written a batch of hundreds of rows per statement (ban_counts 500, the rest
    // thousands): under a hundred statements for 20,000 bans, where one a ban would be 20,000.
    expect(recording.statements.length).toBeLessThan(100);
    recording.statements.length = 0;
    clock.pass(MINUTE_MS);
    state.ban("p7", 3);
    state.unban("p8");

    const next = await sync.sync();

    expect(next).toMatchObject({ kind: "synced", first: false });
    expect(next.kind === "synced" && next.recorded.map((c) => `${c.command} ${c.target}`)).toEqual([
      "ban p7",
      "unban p8",
    ]);
    // The stored list read once, the two changes written, and the bot's cases looked up for
    // those two players only.
    expect(recording.statements.length).toBeLessThan(20);
  });
});
