// How a case reads in an audit channel: the same View every adapter renders.
import type { Case } from "./cases.js";
import type { View, ViewField } from "./view.js";

const OUTCOME_WORDS = { success: "done", failed: "failed", denied: "denied" } as const;

export function caseView(entry: Case): View {
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
    outcome:
      entry.outcome === "success" ? "success" : entry.outcome === "denied" ? "denied" : "error",
    title: `Case #${entry.number}: ${entry.command}${entry.target ? ` ${entry.target}` : ""}`,
    fields,
    visibility: "public",
    data: entry,
  };
}
