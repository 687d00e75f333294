// The core's outbound path. The report feed and the audit trail do not answer anybody: the core
// speaks first, into a channel. Each platform adapter implements Destination for each channel it
// serves (Discord's report channel, Slack's audit channel, …); the outbox drainer (drainer.ts)
// calls it, one delivery at a time, and keeps every retry, every pause and every crash recovery
// in the store. A destination never retries by itself beyond what its platform library does.

import type { FailureVerdict } from "../runtime/failure-verdict.js";
import type { View } from "../view/view.js";

/** What a destination is for: the report feed or the audit trail. */
export const DESTINATION_PURPOSES = ["report", "audit"] as const;
export type DestinationPurpose = (typeof DESTINATION_PURPOSES)[number];

/**
 * A destination's stable name, stored with every delivery: `discord:report`, `slack:audit`.
 * A process that only records cases (a one-shot CLI) knows these names from the configuration
 * alone, without loading any platform library (see destination-names.ts).
 */
export type DestinationName = `${"discord" | "slack"}:${DestinationPurpose}`;

/**
 * Where a failed attempt leaves a delivery: tried again after `afterMs` or the drainer's own capped
 * backoff, or given up and logged. One verdict for every retry decision in the bot, built from the
 * shared rules in src/runtime/failure-verdict.ts.
 */
export type { FailureVerdict } from "../runtime/failure-verdict.js";

/** How fast a destination may be sent to, so that a burst draws no 429. */
export interface Pace {
  /** Messages that may go out at once after a quiet spell. */
  burst: number;
  /** After the burst, one message per this many milliseconds. */
  intervalMs: number;
}

/**
 * When an earlier attempt at a delivery may have reached the platform, in epoch ms by the clocks
 * of the processes that made it: from when the delivery went in flight (kept when a process
 * takes it over) until the lease of its last sender ran out, since a sender posts only while its
 * lease holds (drainer.ts, stillOurs).
 */
export interface AttemptSpan {
  from: number;
  until: number;
}

export interface Destination {
  readonly name: DestinationName;
  /**
   * The drainer's own pacing; undefined when the platform library already paces by the
   * platform's rate-limit headers (discord.js's REST queue does).
   */
  readonly pace: Pace | undefined;
  /**
   * How long the drainer's own backoff may hold back a post in doubt at the most, for a platform
   * that recognises a repeated post only for a while after the first (Discord keeps a nonce a few
   * minutes): retried this soon, a repeat is recognised unless the platform stays down for most
   * of that while. Undefined when the lookup finds an earlier post however late (Slack). A wait
   * the platform asked for (Retry-After) is kept to all the same.
   */
  readonly retryInDoubtWithinMs?: number;
  /**
   * Posts `view` as a new message and returns its durable reference (a Discord message id, a
   * Slack `channel/ts`), which `edit` is later given. `deliveryKey` is unique per delivery and
   * at most 25 characters: the platform's idempotency handle (Discord's `nonce` with
   * `enforce_nonce`, Slack's message `metadata`), so that a post repeated after a crash can be
   * recognised instead of duplicated.
   */
  post(view: View, deliveryKey: string): Promise<string>;
  /** Replaces the message `ref` with `view` (text and buttons: a view without actions removes them). */
  edit(ref: string, view: View): Promise<void>;
  /**
   * A delivery in doubt (its sender died during `post`, or a `post` failed in a way that may
   * have posted it): the reference of the message an earlier attempt created during `attempted`,
   * or undefined when there is none and posting again is safe. Discord answers undefined: posting
   * again with the same nonce returns the message Discord already created (enforce_nonce).
   */
  findPosted(deliveryKey: string, attempted: AttemptSpan): Promise<string | undefined>;
  /**
   * The address of the message `ref` that a reader can open (a reminder links each card): a
   * Discord message link, a Slack permalink. Absent where the platform has none.
   */
  messageLink?(ref: string): Promise<string>;
  /** Whether a failure of post, edit or findPosted is worth trying again, and when. */
  classify(error: unknown): FailureVerdict;
}
