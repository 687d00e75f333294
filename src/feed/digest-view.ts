// What a shift digest shows, read when it is posted (like a card, so the newest state): the cards
// waiting now by priority and the oldest of them, what was handled from the digest before it
// until its slot and by whom, and the bans (the chat API's list, which holds bans made anywhere)
// that end within 24 hours of its slot. Player names and moderators' names are text in the view,
// made inert by each platform like a card's.
import type { ListRead } from "../chat-api/list-items.js";
import type { BlockedUser } from "../chat-api/schemas.js";
import { parseUtcTimestamp } from "../chat-api/time.js";
import { t } from "../i18n/translate.js";
import { actorShown } from "../moderation/case-words.js";
import type { PlayerDirectory } from "../moderation/player-directory.js";
import { PRIORITY_LEVELS, type PriorityLevel } from "../moderation/priority.js";
import type { View, ViewField } from "../view/view.js";
import type { Digest } from "./digests.js";
import type { Card, HandledCount, ReportStore } from "./report-store.js";
import type { Triage } from "./triage.js";
import { isWaiting } from "./waiting.js";

const DAY_MS = 86_400_000;
/** Bans ending soon listed at most; past this, "and N more" says the rest. */
export const ENDING_BANS_LISTED = 10;

export interface DigestSources {
  reports: Pick<ReportStore, "unsettledCards" | "card" | "handledBetween">;
  triage: Pick<Triage, "assess">;
  players: Pick<PlayerDirectory, "labels">;
  readBans: () => Promise<ListRead<BlockedUser>>;
  now: () => Date;
}

/** A ban ending soon, as the digest lists it. */
interface EndingBan {
  gamerId: string;
  endsAt: Date;
}

export async function digestView(digest: Digest, sources: DigestSources): Promise<View> {
  const at = sources.now();
  const waiting = await waitingCards(sources, at);
  const handled = await sources.reports.handledBetween(digest.since, digest.slotAt);
  const ending = await endingBans(sources, digest.slotAt);
  const listed = (ending.bans ?? []).slice(0, ENDING_BANS_LISTED);
  const labels = await sources.players.labels(listed.map((ban) => ban.gamerId));
  const more = (ending.bans?.length ?? 0) - listed.length;
  return {
    outcome: "info",
    title: t("cards.digest.title", { count: waiting.cards.length }),
    fields: [
      { label: t("cards.digest.waiting"), value: byPriority(waiting.levels) },
      ...oldestFields(waiting.cards),
      { label: t("cards.digest.handledSince"), value: { time: digest.since } },
      { label: t("cards.digest.handled"), value: handledText(handled) },
    ],
    table: {
      columns: [
        { key: "player", label: t("cards.digest.banEndsFor") },
        { key: "ends", label: t("cards.digest.ends") },
      ],
      rows: listed.map((ban) => ({
        player: labels.get(ban.gamerId) ?? ban.gamerId,
        ends: { time: ban.endsAt },
      })),
      emptyText: ending.unread ? t("cards.digest.bansUnread") : t("cards.digest.noBansEnding"),
      unpaged: true,
    },
    notices: more > 0 ? [t("cards.digest.moreBans", { count: more })] : [],
    visibility: "public",
    data: {
      slot: digest.slotAt.toISOString(),
      since: digest.since.toISOString(),
      waiting: waiting.levels,
      oldest_card: waiting.cards[0]?.id ?? null,
      handled,
      bans_ending: (ending.bans ?? []).map((ban) => ({
        gamer_id: ban.gamerId,
        end: ban.endsAt.toISOString(),
      })),
    },
  };
}

/** The cards waiting at `at`, oldest first, and how many there are of each priority. */
async function waitingCards(sources: DigestSources, at: Date) {
  const cards: Card[] = [];
  const levels: Record<PriorityLevel, number> = { high: 0, medium: 0, low: 0 };
  for (const cardId of await sources.reports.unsettledCards()) {
    const card = await sources.reports.card(cardId);
    if (!card || !isWaiting(card, at)) continue;
    cards.push(card);
    const { priority } = await sources.triage.assess(card);
    levels[priority?.level ?? "low"] += 1;
  }
  cards.sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || a.id - b.id);
  return { cards, levels };
}

/** "1 high · 2 medium · 2 low", the levels with no card left out; "none" when none waits. */
function byPriority(levels: Record<PriorityLevel, number>): string {
  const parts = PRIORITY_LEVELS.filter((level) => levels[level] > 0).map((level) =>
    t("cards.digest.levelCount", { count: levels[level], level }),
  );
  return parts.length > 0 ? parts.join(" · ") : t("cards.digest.none");
}

/** The oldest waiting card: which report shows it, and since when it waits. */
function oldestFields(cards: readonly Card[]): ViewField[] {
  const oldest = cards[0];
  if (!oldest) return [];
  const name = oldest.latest?.to_gamer_name ?? oldest.reports[0]?.to_gamer_name ?? "";
  return [
    {
      label: t("cards.digest.oldestWaiting"),
      value: t("cards.digest.oldest", {
        reportId: oldest.first?.reportId ?? "?",
        name,
        target: oldest.target,
      }),
    },
    { label: t("cards.digest.waitingSince"), value: { time: oldest.openedAt } },
  ];
}

/** "Ann (discord): 2 banned, 1 dismissed · Bo (slack): 1 dismissed"; "nothing" when none was. */
function handledText(handled: readonly HandledCount[]): string {
  const byModerator = new Map<string, string[]>();
  for (const count of handled) {
    const who = `${actorShown({ platform: count.platform, actorName: count.name })} (${count.platform})`;
    const parts = byModerator.get(who) ?? [];
    parts.push(t("cards.digest.handledCount", { count: count.cards, state: count.state }));
    byModerator.set(who, parts);
  }
  if (byModerator.size === 0) return t("cards.digest.nothing");
  return [...byModerator].map(([who, parts]) => `${who}: ${parts.join(", ")}`).join(" · ");
}

/** The bans ending within 24 h of `slotAt`, soonest first; a sentence when the list is unread. */
async function endingBans(
  sources: DigestSources,
  slotAt: Date,
): Promise<{ bans?: EndingBan[]; unread?: true }> {
  let read: ListRead<BlockedUser>;
  try {
    read = await sources.readBans();
  } catch {
    // The digest says so where the list would be.
    return { unread: true };
  }
  const from = slotAt.getTime();
  const bans = read.items
    .map((ban) => ({ gamerId: ban.gamer_id, endsAt: parseUtcTimestamp(ban.end_time) }))
    .filter((ban): ban is EndingBan => ban.endsAt !== undefined)
    .filter((ban) => ban.endsAt.getTime() >= from && ban.endsAt.getTime() < from + DAY_MS)
    .sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime());
  return { bans };
}
