// `reports --open`: the report cards no moderator has handled yet, highest priority first, then
// oldest, each with why; from the report feed's record (the store), not the chat API's list,
// since cards are the feed's. A card being handled counts again once its claim has lapsed (its
// press died): it waits for someone as an open one does.
import type { CommandContext } from "../catalogue/command.js";
import { type CommandAnswer, itemTable } from "../catalogue/item-table.js";
import { compareMarks, type PagedList, type Place } from "../catalogue/list-snapshot.js";
import { takeData } from "../feed/card-takes.js";
import { asOfLine } from "../feed/feed-record.js";
import type { Card } from "../feed/report-store.js";
import { type CardAssessment, ladderData, priorityData } from "../feed/triage.js";
import { isWaiting } from "../feed/waiting.js";
import { t } from "../i18n/translate.js";
import { PRIORITY_LEVELS } from "./priority.js";

/** A card waiting for a moderator, with what triage says of it. */
interface WaitingCard {
  card: Card;
  assessment: CardAssessment;
}

export async function openCardsAnswer(
  { gamerId, limit }: { gamerId: string | undefined; limit: number },
  {
    reports,
    triage,
    snapshot,
    now,
  }: Pick<CommandContext, "reports" | "triage" | "snapshot" | "now">,
): Promise<CommandAnswer> {
  const at = now();
  const waiting: WaitingCard[] = [];
  for (const cardId of await reports.unsettledCards(gamerId)) {
    const card = await reports.card(cardId);
    if (!card || !isWaiting(card, at)) continue;
    waiting.push({ card, assessment: await triage.assess(card) });
  }
  // On a page turn, the cards as listed then.
  const listed = snapshot.keep(waiting, WAITING_CARDS);
  const shown = listed.slice(0, limit);
  const poll = await reports.lastPoll();
  return {
    outcome: "info",
    title: gamerId
      ? t("open.titleOf", { player: gamerId, count: String(listed.length) })
      : t("open.title", { count: String(listed.length) }),
    table: itemTable({
      columns: [
        { key: "priority", label: t("open.column.priority") },
        { key: "report", label: "#" },
        { key: "player", label: t("open.column.player") },
        { key: "reports", label: t("open.column.reports") },
        { key: "opened", label: t("open.column.opened") },
        { key: "why", label: t("open.column.why") },
      ],
      items: shown,
      row: ({ card, assessment }) => ({
        priority: t("open.priority", { level: assessment.priority?.level ?? "low" }),
        report: card.first?.reportId ?? "",
        player: `${card.latest?.to_gamer_name ?? ""} (${card.target})`,
        reports: card.reportCount,
        opened: { time: card.openedAt },
        why: assessment.priority?.reasons.join(" · ") ?? "",
      }),
      paging: WAITING_CARDS,
      emptyText: t("open.empty"),
    }),
    notices: [
      ...(shown.length < listed.length
        ? [t("open.first", { shown: String(shown.length), total: String(listed.length) })]
        : []),
      ...(shown.length > 0
        ? [t("open.hint", { report: String(shown[0]?.card.first?.reportId) })]
        : []),
      poll ? asOfLine(poll.at, at) : t("open.noPoll"),
    ],
    visibility: "private",
    data: shown.map(({ card, assessment }) => ({
      card: card.id,
      report_id: card.first?.reportId ?? null,
      gamer_id: card.target,
      gamer_name: card.latest?.to_gamer_name ?? null,
      state: card.state,
      reports: card.reportCount,
      opened_at: card.openedAt.toISOString(),
      priority: priorityData(assessment.priority),
      ladder: ladderData(assessment.ladder),
      taken: takeData(card.taken),
    })),
  };
}

/** Highest priority first (as PRIORITY_LEVELS orders them), then the oldest card, then its id. */
const WAITING_CARDS: PagedList<WaitingCard> = {
  noun: "card",
  place: ({ card, assessment }): Place => [
    PRIORITY_LEVELS.indexOf(assessment.priority?.level ?? "low"),
    card.openedAt.getTime(),
    card.id,
  ],
  compare: (a, b) =>
    compareMarks(a[0] ?? 0, b[0] ?? 0) ||
    compareMarks(a[1] ?? 0, b[1] ?? 0) ||
    compareMarks(a[2] ?? 0, b[2] ?? 0),
  // Card ids only grow: a card opened since the list was shown is new to it.
  arrival: ({ card }) => card.id,
};
