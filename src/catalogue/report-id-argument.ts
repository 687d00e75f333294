// The report_id argument of `report`, `dismiss` and `filter`, and which stored report it names.
import type { ReportRef } from "../feed/report-store.js";
import type { View } from "../view/view.js";
import { positiveIntegerArgument } from "./arguments.js";
import type { CommandContext } from "./command.js";

/** Report ids are numbers the API hands out; the bound only keeps them exact in JavaScript. */
export const reportIdArgument = (description: string) =>
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
    title: `Report #${reportId} is not known yet`,
    description:
      "The report feed has not read this report: the running bot (chatwarden serve with a report channel) reads new reports at each poll. Check the id with reports.",
    visibility: "private",
  };
}
