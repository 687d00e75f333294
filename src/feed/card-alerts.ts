// The high-priority alert (off unless PRIORITY_ALERT_DISCORD_ROLE_ID or
// PRIORITY_ALERT_SLACK_GROUP_ID is set): a card that a poll finds high priority, when it opens
// or as reports join it, owes each report destination with a configured role or group one post
// of its own that mentions exactly that role or group (the card itself is edited in place, and an
// edit notifies nobody). Once: the poll that finds it high marks the card alerted and owes the
// posts in its own transaction, so another poll, on this replica or another, finds it marked.
// The alert's text is the card's title and priority: player content, made inert by each platform
// like everywhere else, so nothing in it can mention anyone.

import { t } from "../i18n/translate.js";
import { priorityLine } from "../moderation/priority.js";
import type { View, ViewMention } from "../view/view.js";
import type { DestinationName } from "./destination.js";
import type { Outbox } from "./outbox.js";
import { cardTitle } from "./report-card.js";
import type { Card, ReportStore } from "./report-store.js";
import type { CardAssessment, Triage } from "./triage.js";

export class CardAlerts {
  private readonly destinations: DestinationName[];

  constructor(
    private readonly reports: ReportStore,
    private readonly triage: Triage,
    private readonly outbox: Outbox,
    private readonly mention: ViewMention,
    reportDestinations: readonly DestinationName[],
  ) {
    // Only where a role or group is named: a platform without one is not alerted at all.
    this.destinations = reportDestinations.filter((name) =>
      name.startsWith("discord:") ? mention.discordRoleId : mention.slackUserGroupId,
    );
  }

  /** Whether any destination is alerted at all. */
  get enabled(): boolean {
    return this.destinations.length > 0;
  }

  /**
   * Owes the alert of each of `cardIds` that is high priority now and was never alerted; call in
   * the transaction that changed them.
   */
  async raise(cardIds: readonly number[], at: Date): Promise<void> {
    if (!this.enabled) return;
    for (const cardId of [...new Set(cardIds)].sort((a, b) => a - b)) {
      const card = await this.reports.card(cardId);
      if (!card) continue;
      const { priority } = await this.triage.assess(card);
      if (priority?.level !== "high") continue;
      if (!(await this.reports.markAlerted(cardId, at))) continue;
      await this.outbox.enqueueAll(this.destinations, "post-alert", [cardId]);
    }
  }

  /** The alert as it is posted: none for a card settled before it went out. */
  async view(cardId: number): Promise<View | undefined> {
    const card = await this.reports.card(cardId);
    if (!card) return undefined;
    const assessment = await this.triage.assess(card);
    return assessment.priority ? alertView(card, assessment, this.mention) : undefined;
  }
}

/** "High priority: 3 reports against Night (gamer-7)", why, and where its actions are. */
export function alertView(card: Card, assessment: CardAssessment, mention: ViewMention): View {
  const why = assessment.priority ? priorityLine(assessment.priority) : "";
  // As the old template wrote it: a card always has a first report, so never "undefined".
  const reportId = String(card.first?.reportId);
  return {
    outcome: "warning",
    title: t("cards.alert.title", { title: cardTitle(card) }),
    description: t("cards.alert.description", { why, reportId }),
    visibility: "public",
    mention,
    data: { card: card.id, priority: assessment.priority?.level ?? null },
  };
}
