import { reasonArgument } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import {
  reportIdArgument,
  reportNamed,
  reportNotKnownYet,
} from "../catalogue/report-id-argument.js";
import { alreadyHandled } from "../feed/report-buttons.js";
import { takenQuestion } from "../moderation/taken-question.js";
import { plural } from "../view/plural.js";

// The API has no state for reports, so dismissing is the bot's own record: the report's card (and
// every report on it) is settled as dismissed, as a case, and its messages everywhere say so.
export const dismissCommand = () =>
  defineCommand({
    name: "dismiss",
    summary: "Dismiss a report (and the others on its card): no action against the player",
    args: {
      report_id: reportIdArgument("the report to dismiss"),
      reason: reasonArgument(false),
    },
    role: "moderator",
    mutates: true,
    target: async ({ report_id }, context) =>
      (await context.reports.locate(reportNamed(report_id, context)))?.target,
    // A report not known, or a card already handled, is answered without a case: nothing is done.
    async nothingToDo({ report_id }, context) {
      const { reports, now } = context;
      const cardId = await reports.cardFor(reportNamed(report_id, context), now());
      if (cardId === undefined) return reportNotKnownYet(report_id);
      const card = await reports.card(cardId);
      const lapsed = card?.claimEndsAt !== undefined && card.claimEndsAt <= now();
      if (card && card.state !== "open" && !lapsed) {
        return { ...alreadyHandled(card), outcome: "error" };
      }
      return undefined;
    },
    // A card another moderator took is asked about first (card-takes.ts).
    async reviseConfirm({ report_id }, context) {
      const { reports, actor, now } = context;
      const cardId = await reports.cardFor(reportNamed(report_id, context), now());
      const card = cardId === undefined ? undefined : await reports.card(cardId);
      return takenQuestion([card], actor, now(), "act anyway?");
    },
    async handle({ report_id, reason }, context) {
      const { reports, actor, now } = context;
      const cardId = await reports.cardFor(reportNamed(report_id, context), now());
      if (cardId === undefined) return reportNotKnownYet(report_id);
      // Another moderator may have pressed meanwhile: the claim decides, as for a button.
      const claim = await reports.claim(cardId, actor, now());
      // Refused, so an error: no case is recorded as done, and the CLI exits non-zero.
      if (!claim.ok) return { ...alreadyHandled(claim.card), outcome: "error" };
      const card = await reports.card(cardId);
      const count = card?.reportCount ?? 1;
      return {
        outcome: "success",
        title: `Dismissed report #${report_id}`,
        description:
          count > 1
            ? `${plural(count, "report")} against ${card?.target} were dismissed together.`
            : undefined,
        fields: [
          { label: "Player", value: card?.target ?? "", inline: true },
          ...(reason ? [{ label: "Reason", value: reason }] : []),
        ],
        visibility: "public",
        data: { report_id, card: cardId, reports: count },
      };
    },
  });
