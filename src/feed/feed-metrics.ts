// What the feed counts, declared by the feed so it needs nothing of the metrics module: serve's
// Metrics (src/metrics/metrics.ts) implements both, and the one-shot CLI and tests pass none.
import type { DestinationName } from "./destination.js";
import type { DeliveryKind } from "./outbox.js";

export type PollResultLabel = "ok" | "unchanged" | "failed";
export type DeliveryResult = "sent" | "already_posted" | "skipped" | "retry" | "given_up";

/** What a poll counts: each poll by result, and the reports it saw for the first time. */
export interface PollMetrics {
  polled(result: PollResultLabel): void;
  reportsFirstSeen(count: number): void;
}

/** What a drainer counts: deliveries by result, rate limits, and the feed's lag. */
export interface DeliveryMetrics {
  delivered(destination: DestinationName, kind: DeliveryKind, result: DeliveryResult): void;
  rateLimitedAt(destination: DestinationName): void;
  /** A card's first post: the lag from each report's creation (`createdAt`, API local time). */
  cardPosted(destination: DestinationName, createdAt: readonly string[], postedAt: Date): void;
}
