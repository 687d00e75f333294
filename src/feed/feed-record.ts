// Whether the report feed's record of the report list may stand for the list itself. The feed
// records every report it reads (poller.ts: those of the backfill too), so while it polls, `history`
// and `report` read a player's or an id's reports from the store, by index, instead of fetching
// the whole list from the chat API (100,000 reports for one player). A feed polls in serve with a
// report channel or the console, on whichever replica leads; every process on the same store
// (a standby replica, a one-shot `chatwarden history`) finds its last poll there. The record
// stands until the feed's next scheduled poll is overdue by more than a poll may take: a feed that
// stopped, or cannot read the list, soon leaves these commands to the chat API again. An answer
// read from the record says how old it is.
import { t } from "../i18n/translate.js";
import type { FeedPoll, ReportStore } from "./report-store.js";

/**
 * How long after its scheduled time a poll may still be under way: the chat API's deadline for
 * the list (with its retries, 10 s at the default CHAT_API_TIMEOUT_MS) and the store's write,
 * with room to spare on a loaded machine.
 */
export const FEED_POLL_GRACE_MS = 60_000;

/**
 * A poll that began at `startedAt` and ended at `endedAt`, with the next one due `nextPollInMs`
 * later (none scheduled: a poll run by hand holds for the grace alone).
 */
export function feedPoll(startedAt: Date, endedAt: Date, nextPollInMs?: number): FeedPoll {
  return {
    at: startedAt,
    freshUntil: new Date(endedAt.getTime() + (nextPollInMs ?? 0) + FEED_POLL_GRACE_MS),
  };
}

/** The feed's record, when it may stand for the list at `now`: as of when its poll began. */
export async function freshRecord(
  reports: ReportStore,
  now: Date,
): Promise<{ asOf: Date } | undefined> {
  const poll = await reports.lastPoll();
  return poll !== undefined && now <= poll.freshUntil ? { asOf: poll.at } : undefined;
}

/** "Reports as of the report feed's last poll, 12 s ago.", in the reader's language. */
export function asOfLine(asOf: Date, now: Date): string {
  return t("cards.asOf", ago(now.getTime() - asOf.getTime()));
}

function ago(ms: number): {
  unit: "now" | "seconds" | "minutes" | "hours" | "days";
  count: number;
} {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 1) return { unit: "now", count: 0 };
  if (seconds < 60) return { unit: "seconds", count: seconds };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}
