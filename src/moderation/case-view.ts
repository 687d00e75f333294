// How a case reads in an audit channel: the same View every adapter renders.

import { plural } from "../view/plural.js";
import type { View, ViewField } from "../view/view.js";
import type { Case } from "./cases.js";

const OUTCOME_WORDS = {
  pending: "under way",
  success: "done",
  failed: "failed",
  denied: "denied",
  unknown: "not known: check before acting again",
} as const;

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
  const fields: ViewField[] = [
    { label: "By", value: `${entry.actorName} (${entry.platform})`, inline: true },
    { label: "Outcome", value: OUTCOME_WORDS[entry.outcome], inline: true },
    { label: "When", value: { time: entry.at }, inline: true },
    ...(args ? [{ label: "Arguments", value: args }] : []),
    ...(entry.reason ? [{ label: "Reason", value: entry.reason }] : []),
    ...(entry.error ? [{ label: "Error", value: entry.error }] : []),
  ];
  return {
    outcome: VIEW_OUTCOMES[entry.outcome],
    title: `Case #${entry.number}: ${entry.command}${target ? ` ${target}` : ""}`,
    fields,
    notices:
      unpostedRefusals > 0
        ? [
            `${plural(unpostedRefusals, "more refusal")} of ${entry.actorName} since the last one posted: recorded as cases, not posted one by one`,
          ]
        : undefined,
    visibility: "public",
    data: entry,
  };
}
