// One drainer per destination sends what the outbox owes it, one delivery at a time and in order,
// paced to the platform's limits. A failure worth retrying pauses this destination (capped
// backoff, or the platform's Retry-After) and never touches another destination; a permanent one
// is given up and logged with its reason. A post whose attempt may have reached the platform
// (its answer lost) goes back in line in doubt, and so does one in doubt whose lookup failed: it
// is looked up before it is posted again, until a lookup or a post settles it. The drainer wakes
// when this process owes something new and also checks the outbox every second, because other
// processes sharing the store (a one-shot `chatwarden ban`, another replica recording a case)
// owe audit posts too.
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import { PLAIN_PRESENTATION, type Presentation, presenting } from "../i18n/presentation.js";
import type { View } from "../view/view.js";
import type { Destination } from "./destination.js";
import type { DeliveryMetrics, DeliveryResult } from "./feed-metrics.js";
import { type Delivery, LEASE_MS, type Outbox } from "./outbox.js";
import { hostPaceClock, type PaceClock, Pacer } from "./pacer.js";
import type { ReportStore } from "./report-store.js";

/**
 * What a delivery shows, rendered from the store when it is sent (so the newest state), for the
 * destination it goes to (a reminder links the cards' messages there).
 */
export type DeliveryContent = (
  delivery: Delivery,
  destination: Destination,
) => Promise<View | undefined>;

export interface DrainerTiming {
  /** How often the outbox is checked for work other processes added. */
  checkEveryMs: number;
  firstRetryMs: number;
  maxRetryMs: number;
  /** An edit waiting for its card's post is looked at again after this long. */
  waitForPostMs: number;
}

export const DEFAULT_TIMING: DrainerTiming = {
  checkEveryMs: 1_000,
  firstRetryMs: 1_000,
  maxRetryMs: 5 * 60_000,
  waitForPostMs: 1_000,
};

export class OutboxDrainer {
  private readonly pacer: Pacer | undefined;
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;
  private sending = false;
  private wake: (() => void) | undefined;
  private readonly onEnqueued = (destination: string) => {
    if (destination === this.destination.name) this.wake?.();
  };

  constructor(
    private readonly destination: Destination,
    private readonly outbox: Outbox,
    private readonly reports: ReportStore,
    private readonly content: DeliveryContent,
    private readonly logger: Pick<Logger, "info" | "warn" | "error">,
    private readonly timing: DrainerTiming = DEFAULT_TIMING,
    private readonly now: () => number = Date.now,
    private readonly metrics?: DeliveryMetrics,
    /** What the pace counts by and waits on; the host's, read through `now`, unless a test's. */
    paceClock: PaceClock = hostPaceClock(now),
    /** How what it sends is presented: the team's language and zone (everyone sees it). */
    private readonly presentation: Presentation = PLAIN_PRESENTATION,
  ) {
    this.pacer = destination.pace ? new Pacer(destination.pace, paceClock) : undefined;
  }

  start(): void {
    this.outbox.events.on("enqueued", this.onEnqueued);
    // Every await of the loop, each delivery's content and its platform payload, is presented so.
    this.running ??= presenting(this.presentation, () => this.loop());
  }

  /** Whether a delivery is being sent right now (a stop waits for it). */
  isSending(): boolean {
    return this.sending;
  }

  /** Stops taking deliveries; waits for the one being sent. Unsent ones wait for the next start. */
  async stop(): Promise<void> {
    this.outbox.events.off("enqueued", this.onEnqueued);
    this.stopping.abort();
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      let delivery: Delivery | undefined;
      try {
        delivery = await this.outbox.claimNext(this.destination.name);
      } catch (error) {
        this.logger.error({ err: error, destination: this.destination.name }, "outbox unreadable");
      }
      if (!delivery) {
        await this.idle();
        continue;
      }
      this.sending = true;
      let pauseMs: number;
      try {
        pauseMs = await this.send(delivery);
      } catch (error) {
        // The store failed while recording how it went: the lease runs out, and the delivery is
        // taken again, in doubt, rather than lost.
        this.logger.error(
          { err: error, destination: this.destination.name, delivery: delivery.id },
          "outbox unwritable",
        );
        pauseMs = this.timing.checkEveryMs;
      } finally {
        this.sending = false;
      }
      // Paused for the platform's sake: new work does not end this pause, only a stop does.
      if (pauseMs > 0) await this.pause(pauseMs, false);
    }
  }

  /** Sends one delivery and records how it went; answers how long to pause the destination. */
  private async send(delivery: Delivery): Promise<number> {
    const name = this.destination.name;
    // Once the message exists, a failure to record it must not count as a failed post (a retry
    // would post it again): the lease runs out and the delivery is taken in doubt, and found.
    let posted = false;
    // Whether the platform was asked to post: only then can a failure have posted it.
    let postSent = false;
    try {
      const view = await this.content(delivery, this.destination);
      if (!view) {
        await this.outbox.giveUp(
          delivery.id,
          `its ${delivery.kind} subject ${delivery.subject} is gone`,
        );
        this.count(delivery, "given_up");
        return 0;
      }
      if (delivery.kind === "edit-card") return await this.sendEdit(delivery, view);
      if (delivery.inDoubt) {
        const found = await this.destination.findPosted(delivery.key, delivery.attempted);
        if (found !== undefined) {
          posted = true;
          this.logger.info(
            { destination: name, delivery: delivery.id },
            "a delivery in doubt after a restart had been posted; not posting it again",
          );
          await this.finish(delivery, found);
          this.count(delivery, "already_posted");
          return 0;
        }
      }
      await this.pacer?.take(this.stopping.signal);
      if (!(await this.stillOurs(delivery))) return 0;
      postSent = true;
      const ref = await this.destination.post(view, delivery.key);
      posted = true;
      await this.finish(delivery, ref);
      this.count(delivery, "sent");
      if (delivery.kind === "post-card") await this.observeLag(delivery);
      return 0;
    } catch (error) {
      if (posted) throw error;
      return await this.failed(delivery, error, postSent);
    }
  }

  private async sendEdit(delivery: Delivery, view: View): Promise<number> {
    const ref = await this.reports.messageRef(delivery.subject, this.destination.name);
    if (ref === undefined) {
      if (await this.outbox.postOwed(delivery.subject, this.destination.name)) {
        // The post has not gone yet: the edit waits for it, then shows the state at that time.
        await this.outbox.defer(delivery.id, this.now() + this.timing.waitForPostMs);
      } else {
        await this.outbox.complete(delivery.id, undefined);
        this.count(delivery, "skipped");
      }
      return 0;
    }
    await this.pacer?.take(this.stopping.signal);
    if (!(await this.stillOurs(delivery))) return 0;
    await this.destination.edit(ref, view);
    await this.outbox.complete(delivery.id, ref);
    this.count(delivery, "sent");
    return 0;
  }

  /**
   * Whether this process may still send `delivery`: true at once while its lease has time left,
   * else after renewing it (a long wait for the platform's pace). A lease another replica took
   * over meanwhile is left to it, which then asks the platform whether this one was posted.
   */
  private async stillOurs(delivery: Delivery): Promise<boolean> {
    if (this.now() < delivery.leaseUntil - LEASE_MS / 2) return true;
    if (await this.outbox.renew(delivery)) return true;
    this.logger.warn(
      { destination: this.destination.name, delivery: delivery.id },
      "a delivery's lease was taken over while it waited; leaving it to the new holder",
    );
    return false;
  }

  /** The message exists: its reference is kept with the card, then the delivery is done. */
  private async finish(delivery: Delivery, ref: string): Promise<void> {
    await this.reports.transaction(async () => {
      if (delivery.kind === "post-card") {
        await this.reports.saveMessageRef(delivery.subject, this.destination.name, ref);
      }
      await this.outbox.complete(delivery.id, ref);
    });
  }

  /** `postSent`: this attempt asked the platform to post, so its failure may have posted. */
  private async failed(delivery: Delivery, error: unknown, postSent: boolean): Promise<number> {
    const name = this.destination.name;
    if (this.stopping.signal.aborted && isAbort(error)) {
      // Stopped while waiting for the pacer: nothing was sent, so nothing counts.
      await this.outbox.defer(delivery.id, this.now());
      return 0;
    }
    const verdict = this.destination.classify(error);
    this.count(delivery, verdict.retry ? "retry" : "given_up");
    // Only a rate limit comes with the platform's own wait (Retry-After): see the classifiers.
    if (verdict.retry && verdict.afterMs !== undefined) this.metrics?.rateLimitedAt(name);
    if (!verdict.retry) {
      await this.outbox.giveUp(delivery.id, verdict.reason);
      this.logger.error(
        { destination: name, delivery: delivery.id, kind: delivery.kind, reason: verdict.reason },
        "gave up a delivery: the platform refused it",
      );
      return 0;
    }
    const mayHavePosted = postSent && verdict.mayHaveTakenEffect === true;
    const attemptedUntil = this.inDoubtUntil(delivery, mayHavePosted);
    const waitMs = verdict.afterMs ?? this.backoffMs(delivery, attemptedUntil !== undefined);
    if (attemptedUntil === undefined) {
      await this.outbox.retry(delivery.id, this.now() + waitMs, verdict.reason);
    } else {
      await this.outbox.retryInDoubt(
        delivery.id,
        this.now() + waitMs,
        verdict.reason,
        attemptedUntil,
      );
    }
    this.logger.warn(
      {
        destination: name,
        delivery: delivery.id,
        attempt: delivery.attempts,
        retryInMs: waitMs,
        reason: verdict.reason,
        ...(attemptedUntil === undefined ? {} : { inDoubt: true }),
      },
      attemptedUntil === undefined
        ? "delivery failed; will retry"
        : "delivery failed and may have been posted; it is looked up before it is tried again",
    );
    if (verdict.afterMs !== undefined) this.pacer?.pause(verdict.afterMs);
    return waitMs;
  }

  /**
   * The drainer's own wait before the next attempt: doubling from the first, capped, and for a
   * post in doubt no longer than its destination still recognises a repeat.
   */
  private backoffMs(delivery: Delivery, inDoubt: boolean): number {
    const backoff = Math.min(
      this.timing.firstRetryMs * 2 ** Math.max(0, delivery.attempts - 1),
      this.timing.maxRetryMs,
    );
    const within = inDoubt ? this.destination.retryInDoubtWithinMs : undefined;
    return within === undefined ? backoff : Math.min(backoff, within);
  }

  /**
   * Until when a post's attempts may have posted it, when it stays in doubt after a failure: this
   * attempt's post may have reached the platform (`mayHavePosted`: its answer was lost), or an
   * earlier one may have and neither a lookup nor a post has settled that yet. Only a post that
   * succeeds, or one found by a lookup, ends the doubt. Undefined: nothing of it can be on the
   * platform. An edit is never in doubt: sent twice, it shows the same.
   */
  private inDoubtUntil(delivery: Delivery, mayHavePosted: boolean): number | undefined {
    if (delivery.kind === "edit-card") return undefined;
    if (mayHavePosted) return this.now();
    return delivery.inDoubt ? delivery.attempted.until : undefined;
  }

  private count(delivery: Delivery, result: DeliveryResult): void {
    this.metrics?.delivered(this.destination.name, delivery.kind, result);
  }

  /** The feed's lag: every report on a card just posted, from its create_at until now. */
  private async observeLag(delivery: Delivery): Promise<void> {
    if (!this.metrics) return;
    let reports: readonly { create_at: string }[];
    try {
      reports = await this.reports.cardReports(delivery.subject);
    } catch {
      // The post is done and recorded; a store hiccup here must not make it look failed.
      return;
    }
    this.metrics.cardPosted(
      this.destination.name,
      reports.map((report) => report.create_at),
      new Date(this.now()),
    );
  }

  /** Waits for new work: a wake-up from this process, the next due delivery, or the next check. */
  private async idle(): Promise<void> {
    // Unreadable, the outbox is looked at again at the next check.
    const nextDue = await this.outbox.nextDueAt(this.destination.name).catch(() => undefined);
    const untilDue = nextDue === undefined ? Number.POSITIVE_INFINITY : nextDue - this.now();
    await this.pause(Math.max(0, Math.min(untilDue, this.timing.checkEveryMs)), true);
  }

  /** Sleeps `ms`, ended early by a stop, and by new work when `wakeOnWork`. */
  private async pause(ms: number, wakeOnWork: boolean): Promise<void> {
    if (this.stopping.signal.aborted) return;
    const woken = new Promise<void>((resolve) => {
      this.wake = wakeOnWork ? resolve : () => this.stopping.signal.aborted && resolve();
    });
    await Promise.race([sleep(ms, undefined, { ref: false }), woken]);
    this.wake = undefined;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}
