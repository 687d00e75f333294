// One destination's drainer as a component: it sends what the outbox owes that destination. A
// stop lets the delivery being sent finish; everything else stays in the outbox for the next
// start, so nothing is lost (a delivery cut off mid-send is found in doubt and reconciled then).
import type { Destination } from "../../src/feed/destination.js";
import type { ReportFeed } from "../../src/feed/feed.js";
import type { Outbox } from "../../src/feed/outbox.js";
import type { Component, Readiness, StopSummary } from "../../src/runtime/component.js";
import { plural } from "../../src/view/plural.js";
import { untilDeadline } from "../lifecycle.js";

export function drainerComponent(
  feed: ReportFeed,
  destination: Destination,
  outbox: Pick<Outbox, "depth">,
): Component {
  const drainer = feed.drainerFor(destination);
  // Readiness is answered at once, and the outbox is in the store: each answer gives the depth
  // read for the one before, and reads it again for the next (a failed read keeps the last).
  let waiting = 0;
  const readDepth = () =>
    outbox.depth(destination.name).then(
      (depth) => {
        waiting = depth;
        return depth;
      },
      () => undefined,
    );
  return {
    name: `drainer:${destination.name}`,
    async start() {
      drainer.start();
      await readDepth();
    },
    readiness(): Readiness {
      const detail =
        waiting === 0 ? "idle" : `${plural(waiting, "delivery", "deliveries")} waiting`;
      void readDepth();
      return { ready: true, detail };
    },
    async stop(deadline): Promise<StopSummary> {
      const wasSending = drainer.isSending();
      const outcome = await untilDeadline(drainer.stop(), deadline);
      const finished = wasSending && outcome !== "timeout" ? ["the delivery being sent"] : [];
      const left = (await readDepth()) ?? 0;
      return {
        finished,
        left: [
          ...(outcome === "timeout"
            ? ["a delivery cut off mid-send (checked at the next start)"]
            : []),
          ...(left > 0 ? [`${plural(left, "delivery", "deliveries")} in the outbox`] : []),
        ],
      };
    },
  };
}
