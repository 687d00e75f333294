// The report_id argument of `report`, `dismiss` and `filter`, and which stored report it names.
import type { ReportRef } from "../feed/report-store.js";
import { t } from "../i18n/translate.js";
import type { View } from "../view/view.js";
import { positiveIntegerArgument } from "./arguments.js";
import type { CommandContext } from "./command.js";
import type { Wording } from "./wording.js";

/** Report ids are numbers the API hands out; the bound only keeps them exact in JavaScript. */
export const reportIdArgument = (description: Wording) =>
  positiveIntegerArgument("report_id", description, "12", Number.MAX_SAFE_INTEGER);

/**
 * The report `reportId` names: the one on the card whose button was pressed, or for an id typed
 * by a moderator the newest report the chat API listed with it (an id it gave out again, to a
 * report against another player, names that one; the earlier card keeps its own buttons).
 */
export function reportNamed(reportId: number, context: Pick<CommandContext, "pressed">): ReportRef {
  return context.pressed?.reportId === reportId ? context.pressed : reportId;
}

/** The answer for a report the feed has not read: an action needs the feed's record of it. */
export function reportNotKnownYet(reportId: number): View {
  return {
    outcome: "error",
    title: t("report.notKnownYet.title", { reportId: String(reportId) }),
    description: t("report.notKnownYet.description"),
    visibility: "private",
  };
}
