// A look the leader takes once a minute (the shift digest's slots, cards due a reminder) as a part
// of leader work: only the leading replica looks, and a replica taking over looks at once (what
// the old leader owed already is owed nothing again: digests.ts, reminders.ts). Stopping waits for
// the look under way, which owes what it found in one transaction or not at all.
import {
  type Component,
  NOTHING_IN_FLIGHT,
  type StopSummary,
} from "../../src/runtime/component.js";
import { untilDeadline } from "../lifecycle.js";

export interface MinuteLooks {
  start(): void;
  stop(): Promise<void>;
}

/** `name` as /readyz shows it ("digest"); `what` it looks for, in words ("the digest's slots"). */
export function minuteLooksComponent(name: string, what: string, looks: MinuteLooks): Component {
  return {
    name,
    async start() {
      looks.start();
    },
    readiness() {
      return { ready: true, detail: `looks for ${what} once a minute` };
    },
    async stop(deadline): Promise<StopSummary> {
      const outcome = await untilDeadline(looks.stop(), deadline);
      return outcome === "timeout"
        ? { finished: [], left: [`a look for ${what} (looked again at the next start)`] }
        : NOTHING_IN_FLIGHT;
    },
  };
}
