// The feed's report store on SQLite and on PostgreSQL alike: reports recorded once, changes
// stored once, cards opened, joined, claimed and settled, each destination's message kept. Two
// stores opened on one location act as two replicas: a card press is won by exactly one of
// them, and two polls that overlap write each report, card and delivery once.
import { afterEach, describe, expect, it } from "vitest";
import type { Report } from "../../../src/chat-api/schemas.js";
import { Outbox } from "../../../src/feed/outbox.js";
import { ReportPoller } from "../../../src/feed/poller.js";
import { fingerprintOf, type ReportKey, ReportStore } from "../../../src/feed/report-store.js";
import { silentLogger } from "../../../src/log.js";
import { BanRecord } from "../../../src/moderation/ban-record.js";
import type { Actor } from "../../../src/moderation/roles.js";
import type { Store } from "../../../src/store/store.js";
import { admin, moderator } from "../../helpers/core.js";
import { clientFor, startTestEmulator } from "../../helpers/emulator.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const AT = new Date(Date.UTC(2026, 10, 22, 12, 0, 0));

function report(id: number, overrides: Partial<Report> = {}): Report {
  return {
    report_id: id,
    to_gamer_id: `gamer-${id}`,
    to_gamer_name: `Player ${id}`,
    from_gamer_id: "gamer-0",
    from_gamer_name: "Reporter",
    message: `message ${id}`,
    keyword: "SPAM",
    reason: "gold selling",
    status: 1,
    value: 0,
    update_at: "2026-11-22 12:00:00",
    create_at: "2026-11-22 12:00:00",
    ...overrides,
  };
}

const emulators: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const emulator of emulators.splice(0)) await emulator.close();
});

describe.each(STORE_KINDS)("the report store on %s", (kind) => {
  async function fresh(): Promise<{ store: Store; reports: ReportStore }> {
    const { store } = await openTestStore(kind);
    return { store, reports: new ReportStore(store) };
  }

  it("knows no report until one is recorded, and then each one's player and fingerprint", async () => {
    const { reports } = await fresh();
    expect([...(await reports.seen())]).toEqual([]);
    expect(await reports.record(report(7), AT, undefined)).toBe(true);
    expect([...(await reports.seen())]).toEqual([
      [7, { generation: 0, target: "gamer-7", fingerprint: "1|2026-11-22 12:00:00" }],
    ]);
    expect(await reports.report(7)).toEqual(report(7));
    expect(await reports.report(8)).toBeUndefined();
    expect(await reports.locate(7)).toEqual({
      key: { reportId: 7, generation: 0 },
      target: "gamer-7",
      cardId: undefined,
    });
    expect(await reports.locate(8)).toBeUndefined();
  });

  it("records a report once: a second recording changes nothing and says so", async () => {
    const { reports } = await fresh();
    expect(await reports.record(report(1), AT, undefined)).toBe(true);
    expect(await reports.record(report(1, { message: "other" }), AT, undefined)).toBe(false);
    expect((await reports.report(1))?.message).toBe("message 1");
  });

  it("records a list larger than one statement may carry, answering only the new ids", async () => {
    const { reports } = await fresh();
    const count = 12_001;
    const list = Array.from({ length: count }, (_, index) => report(index + 1));
    await reports.record(report(5), AT, undefined);
    // Out of order, and with a duplicate: each id is recorded once.
    const recorded = await reports.recordAll([...list].reverse().concat(report(9)), AT);
    expect(recorded.size).toBe(count - 1);
    expect(recorded.has(5)).toBe(false);
    expect((await reports.seen()).size).toBe(count);
  });

  it("stores a changed report once and answers its card only for that change", async () => {
    const { reports } = await fresh();
    const cardId = await reports.openCard("gamer-1", AT);
    await reports.record(report(1), AT, cardId);
    await reports.record(report(2), AT, undefined);
    const handled = report(1, { status: 2, update_at: "2026-11-22 12:05:00" });
    expect(await reports.update(handled)).toBe(cardId);
    // The same change again (another replica's poll): nothing to do, nobody owes an edit.
    expect(await reports.update(handled)).toBeUndefined();
    expect((await reports.seen()).get(1)?.fingerprint).toBe(fingerprintOf(handled));
    expect((await reports.report(1))?.status).toBe(2);
    // A report without a card changes silently.
    expect(await reports.update(report(2, { status: 2 }))).toBeUndefined();
    expect((await reports.report(2))?.status).toBe(2);
    expect(await reports.update(report(3))).toBeUndefined();
  });

  it("keeps a report whose id comes back against another player beside the first", async () => {
    const { reports } = await fresh();
    const aliceCard = await reports.openCard("alice-1", AT);
    await reports.record(report(1, { to_gamer_id: "alice-1" }), AT, aliceCard);
    const bob = report(1, { to_gamer_id: "bob-2", update_at: "2026-11-22 13:00:00" });

    expect(await reports.recordReuse(bob, AT)).toEqual({
      kind: "recorded",
      key: { reportId: 1, generation: 1 },
      earlier: { target: "alice-1", cardId: aliceCard },
    });
    // Again (another poll, after this one): the newest report with the id is bob's already.
    expect(await reports.recordReuse(bob, AT)).toEqual({ kind: "same-player" });
    expect((await reports.seen()).get(1)).toEqual({
      generation: 1,
      target: "bob-2",
      fingerprint: fingerprintOf(bob),
    });

    // The id alone names the newest; the earlier report keeps its player, body and card.
    expect(await reports.locate(1)).toEqual({
      key: { reportId: 1, generation: 1 },
      target: "bob-2",
      cardId: undefined,
    });
    const first = { reportId: 1, generation: 0 };
    expect(await reports.locate(first)).toEqual({
      key: first,
      target: "alice-1",
      cardId: aliceCard,
    });
    // A change is stored on the newest only, and only while it names the same player.
    expect(await reports.update(report(1, { to_gamer_id: "alice-1", status: 2 }))).toBeUndefined();
    expect((await reports.report(first))?.status).toBe(1);
    await reports.update({ ...bob, status: 2 });
    expect((await reports.report(1))?.status).toBe(2);
    expect((await reports.report(1))?.to_gamer_id).toBe("bob-2");

    const card = await reports.card(aliceCard);
    expect(card?.reports.map((r) => r.to_gamer_id)).toEqual(["alice-1"]);
    expect(card?.first).toEqual(first);
    expect(card?.reused).toEqual([{ reportId: 1, target: "bob-2" }]);
    // Each has a card of its own.
    const bobCard = await reports.cardFor(1, AT);
    expect(bobCard).not.toBe(aliceCard);
    expect(await reports.cardFor(first, AT)).toBe(aliceCard);
    expect((await reports.card(bobCard as number))?.target).toBe("bob-2");
    expect((await reports.card(bobCard as number))?.reused).toEqual([]);

    // Listed against alice once more: a third report, not the first one back.
    expect(await reports.recordReuse(report(1, { to_gamer_id: "alice-1" }), AT)).toMatchObject({
      kind: "recorded",
      key: { reportId: 1, generation: 2 },
      earlier: { target: "bob-2", cardId: bobCard },
    });
    expect((await reports.card(aliceCard))?.reused).toEqual([{ reportId: 1, target: "alice-1" }]);
  });

  it("opens cards, attaches reports oldest first, and finds a player's young open card", async () => {
    const { reports } = await fresh();
    const old = await reports.openCard("flood", new Date(AT.getTime() - 2 * 3_600_000));
    const young = await reports.openCard("flood", AT);
    const other = await reports.openCard("someone", AT);
    await reports.recordAll(
      [report(3, { to_gamer_id: "flood" }), report(2, { to_gamer_id: "flood" })],
      AT,
    );
    await reports.attachAll(
      [
        { reportId: 3, generation: 0 },
        { reportId: 2, generation: 0 },
      ],
      young,
    );
    await reports.record(report(1, { to_gamer_id: "flood" }), AT, undefined);
    await reports.attach({ reportId: 1, generation: 0 }, young);

    const card = await reports.card(young);
    expect(card).toMatchObject({
      id: young,
      target: "flood",
      openedAt: AT,
      state: "open",
      handler: undefined,
      outcome: undefined,
      caseNumber: undefined,
    });
    expect(card?.reports.map((r) => r.report_id)).toEqual([1, 2, 3]);
    expect(await reports.card(999)).toBeUndefined();

    const hourAgo = new Date(AT.getTime() - 3_600_000);
    expect(await reports.youngOpenCard("flood", hourAgo)).toBe(young);
    expect(await reports.youngOpenCard("nobody", hourAgo)).toBeUndefined();
    expect(await reports.youngOpenCards(["flood", "someone", "nobody"], hourAgo)).toEqual(
      new Map([
        ["flood", young],
        ["someone", other],
      ]),
    );
    // Settled cards are not joined, however young.
    await reports.settle(young, settlement(1));
    expect(await reports.youngOpenCard("flood", hourAgo)).toBeUndefined();
    expect(await reports.unsettledCards("flood")).toEqual([old]);
  });

  it("opens cards for more players than one statement may carry, each report on its own player's card", async () => {
    const { store, reports } = await fresh();
    const count = 12_001;
    const list = Array.from({ length: count }, (_, index) => report(index + 1));
    await reports.recordAll(list, AT);
    const targets = list.map((listed) => listed.to_gamer_id);
    const cards = await reports.openCards(targets, AT);
    // In the order asked: card ids follow it, as the posts they owe do.
    expect([...cards.keys()]).toEqual(targets);
    const ids = [...cards.values()];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(count);
    await reports.attachEach(
      list.map((listed) => ({
        key: { reportId: listed.report_id, generation: 0 },
        cardId: cards.get(listed.to_gamer_id) ?? 0,
      })),
    );
    const placed = await store.db
      .selectFrom("reports")
      .innerJoin("report_cards", "report_cards.card_id", "reports.card_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .whereRef("report_cards.target", "=", "reports.target")
      .executeTakeFirstOrThrow();
    expect(Number(placed.n)).toBe(count);
    expect((await reports.card(cards.get("gamer-12001") ?? 0))?.reports).toEqual([report(12_001)]);
  });

  it("stores the changes of more reports than one statement may carry, answering the cards of those it changed", async () => {
    const { reports } = await fresh();
    const count = 9_000;
    const list = Array.from({ length: count }, (_, index) => report(index + 1));
    await reports.recordAll(list, AT);
    const cards = await reports.openCards(["gamer-1", "gamer-8999"], AT);
    await reports.attach({ reportId: 1, generation: 0 }, cards.get("gamer-1") ?? 0);
    await reports.attach({ reportId: 8_999, generation: 0 }, cards.get("gamer-8999") ?? 0);
    await reports.recordReuse(report(2, { to_gamer_id: "bob-2" }), AT);
    const handled = (listed: Report) => ({
      ...listed,
      status: 2,
      update_at: "2026-11-22 12:05:00",
    });
    const changed = [
      // Every report but the last handled, listed out of order; its card answered once.
      ...list.slice(0, -1).map(handled).reverse(),
      // As stored already: nothing to do.
      report(count),
      // 8,999 listed again, and again otherwise: the last listing is the one stored.
      handled(report(count - 1)),
      report(count - 1, { status: 3, update_at: "2026-11-22 12:06:00" }),
      // Against a player the newest report with its id does not name, and an id never seen.
      report(2, { status: 2 }),
      handled(report(count + 1)),
    ];
    expect((await reports.updateAll(changed)).sort((a, b) => a - b)).toEqual([...cards.values()]);
    expect((await reports.report(8_999))?.status).toBe(3);
    expect((await reports.report(1))?.status).toBe(2);
    expect((await reports.report({ reportId: 2, generation: 0 }))?.status).toBe(1);
    expect((await reports.report(2))?.to_gamer_id).toBe("bob-2");
    expect((await reports.seen()).get(3)?.fingerprint).toBe(fingerprintOf(handled(report(3))));
    // The same changes again (another replica's poll stored them first): no card owes an edit.
    expect(await reports.updateAll(changed)).toEqual([]);
  });

  it("counts on each card the reports a batch puts on many cards, and stores who reported each change a batch stores", async () => {
    const { store, reports } = await fresh();
    const key = (reportId: number): ReportKey => ({ reportId, generation: 0 });
    // A young card with a report on it already, which the batch joins.
    const young = await reports.openCard("alice-1", AT);
    await reports.record(report(1, { to_gamer_id: "alice-1" }), AT, young);
    await reports.recordAll(
      [
        report(2, { to_gamer_id: "alice-1" }),
        ...[3, 4, 5].map((id) => report(id, { to_gamer_id: "bob-3" })),
        report(6, { to_gamer_id: "carol-6" }),
      ],
      AT,
    );
    const opened = await reports.openCards(["bob-3", "carol-6"], AT);
    const bob = opened.get("bob-3") as number;
    const carol = opened.get("carol-6") as number;
    await reports.attachEach([
      { key: key(2), cardId: young },
      ...[3, 4, 5].map((id) => ({ key: key(id), cardId: bob })),
      { key: key(6), cardId: carol },
      // On its card already: it stays, and is not counted again.
      { key: key(1), cardId: young },
    ]);
    // Placed again, elsewhere, by a poll overlapping this one: nothing moves or counts twice.
    await reports.attachEach([5, 6].map((id) => ({ key: key(id), cardId: carol })));
    const shown = async (cardId: number) => {
      const card = await reports.card(cardId);
      return [card?.reportCount, card?.reports.map((one) => one.report_id)];
    };
    expect(await shown(young)).toEqual([2, [1, 2]]);
    expect(await shown(bob)).toEqual([3, [3, 4, 5]]);
    expect(await shown(carol)).toEqual([1, [6]]);

    // Report 7's id listed since against erin: a second report (generation 1), the one changed.
    await reports.record(report(7, { to_gamer_id: "dave-7" }), AT, undefined);
    await reports.recordReuse(report(7, { to_gamer_id: "erin-7" }), AT);
    const byFrank = (id: number, target: string) =>
      report(id, { to_gamer_id: target, from_gamer_id: "frank-9", status: 2 });
    const edited = await reports.updateAll([
      byFrank(3, "bob-3"),
      byFrank(6, "carol-6"),
      byFrank(7, "erin-7"),
    ]);
    expect(edited.sort((a, b) => a - b)).toEqual([bob, carol]);
    const reportedBy = async (gamerId: string) =>
      (await reports.involving(gamerId)).by.map((one) => one.report_id).sort((a, b) => a - b);
    expect(await reportedBy("frank-9")).toEqual([3, 6, 7]);
    expect(await reportedBy("gamer-0")).toEqual([1, 2, 4, 5]);
    // The first report with id 7 keeps its reporter: only the newest generation was changed.
    const sevens = await store.db
      .selectFrom("reports")
      .select(["generation", "reporter"])
      .where("report_id", "=", 7)
      .orderBy("generation")
      .execute();
    expect(sevens).toEqual([
      { generation: 0, reporter: "gamer-0" },
      { generation: 1, reporter: "frank-9" },
    ]);
  });

  it("reads a flood card as the card shows it: its count, the reports it lists, its newest", async () => {
    const { reports } = await fresh();
    const cardId = await reports.openCard("flood", AT);
    const flood = Array.from({ length: 25 }, (_, index) =>
      report(index + 1, { to_gamer_id: "flood", to_gamer_name: `Name ${index + 1}` }),
    );
    const keys = flood.map((one) => ({ reportId: one.report_id, generation: 0 }));
    await reports.recordAll(flood.slice(1), AT);
    // In three steps, as polls add to a young card; one report recorded onto it directly.
    await reports.attachAll(keys.slice(10, 24), cardId);
    await reports.attachAll(keys.slice(1, 10), cardId);
    await reports.attach(keys[24] as ReportKey, cardId);
    await reports.record(flood[0] as Report, AT, cardId);
    // Attached again (a poll overlapping another): still one report, counted once.
    await reports.attachAll(keys.slice(20), cardId);

    const card = await reports.card(cardId);
    expect(card?.reportCount).toBe(25);
    expect(card?.reports.map((one) => one.report_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(card?.latest?.to_gamer_name).toBe("Name 25");
    expect(card?.first).toEqual({ reportId: 1, generation: 0 });
    // Every report, for whoever needs them all (`report --json`, the feed's lag).
    expect((await reports.cardReports(cardId)).map((one) => one.report_id)).toEqual(
      flood.map((one) => one.report_id),
    );
    // Its newest few, oldest first, for a front end telling what joined it (the console).
    expect((await reports.newestOnCard(cardId, 3)).map((one) => one.report_id)).toEqual([
      23, 24, 25,
    ]);
    expect((await reports.newestOnCard(cardId, 30)).map((one) => one.report_id)).toEqual(
      flood.map((one) => one.report_id),
    );

    const single = await reports.openCard("gamer-99", AT);
    await reports.record(report(99), AT, single);
    expect(await reports.card(single)).toMatchObject({
      reportCount: 1,
      reports: [report(99)],
      latest: report(99),
    });
    // A card made for a report seen but never posted counts it too.
    await reports.record(report(100), AT, undefined);
    const made = await reports.cardFor(100, AT);
    expect((await reports.card(made as number))?.reportCount).toBe(1);
  });

  it("gives a report its card: the one it has, or a new one for a report seen but not posted", async () => {
    const { reports } = await fresh();
    await reports.record(report(1), AT, undefined);
    const made = await reports.cardFor(1, AT);
    expect(made).toBeTypeOf("number");
    expect(await reports.cardFor(1, AT)).toBe(made);
    expect((await reports.locate(1))?.cardId).toBe(made);
    expect(await reports.cardFor(2, AT)).toBeUndefined();
  });

  it("lets the first press claim a card; a later one hears who handles it", async () => {
    const { reports } = await fresh();
    const cardId = await reports.openCard("gamer-1", AT);
    await reports.record(report(1), AT, cardId);
    expect(await reports.claim(cardId, moderator, AT)).toEqual({ ok: true });
    const late = await reports.claim(cardId, admin, AT);
    expect(late.ok).toBe(false);
    expect(late.ok ? undefined : late.card).toMatchObject({
      state: "handling",
      handler: { name: moderator.displayName, platform: moderator.platform, at: AT },
    });
    // Released (the action failed): open again, and the next press wins.
    await reports.release(cardId, moderator, AT);
    expect((await reports.card(cardId))?.state).toBe("open");
    expect(await reports.claim(cardId, admin, AT)).toEqual({ ok: true });
    await expect(reports.claim(999, admin, AT)).rejects.toThrow("card 999 does not exist");
  });

  it("takes a claim over once its lease has run out, and says until when it holds", async () => {
    const { store } = await fresh();
    const reports = new ReportStore(store, 42_000);
    const cardId = await reports.openCard("gamer-1", AT);
    await reports.claim(cardId, moderator, AT);
    const soon = new Date(AT.getTime() + 42_000 - 1);
    const refused = await reports.claim(cardId, admin, soon);
    expect(refused.ok ? undefined : refused.card.claimEndsAt).toEqual(
      new Date(AT.getTime() + 42_000),
    );
    const later = new Date(AT.getTime() + 42_000);
    expect(await reports.claim(cardId, admin, later)).toEqual({ ok: true });
    // The first claimer's release, late, leaves the claim that took over alone.
    await reports.release(cardId, moderator, AT);
    expect(await reports.card(cardId)).toMatchObject({
      state: "handling",
      handler: { name: admin.displayName, at: later },
    });
    await reports.release(cardId, admin, later);
    expect((await reports.card(cardId))?.state).toBe("open");
  });

  it("sets one report of a card apart on a card of its own, counting one fewer where it was", async () => {
    const { reports } = await fresh();
    const cardId = await cardAgainstGamer9(reports, [1, 2, 3]);
    const result = await reports.setApart({ reportId: 1, generation: 0 }, moderator, AT);
    if (result.kind !== "set-apart") throw new Error(`not set apart: ${result.kind}`);
    expect(result.from).toBe(cardId);
    expect(await reports.card(cardId)).toMatchObject({
      state: "open",
      reportCount: 2,
      first: { reportId: 2, generation: 0 },
    });
    expect((await reports.card(cardId))?.reports.map((one) => one.report_id)).toEqual([2, 3]);
    // Its own card, claimed by the moderator until the dismiss's case settles it.
    expect(await reports.card(result.cardId)).toMatchObject({
      target: "gamer-9",
      state: "handling",
      reportCount: 1,
      handler: { name: moderator.displayName },
      first: { reportId: 1, generation: 0 },
    });
    expect((await reports.locate(1))?.cardId).toBe(result.cardId);

    // The last report left is the card itself; a settled card keeps its reports.
    await reports.setApart({ reportId: 2, generation: 0 }, moderator, AT);
    expect(await reports.setApart({ reportId: 3, generation: 0 }, moderator, AT)).toEqual({
      kind: "alone",
      cardId,
    });
    await reports.claim(cardId, admin, AT);
    const handled = await reports.setApart({ reportId: 3, generation: 0 }, moderator, AT);
    expect(handled.kind === "handled" && handled.card.handler?.name).toBe(admin.displayName);
    expect(await reports.setApart({ reportId: 99, generation: 0 }, moderator, AT)).toEqual({
      kind: "unknown",
    });
  });

  it("settles a card once: the first outcome stays", async () => {
    const { reports } = await fresh();
    const cardId = await reports.openCard("gamer-1", AT);
    await reports.claim(cardId, moderator, AT);
    expect(await reports.settle(cardId, settlement(4))).toEqual({ openedAt: AT });
    expect(await reports.settle(cardId, { ...settlement(5), state: "dismissed" })).toBeUndefined();
    await reports.release(cardId, moderator, AT);
    expect(await reports.card(cardId)).toMatchObject({
      state: "banned",
      outcome: "banned for 7 days",
      caseNumber: 4,
      handler: { name: "Ari", platform: "slack", at: AT },
    });
    expect(await reports.unsettledCards("gamer-1")).toEqual([]);
  });

  it("keeps each destination's message of a card, the newest one winning", async () => {
    const { reports } = await fresh();
    const cardId = await reports.openCard("gamer-1", AT);
    expect(await reports.messageRef(cardId, "discord:report")).toBeUndefined();
    await reports.saveMessageRef(cardId, "discord:report", "m1");
    await reports.saveMessageRef(cardId, "slack:report", "s1");
    await reports.saveMessageRef(cardId, "discord:report", "m2");
    expect(await reports.messageRef(cardId, "discord:report")).toBe("m2");
    expect(await reports.messageRef(cardId, "slack:report")).toBe("s1");
  });

  it("remembers that the feed has polled, from its first poll on, for every replica", async () => {
    const { store, reports } = await fresh();
    expect(await reports.feedStarted()).toBe(false);
    await reports.markFeedStarted(AT);
    await reports.markFeedStarted(new Date(AT.getTime() + 60_000));
    expect(await reports.feedStarted()).toBe(true);
    const first = await store.db
      .selectFrom("store_identity")
      .select("feed_started_at")
      .executeTakeFirstOrThrow();
    expect(first.feed_started_at).toBe(AT.getTime());
  });

  it("answers a player's reports, against and by them, as the list last read them", async () => {
    const { reports } = await fresh();
    await reports.recordAll(
      [
        report(1, { to_gamer_id: "alice-1", from_gamer_id: "carol-3" }),
        report(2, { to_gamer_id: "alice-1", from_gamer_id: "dave-4" }),
        report(3, { to_gamer_id: "bob-2", from_gamer_id: "alice-1" }),
        report(4, { to_gamer_id: "bob-2", from_gamer_id: "carol-3" }),
      ],
      AT,
    );
    // Report 2 changed, its reporter with it; report 1's id now names another report, by alice.
    await reports.update(report(2, { to_gamer_id: "alice-1", from_gamer_id: "erin-5", status: 2 }));
    await reports.recordReuse(report(1, { to_gamer_id: "bob-2", from_gamer_id: "alice-1" }), AT);

    const alice = await reports.involving("alice-1");
    expect(alice.against.map((one) => [one.report_id, one.from_gamer_id])).toEqual([[2, "erin-5"]]);
    expect(alice.by.map((one) => [one.report_id, one.to_gamer_id]).sort()).toEqual([
      [1, "bob-2"],
      [3, "bob-2"],
    ]);
    expect((await reports.involving("carol-3")).by.map((one) => one.report_id)).toEqual([4]);
    expect(await reports.involving("dave-4")).toEqual({ against: [], by: [] });
  });

  it("remembers the feed's last poll and until when its record holds, never going back", async () => {
    const { reports } = await fresh();
    expect(await reports.lastPoll()).toBeUndefined();
    const poll = (minutes: number) => ({
      at: new Date(AT.getTime() + minutes * 60_000),
      freshUntil: new Date(AT.getTime() + (minutes + 1) * 60_000),
    });
    await reports.markPolled(poll(2));
    expect(await reports.lastPoll()).toEqual(poll(2));
    // A poll that started earlier but finished later (a replica that has just stopped leading).
    await reports.markPolled(poll(1));
    expect(await reports.lastPoll()).toEqual(poll(2));
    await reports.markPolled(poll(3));
    expect(await reports.lastPoll()).toEqual(poll(3));
  });

  it("joins the caller's transaction, and news waits for its commit", async () => {
    const { reports } = await fresh();
    const news: string[] = [];
    await expect(
      reports.transaction(async () => {
        await reports.record(report(1), AT, undefined);
        reports.afterCommit(() => news.push("rolled back"));
        throw new Error("halfway");
      }),
    ).rejects.toThrow("halfway");
    expect([...(await reports.seen())]).toEqual([]);
    await reports.transaction(async () => {
      await reports.record(report(1), AT, await reports.openCard("gamer-1", AT));
      reports.afterCommit(() => news.push("committed"));
      expect(news).toEqual([]);
    });
    expect(news).toEqual(["committed"]);
  });

  describe("two replicas", () => {
    async function replicas(): Promise<[ReportStore, ReportStore, Store]> {
      const first = await openTestStore(kind);
      const second = await openTestStore(kind, first.location);
      return [new ReportStore(first.store), new ReportStore(second.store), first.store];
    }

    it("let exactly one press win a card, however many race on each", async () => {
      const [a, b] = await replicas();
      const cardId = await a.openCard("gamer-1", AT);
      const pressers = Array.from({ length: 12 }, (_, n): [ReportStore, Actor] => [
        n % 2 === 0 ? a : b,
        { ...moderator, id: `${n}`, displayName: `Moderator ${n}` },
      ]);
      const results = await Promise.all(
        pressers.map(([store, actor]) => store.claim(cardId, actor, AT)),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const winner = pressers[results.findIndex((result) => result.ok)]?.[1].displayName;
      expect((await b.card(cardId))?.handler?.name).toBe(winner);
    });

    it("let a ban press and a one-report dismiss race on a card: the ban's card keeps every report, or one is set apart first", async () => {
      const [a, b] = await replicas();
      const cardId = await cardAgainstGamer9(a, [1, 2]);
      const ban = () => a.claim(cardId, admin, AT);
      const dismissOne = () => b.setApart({ reportId: 1, generation: 0 }, moderator, AT);
      // PostgreSQL: at once. SQLite: one after the other, as its write lock has them.
      const [claimed, apart] =
        kind === "postgres"
          ? await Promise.all([ban(), dismissOne()])
          : [await ban(), await dismissOne()];
      expect(claimed.ok).toBe(true);
      const card = await a.card(cardId);
      if (apart.kind === "set-apart") {
        expect(card?.reports.map((one) => one.report_id)).toEqual([2]);
        expect(card?.reportCount).toBe(1);
      } else {
        expect(apart.kind).toBe("handled");
        expect(card?.reports.map((one) => one.report_id)).toEqual([1, 2]);
        expect(card?.reportCount).toBe(2);
      }
    });

    it("let two one-report dismisses race on a card of two: one sets its report apart, the other finds its report alone", async () => {
      const [a, b] = await replicas();
      const cardId = await cardAgainstGamer9(a, [1, 2]);
      const one = () => a.setApart({ reportId: 1, generation: 0 }, moderator, AT);
      const other = () => b.setApart({ reportId: 2, generation: 0 }, admin, AT);
      // PostgreSQL: at once. SQLite: one after the other (its write lock, taken by a transaction
      // from its start, would hold the second replica's process, here the same one).
      const results =
        kind === "postgres" ? await Promise.all([one(), other()]) : [await one(), await other()];
      expect(results.map((result) => result.kind).sort()).toEqual(["alone", "set-apart"]);
      const card = await a.card(cardId);
      expect(card?.reportCount).toBe(1);
      expect(card?.reports).toHaveLength(1);
    });

    it("record each report once when both record overlapping lists at once", async () => {
      const [a, b] = await replicas();
      const list = Array.from({ length: 300 }, (_, index) => report(index + 1));
      const [first, second] = await Promise.all([
        a.recordAll(list.slice(0, 200), AT),
        b.recordAll([...list.slice(100)].reverse(), AT),
      ]);
      expect(first.size + second.size).toBe(300);
      expect([...first].filter((id) => second.has(id))).toEqual([]);
    });

    it("store each change once when both store overlapping changes at once", async () => {
      const [a, b] = await replicas();
      const list = Array.from({ length: 300 }, (_, index) => report(index + 1));
      const cards = await a.openCards(
        list.map((listed) => listed.to_gamer_id),
        AT,
      );
      await a.recordAll(list, AT);
      await a.attachEach(
        list.map((listed) => ({
          key: { reportId: listed.report_id, generation: 0 },
          cardId: cards.get(listed.to_gamer_id) ?? 0,
        })),
      );
      const handled = list.map((listed) => ({ ...listed, status: 2 }));
      // Each in a transaction, as a poll writes, holding the rows it has written. PostgreSQL: at
      // once. SQLite: one after the other (its write lock; see below).
      const first = () => a.transaction(() => a.updateAll(handled.slice(0, 200)));
      const second = () => b.transaction(() => b.updateAll(handled.slice(100).reverse()));
      const stored =
        kind === "postgres"
          ? await Promise.all([first(), second()])
          : [await first(), await second()];
      expect(stored.flat().sort((x, y) => x - y)).toEqual([...cards.values()]);
    });

    it("record a reused id once when both find it at once", async () => {
      const [a, b] = await replicas();
      await a.record(report(1, { to_gamer_id: "alice-1" }), AT, undefined);
      const bob = report(1, { to_gamer_id: "bob-2" });
      const reuses = await Promise.all([a.recordReuse(bob, AT), b.recordReuse(bob, AT)]);
      expect(reuses.filter((reuse) => reuse.kind === "recorded")).toHaveLength(1);
      expect((await a.seen()).get(1)?.generation).toBe(1);
    });

    // SQLite runs one writer at a time, and two connections in ONE process cannot wait for each
    // other (better-sqlite3 waits for the lock synchronously, holding up the event loop the other
    // needs to commit): their transactions race only on PostgreSQL. Two processes on SQLite
    // simply take turns.
    it.runIf(kind === "postgres")(
      "make one card for a report pressed on both at once",
      async () => {
        const [a, b, store] = await replicas();
        await a.record(report(1), AT, undefined);
        const cards = await Promise.all([a.cardFor(1, AT), b.cardFor(1, AT), a.cardFor(1, AT)]);
        expect(new Set(cards).size).toBe(1);
        const made = await store.db
          .selectFrom("report_cards")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        expect(made.n).toBe(1);
      },
    );

    it("write each report, card and delivery once when two polls overlap", async () => {
      const first = await openTestStore(kind);
      const second = await openTestStore(kind, first.location);
      const emulator = await startTestEmulator();
      emulators.push(emulator);
      const destinations = ["discord:report", "slack:report"] as const;
      const pollers = [first.store, second.store].map((store, n) => {
        const outbox = new Outbox(store, Date.now, `replica-${n}.example:1`);
        return new ReportPoller(
          clientFor(emulator.baseUrl),
          new ReportStore(store),
          outbox,
          new BanRecord(store),
          { backfill: 10, groupMinutes: 60, reportDestinations: destinations },
          () => AT,
          silentLogger,
        );
      });
      const [a, b] = pollers as [ReportPoller, ReportPoller];
      // Past the first poll's backfill, on both: what comes next is all due.
      await a.poll();
      await b.poll();
      for (let n = 0; n < 30; n++) {
        emulator.state.injectReport({ to_gamer_id: `gamer-${n % 10}` });
      }
      // PostgreSQL: at once. SQLite: one after the other (its write lock), the second with the
      // view of the store it had before the first.
      const overlap = async () =>
        kind === "postgres" ? Promise.all([a.poll(), b.poll()]) : [await a.poll(), await b.poll()];
      const results = await overlap();
      const db = first.store.db;
      const reportRows = await db.selectFrom("reports").select(["target", "card_id"]).execute();
      expect(reportRows).toHaveLength(30);
      const cards = await db.selectFrom("report_cards").select(["card_id", "target"]).execute();
      expect(cards).toHaveLength(10);
      for (const card of cards) {
        const onCard = reportRows.filter((row) => row.card_id === card.card_id);
        expect(onCard.map((row) => row.target)).toEqual([card.target, card.target, card.target]);
      }
      const opened = results.flatMap((result) => result.opened);
      expect(opened.sort()).toEqual(cards.map((card) => card.card_id).sort());
      const posts = await db
        .selectFrom("outbox")
        .select(["destination", "subject"])
        .where("kind", "=", "post-card")
        .execute();
      expect(posts).toHaveLength(20);
      expect(new Set(posts.map((post) => `${post.destination} ${post.subject}`)).size).toBe(20);

      // A report handled meanwhile: its card owes each destination one edit, whoever polls.
      await db.updateTable("outbox").set({ state: "done" }).execute();
      emulator.state.updateReport(1, { status: 2 });
      const changed = await overlap();
      expect(changed.flatMap((result) => result.updated)).toHaveLength(1);
      const edits = await db
        .selectFrom("outbox")
        .select("destination")
        .where("kind", "=", "edit-card")
        .execute();
      expect(edits.map((edit) => edit.destination).sort()).toEqual([...destinations].sort());
    });
  });
});

/** One card against gamer-9 holding the reports `ids`, as a poll would leave it. */
async function cardAgainstGamer9(reports: ReportStore, ids: number[]): Promise<number> {
  await reports.recordAll(
    ids.map((id) => report(id, { to_gamer_id: "gamer-9" })),
    AT,
  );
  const cardId = await reports.openCard("gamer-9", AT);
  await reports.attachAll(
    ids.map((reportId) => ({ reportId, generation: 0 })),
    cardId,
  );
  return cardId;
}

function settlement(caseNumber: number) {
  return {
    state: "banned" as const,
    actor: admin,
    at: AT,
    outcome: "banned for 7 days",
    caseNumber,
  };
}
