// How a case reads in an audit channel: the same View every adapter renders.

import { t } from "../i18n/translate.js";
import type { View, ViewField } from "../view/view.js";
import { actorShown, reasonShown } from "./case-words.js";
import type { Case } from "./cases.js";

const VIEW_OUTCOMES = {
  pending: "info",
  success: "success",
  failed: "error",
  denied: "denied",
  unknown: "warning",
} as const satisfies Record<Case["outcome"], View["outcome"]>;

/**
 * `unpostedRefusals`: refusals of the same user recorded since the last one posted, which had no
 * post of their own (see feed/denial-audit.ts). `target`: the player acted on as answers name
 * them, `Name (id)`; the id alone by default.
 */
export function caseView(entry: Case, unpostedRefusals = 0, target = entry.target): View {
  const args = Object.entries(entry.args)
    .filter(([name, value]) => name !== "reason" && value !== undefined)
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(",") : String(value)}`)
    .join(" ");
  const reason = reasonShown(entry);
  const fields: ViewField[] = [
    { label: t("cards.case.by"), value: `${actorShown(entry)} (${entry.platform})`, inline: true },
    {
      label: t("cards.case.outcome"),
      value: t("cards.case.outcomeWords", { outcome: entry.outcome }),
      inline: true,
    },
    { label: t("cards.case.when"), value: { time: entry.at }, inline: true },
    // Argument names and values as typed (command words), the reason and error as stored.
    ...(args ? [{ label: t("cards.case.arguments"), value: args }] : []),
    ...(reason ? [{ label: t("cards.case.reason"), value: reason }] : []),
    ...(entry.error ? [{ label: t("cards.case.error"), value: entry.error }] : []),
  ];
  return {
    outcome: VIEW_OUTCOMES[entry.outcome],
    title: t("cards.case.title", {
      number: entry.number,
      command: entry.command,
      hasTarget: target ? "yes" : "no",
      target: target ?? "",
    }),
    fields,
    notices:
      unpostedRefusals > 0
        ? [t("cards.case.moreRefusals", { count: unpostedRefusals, actor: entry.actorName })]
        : undefined,
    visibility: "public",
    data: entry,
  };
}
