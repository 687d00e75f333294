import { switchArgument } from "../catalogue/arguments.js";
import { type CommandContext, defineCommand } from "../catalogue/command.js";
import {
  reportIdArgument,
  reportNamed,
  reportNotKnownYet,
} from "../catalogue/report-id-argument.js";
import { text } from "../catalogue/wording.js";
import { holds, TAKE_MS, takeData } from "../feed/card-takes.js";
import { alreadyHandled } from "../feed/report-buttons.js";
import type { Card } from "../feed/report-store.js";
import { displayMinute } from "../i18n/display-time.js";
import { t } from "../i18n/translate.js";
import { takenQuestion } from "../moderation/taken-question.js";
import type { View } from "../view/view.js";

const TAKE_MINUTES = TAKE_MS / 60_000;

// A moderator says "I am looking at this one": every message of the card says so, and anyone
// else who bans, dismisses or takes it is asked first (card-takes.ts). The card's Take button
// runs this; pressed again by its holder, it releases the card. Nothing is done to the player,
// so no case is recorded and the answer is the moderator's alone.
export const takeCommand = () =>
  defineCommand({
    name: "take",
    summary: text("command.take.summary", { minutes: TAKE_MINUTES }),
    args: {
      report_id: reportIdArgument(text("command.take.arg.reportId")),
      release: switchArgument("release", text("command.take.arg.release")),
    },
    role: "moderator",
    mutates: false,
    // Someone else's take is asked about, never overridden unasked.
    async reviseConfirm({ report_id, release }, context) {
      if (release) return undefined;
      const card = await cardNamed(report_id, context);
      if (!card || settled(card)) return undefined;
      return takenQuestion([card], context.actor, context.now(), "takeOver");
    },
    async handle({ report_id, release }, context) {
      const { actor, takes } = context;
      const card = await cardNamed(report_id, context);
      if (!card) return reportNotKnownYet(report_id);
      if (settled(card)) return { ...alreadyHandled(card), outcome: "error" };
      if (release) {
        if (!(await takes.release(card.id, actor))) return notHeld(report_id, card, context);
        return {
          outcome: "success",
          title: t("take.released", { report: String(report_id) }),
          description: t("take.releasedText"),
          visibility: "private",
          data: { report_id, card: card.id, taken: null },
        };
      }
      // Someone else's take is taken over only once that was asked (reviseConfirm) and answered:
      // one found now that was not there when asked is a race lost, not taken over unasked.
      if (!(await takes.take(card.id, actor, { over: context.confirmed === true }))) {
        const now = await context.reports.card(card.id);
        if (!now || settled(now)) return { ...alreadyHandled(now ?? card), outcome: "error" };
        return {
          outcome: "error",
          title: t("take.takenMeanwhile", { report: String(report_id) }),
          description:
            takenQuestion([now], actor, context.now(), "takeAgain") ?? t("take.takenMeanwhileText"),
          visibility: "private",
        };
      }
      const taken = (await context.reports.card(card.id))?.taken;
      return {
        outcome: "success",
        title: t("take.took", { report: String(report_id) }),
        description: taken
          ? t("take.tookUntilText", {
              report: String(report_id),
              until: displayMinute(taken.until),
            })
          : t("take.tookText", { report: String(report_id) }),
        visibility: "private",
        data: { report_id, card: card.id, taken: takeData(taken) },
      };
    },
  });

async function cardNamed(
  reportId: number,
  context: Pick<CommandContext, "reports" | "pressed" | "now">,
): Promise<Card | undefined> {
  const { reports, now } = context;
  const cardId = await reports.cardFor(reportNamed(reportId, context), now());
  return cardId === undefined ? undefined : reports.card(cardId);
}

/** Banned or dismissed: nobody needs to look at it any more. */
function settled(card: Card): boolean {
  return card.state === "banned" || card.state === "dismissed";
}

function notHeld(reportId: number, card: Card, { actor }: Pick<CommandContext, "actor">): View {
  const other = card.taken && !holds(card.taken, actor) ? card.taken : undefined;
  return {
    outcome: "error",
    title: t("take.notHeld", { report: String(reportId) }),
    description: other
      ? t("take.heldByOther", {
          holder: other.name,
          platform: other.platform,
          until: displayMinute(other.until),
        })
      : t("take.heldByNobody"),
    visibility: "private",
  };
}
