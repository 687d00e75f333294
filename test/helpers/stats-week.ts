// A known week of moderation, for `stats`: the test that checks every figure against a hand count
// (test/commands/stats.test.ts) and the example docs/moderating.md prints. The reports go in as
// the feed records them (with their create_at on the chat API's clock, Europe/Paris, UTC+1 in
// November); the actions are the real commands (`ban`, `dismiss`) at set moments, and one ban
// made outside chatwarden, recorded as a case of its own actor.
import { OUTSIDE_ACTOR } from "../../src/moderation/ban-sync.js";
import type { Actor } from "../../src/moderation/roles.js";
import type { Harness } from "./core.js";
import { onNewCard, madeReport as report } from "./stored-reports.js";

export const WEEK_ZONE = "Europe/Paris";
/** Thursday 26 November 2026, 11:00 in Paris: the week is from Thursday 19, 11:00. */
export const WEEK_END = new Date("2026-11-26T10:00:00Z");

const sam: Actor = { platform: "slack", id: "U0SAM", displayName: "Sam", role: "moderator" };

/**
 * The week, in a harness on WEEK_ZONE whose clock reads `clock.now` (set to each action's moment
 * and back to WEEK_END after it).
 */
export async function aKnownWeek(h: Harness, clock: { now: Date }): Promise<void> {
  const at = async <T>(utc: string, work: () => Promise<T>): Promise<T> => {
    clock.now = new Date(utc);
    try {
      return await work();
    } finally {
      clock.now = WEEK_END;
    }
  };
  await h.see("p-ban=Bandit", "p-dis", "p-else", "p-wait", "p-old", "p-x", "p-gone");

  // Before the week: a report and its card, never handled (the oldest of the backlog), and a
  // ban. Neither is counted in the week; the card is in the backlog now.
  await onNewCard(
    h.core,
    [report(8, "p-old", "spam", "2026-11-18 12:00:00")],
    new Date("2026-11-18T11:05:00Z"),
  );
  await at("2026-11-18T12:00:00Z", () => h.run("ban", { gamer_id: "p-gone", days: "2" }));

  // Two cheating reports against Bandit on Friday 20, banned by Mina an hour after the second.
  await onNewCard(
    h.core,
    [
      report(1, "p-ban", "cheating", "2026-11-20 09:00:00"),
      report(2, "p-ban", "CHEATING", "2026-11-20 10:00:00"),
    ],
    new Date("2026-11-20T08:01:00Z"),
  );
  await at("2026-11-20T10:00:00Z", () => h.run("ban", { gamer_id: "p-ban", days: "7" }));

  // Saturday 21 at 00:30 in Paris (still Friday in UTC): spam, dismissed by Sam 30 min later.
  await onNewCard(
    h.core,
    [report(3, "p-dis", "spam", "2026-11-21 00:30:00")],
    new Date("2026-11-20T23:31:00Z"),
  );
  const dismissed = await at("2026-11-21T00:00:00Z", () =>
    h.run("dismiss", { report_id: "3" }, sam),
  );
  if (dismissed.outcome !== "success") throw new Error(`dismiss: ${dismissed.title}`);

  // Sunday 22: harassment on a card, and a report with no category that never had a card (seen
  // before the feed's backfill); the player is banned outside chatwarden at 16:00 in Paris.
  await onNewCard(
    h.core,
    [report(4, "p-else", "harassment", "2026-11-22 12:00:00")],
    new Date("2026-11-22T11:01:00Z"),
  );
  await h.core.reports.recordAll(
    [report(5, "p-else", "", "2026-11-22 13:00:00")],
    new Date("2026-11-22T12:01:00Z"),
  );
  // As the ban sync records it (moderation/ban-sync.ts), at the ban's start.
  await h.core.cases.recordFound([
    {
      at: new Date("2026-11-22T15:00:00Z"),
      actor: OUTSIDE_ACTOR,
      command: "ban",
      target: "p-else",
      args: { gamer_id: "p-else", days: 3 },
      answer: null,
      syncKey: "stats-week:p-else",
    },
  ]);

  // Monday 23: Mina bans a player nobody reported, for a day.
  await at("2026-11-23T09:00:00Z", () => h.run("ban", { gamer_id: "p-x", days: "1" }));
  // Tuesday 24 and Wednesday 25: two spam reports on one card nobody has handled.
  await onNewCard(
    h.core,
    [
      report(6, "p-wait", "spam", "2026-11-24 08:00:00"),
      report(7, "p-wait", "spam", "2026-11-25 20:00:00"),
    ],
    new Date("2026-11-24T07:05:00Z"),
  );
}
