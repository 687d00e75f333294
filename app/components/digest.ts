// The shift digest's schedule as a part of leader work: only the leading replica looks for slots
// (a replica taking over looks at once, and owes a slot the old leader owed already nothing:
// digests.ts). Stopping waits for the look under way, which owes a slot in one transaction or
// not at all.
import type { DigestSchedule } from "../../src/feed/digest-schedule.js";
import {
  type Component,
  NOTHING_IN_FLIGHT,
  type StopSummary,
} from "../../src/runtime/component.js";
import { untilDeadline } from "../lifecycle.js";

export function digestComponent(schedule: DigestSchedule): Component {
  return {
    name: "digest",
    async start() {
      schedule.start();
    },
    readiness() {
      return { ready: true, detail: "looks for the digest's slots once a minute" };
    },
    async stop(deadline): Promise<StopSummary> {
      const outcome = await untilDeadline(schedule.stop(), deadline);
      return outcome === "timeout"
        ? { finished: [], left: ["a look for the digest's slot (looked again at the next start)"] }
        : NOTHING_IN_FLIGHT;
    },
  };
}
