// A card's take on SQLite and on PostgreSQL alike: one moderator at a time holds a card, for
// TAKE_MS at most, read against the clock (no timer clears it); its holder releases it, or anyone
// takes it over once they said so; a settled card holds none. Each take and release owes every
// report destination an edit of the card, in its transaction. Two stores opened on one location
// act as two replicas: of two moderators taking a free card at once, exactly one holds it.
import { describe, expect, it } from "vitest";
import { CardTakes, TAKE_MS } from "../../../src/feed/card-takes.js";
import { Outbox } from "../../../src/feed/outbox.js";
import { ReportStore } from "../../../src/feed/report-store.js";
import type { Actor } from "../../../src/moderation/roles.js";
import type { Store } from "../../../src/store/store.js";
import { admin, moderator } from "../../helpers/core.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const AT = new Date(Date.UTC(2026, 10, 22, 16, 42, 0));
const DESTINATIONS = ["discord:report", "slack:report"] as const;
/** Mina on Slack: the same name as `moderator` (Mina on Discord), another person. */
const minaOnSlack: Actor = { ...moderator, platform: "slack", id: "U0MINA" };

describe.each(STORE_KINDS)("a card's take on %s", (kind) => {
  async function world(location?: Awaited<ReturnType<typeof openTestStore>>["location"]) {
    const opened = await openTestStore(kind, location);
    let now = AT;
    const clock = () => now;
    const reports = new ReportStore(opened.store, undefined, clock);
    const changed: number[] = [];
    const takes = new CardTakes(
      opened.store,
      new Outbox(opened.store, () => now.getTime()),
      DESTINATIONS,
      (cardId) => changed.push(cardId),
      clock,
    );
    const cardId = location ? 1 : await reports.openCard("gamer-1", AT);
    return {
      ...opened,
      reports,
      takes,
      changed,
      cardId,
      later: (ms: number) => {
        now = new Date(AT.getTime() + ms);
      },
    };
  }

  it("holds the card for its taker, who alone releases it; others are refused until they take it over", async () => {
    const { reports, takes, cardId } = await world();
    expect((await reports.card(cardId))?.taken).toBeUndefined();
    expect(await takes.take(cardId, moderator)).toBe(true);
    expect((await reports.card(cardId))?.taken).toEqual({
      id: moderator.id,
      name: "Mina",
      platform: "discord",
      at: AT,
      until: new Date(AT.getTime() + TAKE_MS),
    });
    // Someone else (a namesake on another platform too) does not take it unasked…
    expect(await takes.take(cardId, admin)).toBe(false);
    expect(await takes.take(cardId, minaOnSlack)).toBe(false);
    expect(await takes.release(cardId, admin)).toBe(false);
    expect(await takes.release(cardId, minaOnSlack)).toBe(false);
    expect((await reports.card(cardId))?.taken?.platform).toBe("discord");
    // …but takes it over once they said so.
    expect(await takes.take(cardId, admin, { over: true })).toBe(true);
    expect((await reports.card(cardId))?.taken?.name).toBe("Ari");
    expect(await takes.release(cardId, moderator)).toBe(false);
    expect(await takes.release(cardId, admin)).toBe(true);
    expect((await reports.card(cardId))?.taken).toBeUndefined();
  });

  it("lapses after TAKE_MS, read against the clock, unless its holder takes it again", async () => {
    const { reports, takes, cardId, later } = await world();
    await takes.take(cardId, moderator);
    later(TAKE_MS / 2);
    // Taken again by its holder: its 15 minutes start again.
    expect(await takes.take(cardId, moderator)).toBe(true);
    later(TAKE_MS / 2 + TAKE_MS - 1);
    expect((await reports.card(cardId))?.taken?.name).toBe("Mina");
    expect(await takes.take(cardId, admin)).toBe(false);
    later(TAKE_MS / 2 + TAKE_MS);
    expect((await reports.card(cardId))?.taken).toBeUndefined();
    // Lapsed: its holder has nothing to release, and anyone takes it unasked.
    expect(await takes.release(cardId, moderator)).toBe(false);
    expect(await takes.take(cardId, admin)).toBe(true);
    expect((await reports.card(cardId))?.taken?.name).toBe("Ari");
  });

  it("ends when the card is settled, and a settled card is not taken", async () => {
    const { reports, takes, cardId } = await world();
    await takes.take(cardId, moderator);
    await reports.settle(cardId, {
      state: "dismissed",
      actor: admin,
      at: AT,
      outcome: "dismissed",
      caseNumber: 3,
    });
    expect((await reports.card(cardId))?.taken).toBeUndefined();
    expect(await takes.take(cardId, moderator)).toBe(false);
    expect(await takes.take(cardId, moderator, { over: true })).toBe(false);
  });

  it("owes every report destination an edit for each take and release, and none for a refusal", async () => {
    const { store, takes, cardId, changed } = await world();
    const owed = () => pendingEdits(store);
    await takes.take(cardId, moderator);
    expect(await owed()).toEqual(DESTINATIONS.map((destination) => `${destination} ${cardId}`));
    expect(changed).toEqual([cardId]);
    await clearOutbox(store);
    expect(await takes.take(cardId, admin)).toBe(false);
    expect(await takes.release(cardId, admin)).toBe(false);
    expect(await owed()).toEqual([]);
    expect(changed).toEqual([cardId]);
    await takes.release(cardId, moderator);
    expect(await owed()).toEqual(DESTINATIONS.map((destination) => `${destination} ${cardId}`));
    expect(changed).toEqual([cardId, cardId]);
  });

  // At once only on PostgreSQL: two SQLite stores in one process cannot hold their write locks
  // at once (better-sqlite3 waits synchronously, so the other's never ends); separate processes
  // on one file simply take turns (report-store.test.ts).
  it.runIf(kind === "postgres")(
    "is won by exactly one of two moderators taking a free card at once on two replicas",
    async () => {
      const first = await world();
      const second = await world(first.location);
      const results = await Promise.all([
        first.takes.take(first.cardId, moderator),
        second.takes.take(first.cardId, admin),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results[0] ? "Mina" : "Ari";
      expect((await second.reports.card(first.cardId))?.taken?.name).toBe(winner);
      expect((await first.reports.card(first.cardId))?.taken?.name).toBe(winner);
    },
  );
});

async function pendingEdits(store: Store): Promise<string[]> {
  const rows = await store.db
    .selectFrom("outbox")
    .select(["destination", "subject"])
    .where("kind", "=", "edit-card")
    .where("state", "=", "pending")
    .orderBy("destination")
    .execute();
  return rows.map((row) => `${row.destination} ${row.subject}`);
}

async function clearOutbox(store: Store): Promise<void> {
  await store.db.deleteFrom("outbox").execute();
}
