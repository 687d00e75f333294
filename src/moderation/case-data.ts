// A case as documents show it: `history --json` and `chatwarden cases export` (one JSON line, or
// one CSV row with these names as its header). The API's snake_case; absent values as null.
import type { Case } from "./cases.js";

export function caseData(entry: Case) {
  return {
    number: entry.number,
    at: entry.at.toISOString(),
    platform: entry.platform,
    actor_id: entry.actorId,
    actor_name: entry.actorName,
    command: entry.command,
    target: entry.target ?? null,
    args: entry.args,
    reason: entry.reason ?? null,
    outcome: entry.outcome,
    answer: entry.answer ?? null,
    error: entry.error ?? null,
  };
}

export type CaseData = ReturnType<typeof caseData>;
