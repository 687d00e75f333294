// Who acted and why, as a case is read. The ban sync records what it finds under a name and a
// reason of its own: stored as data, the same in every row whatever the team's language (rows
// from before languages hold these very words), and shown in the reader's words. A person's name
// and reason are theirs, shown as typed.
import { t } from "../i18n/translate.js";
import type { OutsideActor } from "./cases.js";

/** Who did what the sync finds: not a person, and no adapter can make an actor of this platform. */
export const OUTSIDE_ACTOR: OutsideActor = {
  platform: "chat-api",
  id: "chat-api",
  displayName: "chat API (outside chatwarden)",
};

/** The reason of every case the first sync records. */
export const FOUND_AT_FIRST_SYNC = "found at first sync";

interface Acted {
  /** A CasePlatform; statistics read it back from the store as a plain string. */
  platform: string;
  actorName: string;
}

/** The actor's name, or what the chat API's own changes are called in the reader's language. */
export function actorShown({ platform, actorName }: Acted): string {
  return platform === OUTSIDE_ACTOR.platform ? t("cases.outsideActor") : actorName;
}

/** The case's reason; the ban sync's own in the reader's language. */
export function reasonShown(entry: { platform: string; reason?: string }): string | undefined {
  return entry.platform === OUTSIDE_ACTOR.platform && entry.reason === FOUND_AT_FIRST_SYNC
    ? t("cases.foundAtFirstSync")
    : entry.reason;
}
