// What became of a settled card, in the reader's language. The store keeps the outcome as
// settlement.ts wrote it, in English ("banned for 7 days", "dismissed"), and keeps it so: it is
// stored data, read by `report --json` and by every replica. It is read back here into what it
// says (a ban of so many days, a dismissal) and said anew; an outcome of another shape is shown
// as stored.
import { t } from "../i18n/translate.js";

const BANNED_FOR = /^banned for (\d{1,6}) days?$/;

/** `banned for 7 days` / `채팅 금지 7일`; `state` when the card has no outcome recorded. */
export function outcomeText(stored: string | undefined, state: string): string {
  if (stored === undefined) {
    const outcome = state === "banned" ? "bannedUnknown" : state === "dismissed" ? state : "other";
    return t("cards.outcome", { outcome, text: state });
  }
  const days = BANNED_FOR.exec(stored)?.[1];
  if (days !== undefined) return t("cards.outcome", { outcome: "banned", days: Number(days) });
  if (stored === "dismissed") return t("cards.outcome", { outcome: "dismissed" });
  return t("cards.outcome", { outcome: "other", text: stored });
}
