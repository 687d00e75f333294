// The report_id argument of `report` and `dismiss`, and which stored report it names.
import type { ReportRef } from "../feed/report-store.js";
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
