// Who acted and why, as a case is read. The ban sync records what it finds under a name and a
// reason of its own: stored as data, the same in every row whatever the team's language (rows
// from before languages hold these very words), and shown in the reader's words. A person's name
// and reason are theirs, shown as typed.
import { displayMinute } from "../i18n/display-time.js";
import { t } from "../i18n/translate.js";
import { utcMinute } from "../runtime/utc-minute.js";
import type { OutsideActor } from "./cases.js";

/** Who did what the sync finds: not a person, and no adapter can make an actor of this platform. */
export const OUTSIDE_ACTOR: OutsideActor = {
  platform: "chat-api",
  id: "chat-api",
  displayName: "chat API (outside chatwarden)",
};

/** The reason of every case the first sync records. */
export const FOUND_AT_FIRST_SYNC = "found at first sync";

const LIFTED_EARLY = "lifted before its end";
/** The end of the lifted ban inside the stored reason: `(2026-11-22 16:40 UTC)` (utcMinute). */
const LIFTED_EARLY_REASON = /^lifted before its end(?: \((\d{4}-\d\d-\d\d \d\d:\d\d) UTC\))?$/;

/** The reason the sync records for a ban gone from the list before its end, `end` if known. */
export function liftedEarlyReason(end: Date | undefined): string {
  return end ? `${LIFTED_EARLY} (${utcMinute(end)})` : LIFTED_EARLY;
}

interface Acted {
  /** A CasePlatform; statistics read it back from the store as a plain string. */
  platform: string;
  actorName: string;
}

/** The actor's name, or what the chat API's own changes are called in the reader's language. */
export function actorShown({ platform, actorName }: Acted): string {
  return platform === OUTSIDE_ACTOR.platform ? t("cases.outsideActor") : actorName;
}

/** The case's reason; the ban sync's own in the reader's language, its time in their zone. */
export function reasonShown(entry: { platform: string; reason?: string }): string | undefined {
  if (entry.platform !== OUTSIDE_ACTOR.platform || entry.reason === undefined) return entry.reason;
  if (entry.reason === FOUND_AT_FIRST_SYNC) return t("cases.foundAtFirstSync");
  const lifted = LIFTED_EARLY_REASON.exec(entry.reason);
  if (!lifted) return entry.reason;
  const end = lifted[1] === undefined ? undefined : new Date(`${lifted[1].replace(" ", "T")}Z`);
  return t("cases.liftedEarly", {
    hasEnd: end ? "yes" : "no",
    end: end ? displayMinute(end) : "",
  });
}
