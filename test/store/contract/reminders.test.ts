// A waiting card is reminded of once, on SQLite and on PostgreSQL: the cards open for longer than
// the wait are marked with one reminder, owed to every report channel in one post each; a card
// handled, or too young, is not; a card already reminded of never is again; and of two replicas
// reminding at once (two stores on one database), exactly one marks the cards and owes the post.
import { describe, expect, it } from "vitest";
import { Outbox } from "../../../src/feed/outbox.js";
import { Reminders } from "../../../src/feed/reminders.js";
import { ReportStore } from "../../../src/feed/report-store.js";
import type { Store } from "../../../src/store/store.js";
import { moderator } from "../../helpers/core.js";
import { openTestStore, STORE_KINDS } from "../../helpers/stores.js";

const NOW = new Date("2026-11-26T12:00:00Z");
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const REPORT_CHANNELS = ["discord:report", "slack:report"] as const;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const remindersOn = (store: Store) =>
  new Reminders(store, new Outbox(store), new ReportStore(store), REPORT_CHANNELS);

/** The reminder posts owed, as `destination subject`. */
async function reminderPosts(store: Store): Promise<string[]> {
  const rows = await store.db
    .selectFrom("outbox")
    .select(["destination", "subject"])
    .where("kind", "=", "post-reminder")
    .orderBy("id")
    .execute();
  return rows.map((row) => `${row.destination} ${row.subject}`);
}

describe.each(STORE_KINDS)("reminders on %s", (kind) => {
  it("remind of each card open past the wait once, in one post per channel", async () => {
    const { store } = await openTestStore(kind);
    const reports = new ReportStore(store);
    const old = await reports.openCard("old", ago(2 * HOUR_MS));
    const older = await reports.openCard("older", ago(3 * HOUR_MS));
    await reports.openCard("young", ago(10 * MINUTE_MS));
    const handled = await reports.openCard("handled", ago(3 * HOUR_MS));
    await reports.settle(handled, {
      state: "dismissed",
      actor: { displayName: "Mina", platform: "discord" },
      at: ago(HOUR_MS),
      outcome: "dismissed",
      caseNumber: 1,
    });
    const reminders = remindersOn(store);

    expect(await reminders.remindDue(NOW, HOUR_MS)).toEqual([old, older].sort((a, b) => a - b));
    const posts = await reminderPosts(store);
    expect(posts).toHaveLength(2);
    const subject = Number(posts[0]?.split(" ")[1]);
    expect(posts).toEqual(REPORT_CHANNELS.map((channel) => `${channel} ${subject}`));
    // Again, even much later: nothing new is due, nothing is owed.
    expect(await reminders.remindDue(new Date(NOW.getTime() + HOUR_MS / 2), HOUR_MS)).toEqual([]);
    expect(await reminderPosts(store)).toHaveLength(2);

    // Handled after the reminder was owed: its post leaves it out.
    await reports.settle(old, {
      state: "banned",
      actor: { displayName: "Ari", platform: "slack" },
      at: NOW,
      outcome: "banned for 1 day",
      caseNumber: 2,
    });
    expect(await reminders.reminderCards(subject)).toEqual([older]);
  });

  it("remind of a card claimed by a press that died, once its claim lapsed, not while it holds", async () => {
    const { store } = await openTestStore(kind);
    const reports = new ReportStore(store);
    const lapsed = await reports.openCard("lapsed", ago(3 * HOUR_MS));
    await reports.claim(lapsed, moderator, ago(2 * HOUR_MS));
    const held = await reports.openCard("held", ago(3 * HOUR_MS));
    await reports.claim(held, moderator, NOW);
    expect(await remindersOn(store).remindDue(NOW, HOUR_MS)).toEqual([lapsed]);
  });

  it("is owed by exactly one of two replicas reminding at once", async () => {
    const first = await openTestStore(kind);
    // SQLite has one writer per process: the second "replica" is the same store (see cases.test.ts).
    const second = kind === "postgres" ? await openTestStore(kind, first.location) : first;
    const reports = new ReportStore(first.store);
    const cards = [
      await reports.openCard("a", ago(2 * HOUR_MS)),
      await reports.openCard("b", ago(2 * HOUR_MS)),
    ];
    const marked = await Promise.all([
      remindersOn(first.store).remindDue(NOW, HOUR_MS),
      remindersOn(second.store).remindDue(NOW, HOUR_MS),
    ]);
    expect(marked.flat().sort((a, b) => a - b)).toEqual(cards);
    expect(marked.filter((ids) => ids.length > 0)).toHaveLength(1);
    expect(await reminderPosts(first.store)).toHaveLength(REPORT_CHANNELS.length);
    const left = await first.store.db.selectFrom("reminders").select("id").execute();
    expect(left).toHaveLength(1);
  });
});
