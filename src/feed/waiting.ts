// Whether a card waits for a moderator: what `reports --open`, the shift digest and reminders
// count as waiting.
import type { Card } from "./report-store.js";

/** Open, or claimed by a press whose lease has run out (the next press takes it as open). */
export function isWaiting(card: Pick<Card, "state" | "claimEndsAt">, at: Date): boolean {
  if (card.state === "open") return true;
  return card.state === "handling" && card.claimEndsAt !== undefined && card.claimEndsAt <= at;
}
