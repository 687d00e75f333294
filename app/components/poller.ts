// The report feed's poll as a component. Quiescing schedules no more polls; stopping waits for
// the poll under way, which writes what it read in one transaction or nothing at all.
import type { ReportFeed } from "../../src/feed/feed.js";
import {
  type Component,
  NOTHING_IN_FLIGHT,
  type Readiness,
  type StopSummary,
} from "../../src/runtime/component.js";
import { utcMinute } from "../../src/runtime/utc-minute.js";
import { untilDeadline } from "../lifecycle.js";

export function pollerComponent(feed: ReportFeed): Component {
  let stopping: Promise<void> | undefined;
  const stopPolling = () => {
    stopping ??= feed.stopPolling();
    return stopping;
  };
  return {
    name: "poller",
    async start() {
      feed.startPolling();
    },
    quiesce() {
      void stopPolling();
    },
    readiness(): Readiness {
      const { polls, outageSince, storeFailure, lastPollAt } = feed.pollState();
      if (!polls) return { ready: true, detail: "not polling: no report channel here" };
      if (outageSince) {
        return {
          ready: false,
          detail: `the report list cannot be read since ${utcMinute(outageSince)}`,
        };
      }
      // Read, but not stored: the store is what an operator must look at, not the chat API.
      if (storeFailure) {
        return {
          ready: false,
          detail: `reports read from the chat API cannot be stored since ${utcMinute(storeFailure.since)}: ${storeFailure.problem}`,
        };
      }
      if (lastPollAt === undefined) return { ready: false, detail: "first poll under way" };
      return { ready: true, detail: `last poll ${utcMinute(lastPollAt)}` };
    },
    async stop(deadline): Promise<StopSummary> {
      const outcome = await untilDeadline(stopPolling(), deadline);
      return outcome === "timeout"
        ? { finished: [], left: ["a poll still reading (its reports are taken at the next start)"] }
        : NOTHING_IN_FLIGHT;
    },
  };
}
