// A pressed button's id as a metric label: only the verb, from a fixed list. The id itself names a
// report or a stored question, and a forged press can carry any text, so neither may become a
// label value (each distinct value is a new series in Prometheus, kept for weeks).
// Ids are `cw:report:<report_id>:<verb>` (feed/report-buttons.ts), `cw:<kind>:<key>` and
// `cw:choose:<key>:<n>` (moderation/actions.ts). A ban button's verb carries its days (`ban30`,
// the ladder's step): it counts as `ban`, so that the days never make series of their own.

const REPORT_VERBS: ReadonlySet<string> = new Set(["dismiss", "only", "history"]);
const BAN_VERB = /^ban[1-9]\d{0,5}$/;
const STORED_KINDS: ReadonlySet<string> = new Set(["confirm", "cancel", "page"]);

/** `ban`, `dismiss`, `confirm`, `page`…, or `unknown` for an id that is none of ours. */
export function buttonAction(actionId: string): string {
  const parts = actionId.split(":");
  if (parts[0] !== "cw") return "unknown";
  if (parts[1] === "report") {
    const verb = parts.length === 4 ? parts[3] : undefined;
    if (verb !== undefined && BAN_VERB.test(verb)) return "ban";
    return verb !== undefined && REPORT_VERBS.has(verb) ? verb : "unknown";
  }
  const kind = parts[1];
  if (kind === "choose") return parts.length === 4 ? kind : "unknown";
  return parts.length === 3 && kind !== undefined && STORED_KINDS.has(kind) ? kind : "unknown";
}
