// Whether the store can be reached and written, as /readyz says it and the log tells it. Writers
// (cases, the replay guard) report each write's failure or success as it happens; a probe writes
// one row of its own every few seconds, with a time limit, so that a store nobody writes to is
// watched too, a stalled connection (no error, no answer) counts as unreachable, and the store's
// return is seen without waiting for the next moderator. An outage is two log lines: one when it
// begins, one when the store answers again. Writes owed from the outage (a case that could not
// be completed, a card claim that could not be released) run then, in order.
import type { Logger } from "../log.js";
import { quietLogger } from "../quiet-logger.js";
import type { Readiness } from "../runtime/component.js";
import { duration } from "../runtime/connection-state.js";
import { utcMinuteSince } from "../runtime/utc-minute.js";

export interface ProbeTiming {
  /** How often the probe writes, whatever the store's state. */
  everyMs: number;
  /** A probe with no answer by then counts as a failure: a stalled socket is an outage. */
  timeoutMs: number;
}

export const PRODUCTION_PROBE: ProbeTiming = { everyMs: 5_000, timeoutMs: 5_000 };

/** What the tracker needs of its store: what to call it, how to word a failure, one write. */
export interface ProbedStore {
  /** As /readyz names it: "PostgreSQL", "SQLite". */
  engine: string;
  /** One sentence about a failure of this store: where it is and what to do. */
  describeFailure: (error: unknown) => string;
  /** One small write of the probe's own, committed. */
  probeWrite: () => Promise<unknown>;
}

/** A write owed from an outage, run once the store answers again. */
interface OwedWrite {
  what: string;
  write: () => Promise<unknown>;
}

export class StoreHealth {
  private outage: { since: Date; problem: string } | undefined;
  private readonly owed: OwedWrite[] = [];
  private paying: Promise<void> | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  /** The probe's write still waiting for its answer: never two at once on a stalled store. */
  private probeInFlight: Promise<void> | undefined;
  // Quiet until serve starts the probe: a one-shot command loads no logger for it.
  private logger: Pick<Logger, "info" | "warn"> = quietLogger;

  constructor(
    private readonly store: ProbedStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A write to the store failed: not ready from now on, until one succeeds (or a probe does). */
  failed(error: unknown): void {
    const problem = this.store.describeFailure(error);
    if (this.outage) {
      this.outage.problem = problem;
      return;
    }
    this.outage = { since: this.now(), problem };
    this.logger.warn({ problem }, `the store cannot be written: ${problem}`);
  }

  /** A write to the store succeeded: it answers. Ends an outage, and pays what it left owed. */
  succeeded(): void {
    const outage = this.outage;
    if (outage) {
      this.outage = undefined;
      const downMs = this.now().getTime() - outage.since.getTime();
      this.logger.info({ downMs }, `the store answers again, after ${duration(downMs)}`);
    }
    if (this.owed.length > 0) void this.payOwed();
  }

  /** Whether the last write (or probe) failed. */
  get down(): boolean {
    return this.outage !== undefined;
  }

  /**
   * Runs `write` once the store answers again: a write that an outage made fail and that must
   * still happen. Several run in the order they were owed; one that fails again stays owed.
   */
  retryWhenBack(what: string, write: () => Promise<unknown>): void {
    this.owed.push({ what, write });
    if (!this.outage) void this.payOwed();
  }

  /** How many writes are owed from an outage. */
  get owedWrites(): number {
    return this.owed.length;
  }

  /** Resolves once every owed write that could be made has been (tests, stopping). */
  async settled(): Promise<void> {
    while (this.paying) await this.paying;
  }

  readiness(): Readiness {
    const outage = this.outage;
    if (!outage) return { ready: true, detail: "ok" };
    const verb = this.store.engine === "PostgreSQL" ? "cannot reach" : "cannot write to";
    const since = utcMinuteSince(outage.since, this.now());
    return {
      ready: false,
      detail: `${verb} ${this.store.engine} since ${since}: ${outage.problem}`,
    };
  }

  /** Starts the probe and the outage log lines (serve's store component). */
  start(logger: Pick<Logger, "info" | "warn">, timing: ProbeTiming = PRODUCTION_PROBE): void {
    this.logger = logger;
    this.stop();
    this.probeTimer = setInterval(() => void this.probe(timing.timeoutMs), timing.everyMs);
    this.probeTimer.unref();
  }

  stop(): void {
    clearInterval(this.probeTimer);
    this.probeTimer = undefined;
  }

  /**
   * One probe: the store's write, reported when it answers, and a failure if it has not by
   * `timeoutMs`. A probe still waiting (a stalled socket) is not doubled: it is waited for.
   */
  probe(timeoutMs: number = PRODUCTION_PROBE.timeoutMs): Promise<void> {
    if (this.probeInFlight) return this.probeInFlight;
    const write = this.store.probeWrite().then(
      () => this.succeeded(),
      (error: unknown) => this.failed(error),
    );
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.failed(new Error(`no answer within ${duration(timeoutMs)}`));
        resolve();
      }, timeoutMs);
    });
    this.probeInFlight = write.finally(() => {
      clearTimeout(timer);
      this.probeInFlight = undefined;
    });
    return Promise.race([this.probeInFlight, deadline]);
  }

  private payOwed(): Promise<void> {
    this.paying ??= (async () => {
      while (this.owed.length > 0 && !this.outage) {
        const next = this.owed[0];
        if (!next) break;
        try {
          await next.write();
          this.owed.shift();
          this.logger.info({ owed: next.what }, `done now that the store answers: ${next.what}`);
        } catch (error) {
          // Still down: it stays first in line for the store's next return.
          this.failed(error);
        }
      }
    })().finally(() => {
      this.paying = undefined;
    });
    return this.paying;
  }
}
