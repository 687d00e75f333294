// Buttons that outlive the message they came with: confirmations (only the invoker, 60 s) and
// page turns. A view carries only an opaque id; pressing it comes back here.
import { randomBytes } from "node:crypto";
import type { Actor } from "./roles.js";
import type { View } from "./view.js";

export interface PendingAction {
  /** Who may press it; undefined: anyone who can see it. */
  invoker?: Actor;
  ttlMs: number;
  /** Words for the refusals: "confirmation", "page". */
  noun: string;
  run: (actor: Actor) => Promise<View>;
}

interface Entry extends PendingAction {
  expiresAt: number;
}

/** Prefix of every action id, so adapters can tell ours from other components. */
export const ACTION_PREFIX = "cw:";

const sameActor = (a: Actor, b: Actor) => a.platform === b.platform && a.id === b.id;

export class ActionRegistry {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  register(action: PendingAction): string {
    this.sweep();
    // 12 random bytes: unguessable, and short enough for Discord's 100-character custom ids.
    const id = ACTION_PREFIX + randomBytes(12).toString("base64url");
    this.entries.set(id, { ...action, expiresAt: this.now() + action.ttlMs });
    return id;
  }

  async press(id: string, actor: Actor): Promise<View> {
    const entry = this.entries.get(id);
    if (!entry || this.now() > entry.expiresAt) {
      if (entry) this.entries.delete(id);
      return refusal(
        "This button has expired",
        entry
          ? `The ${entry.noun} was only valid for ${Math.round(entry.ttlMs / 1000)} s: run the command again.`
          : "It is no longer known (expired, or the bot restarted): run the command again.",
      );
    }
    if (entry.invoker && !sameActor(entry.invoker, actor)) {
      return refusal(
        "Not your button",
        `Only ${entry.invoker.displayName} can use this ${entry.noun}.`,
        "denied",
      );
    }
    return entry.run(actor);
  }

  /** Drops what has expired; called on every registration, so no timer is needed. */
  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) if (now > entry.expiresAt) this.entries.delete(id);
  }
}

/** A refused press did nothing, so it reads as an error (the one-shot CLI exits non-zero). */
function refusal(title: string, description: string, outcome: View["outcome"] = "error"): View {
  return { outcome, title, description, visibility: "private" };
}
