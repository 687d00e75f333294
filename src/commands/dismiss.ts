import { reasonArgument, switchArgument } from "../catalogue/arguments.js";
import type { CommandContext } from "../catalogue/command.js";
import { defineCommand } from "../catalogue/command.js";
import {
  reportIdArgument,
  reportNamed,
  reportNotKnownYet,
} from "../catalogue/report-id-argument.js";
import { text } from "../catalogue/wording.js";
import { alreadyHandled } from "../feed/report-buttons.js";
import type { Card } from "../feed/report-store.js";
import { t } from "../i18n/translate.js";
import { takenQuestion } from "../moderation/taken-question.js";
import type { View } from "../view/view.js";

// The API has no state for reports, so dismissing is the bot's own record: the report's card (and
// every report on it) is settled as dismissed, as a case, and its messages everywhere say so.
// With --only, the report alone: it leaves its card for a card of its own, settled as dismissed
// by the case, and the card it left (one report fewer) is edited everywhere. A report alone on
// its card is the card: --only then settles the card, as a plain dismiss would, and says so.
export const dismissCommand = () =>
  defineCommand({
    name: "dismiss",
    summary: text("command.dismiss.summary"),
    args: {
      report_id: reportIdArgument(text("command.dismiss.arg.reportId")),
      reason: reasonArgument(false),
      only: switchArgument("only", text("command.dismiss.arg.only")),
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
      return takenQuestion([card], actor, now(), "actAnyway");
    },
    async handle({ report_id, reason, only }, context) {
      const { reports, actor, now } = context;
      const ref = reportNamed(report_id, context);
      const cardId = await reports.cardFor(ref, now());
      const located = await reports.locate(ref);
      if (cardId === undefined || located === undefined) return () => reportNotKnownYet(report_id);
      if (only) {
        const apart = await reports.setApart(located.key, actor, now());
        if (apart.kind === "handled") return refused(apart.card);
        if (apart.kind === "unknown") return () => reportNotKnownYet(report_id);
        if (apart.kind === "set-apart") {
          return dismissedAlone(report_id, apart.cardId, apart.from, reason, context);
        }
      }
      // Another moderator may have pressed meanwhile: the claim decides, as for a button.
      const claim = await reports.claim(cardId, actor, now());
      // Refused, so an error: no case is recorded as done, and the CLI exits non-zero.
      if (!claim.ok) return refused(claim.card);
      const card = await reports.card(cardId);
      const count = card?.reportCount ?? 1;
      return {
        outcome: "success",
        title: t("dismiss.title", { report: String(report_id) }),
        description:
          count > 1
            ? t("dismiss.together", { count, player: String(card?.target) })
            : only
              ? t("dismiss.onlyOne")
              : undefined,
        fields: [
          { label: t("answers.field.player"), value: card?.target ?? "", inline: true },
          ...(reason ? [{ label: t("answers.field.reason"), value: reason }] : []),
        ],
        visibility: "public",
        data: { report_id, card: cardId, reports: count, only: only ?? false },
      };
    },
  });

/**
 * Who handled the card first, as an error the case keeps: written for the moderator and again
 * for the case (HandlerAnswer).
 */
function refused(card: Card): () => View {
  return () => ({ ...alreadyHandled(card), outcome: "error" });
}

/**
 * The answer to `dismiss ID --only` that took the report off its card: `card` is the report's own
 * card, which the case settles (settlement.ts), and `remaining` what the card it left holds now.
 */
async function dismissedAlone(
  reportId: number,
  cardId: number,
  from: number,
  reason: string | undefined,
  { reports }: Pick<CommandContext, "reports">,
): Promise<View> {
  const left = await reports.card(from);
  const count = left?.reportCount ?? 0;
  const target = left?.target ?? "";
  // The player as the card names him: "ShadowFox (10003)".
  const player = left?.latest ? `${left.latest.to_gamer_name} (${target})` : target;
  return {
    outcome: "success",
    title: t("dismiss.titleAlone", { report: String(reportId) }),
    description: t("dismiss.remaining", { count, player }),
    fields: [
      { label: t("answers.field.player"), value: target, inline: true },
      ...(reason ? [{ label: t("answers.field.reason"), value: reason }] : []),
    ],
    visibility: "public",
    data: {
      report_id: reportId,
      card: cardId,
      reports: 1,
      only: true,
      remaining: {
        card: from,
        state: left?.state,
        reports: count,
        listed: (left?.reports ?? []).map((report) => report.report_id),
      },
    },
  };
}
