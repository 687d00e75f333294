// One destination's drainer as a component: it sends what the outbox owes that destination. A
// stop lets the delivery being sent finish; everything else stays in the outbox for the next
// start, so nothing is lost (a delivery cut off mid-send is found in doubt and reconciled then).
import type { Destination } from "../../feed/destination.js";
import type { ReportFeed } from "../../feed/feed.js";
import type { Outbox } from "../../feed/outbox.js";
import { plural } from "../../moderation/plural.js";
import type { Component, Readiness, StopSummary } from "../../runtime/component.js";
import { untilDeadline } from "../lifecycle.js";

export function drainerComponent(
  feed: ReportFeed,
  destination: Destination,
  outbox: Pick<Outbox, "depth">,
): Component {
  const drainer = feed.drainerFor(destination);
  return {
    name: `drainer:${destination.name}`,
    async start() {
      drainer.start();
    },
    readiness(): Readiness {
      const waiting = outbox.depth(destination.name);
      return {
        ready: true,
        detail: waiting === 0 ? "idle" : `${plural(waiting, "delivery", "deliveries")} waiting`,
      };
    },
    async stop(deadline): Promise<StopSummary> {
      const wasSending = drainer.isSending();
      const outcome = await untilDeadline(drainer.stop(), deadline);
      const finished = wasSending && outcome !== "timeout" ? ["the delivery being sent"] : [];
      const waiting = outbox.depth(destination.name);
      const left = [
        ...(outcome === "timeout"
          ? ["a delivery cut off mid-send (checked at the next start)"]
          : []),
        ...(waiting > 0 ? [`${plural(waiting, "delivery", "deliveries")} in the outbox`] : []),
      ];
      return { finished, left };
    },
  };
}
