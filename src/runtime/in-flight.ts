// Work an adapter has accepted and not finished: commands running, answers being posted. Every
// piece is caught and logged here, so a failure (a platform down, a bug) never becomes an
// unhandled rejection that ends the process; and a stop waits for what is under way, so the
// core is never closed under a running command.
import type { Logger } from "../log.js";

export class InFlight {
  private readonly running = new Set<Promise<void>>();
  private isClosed = false;

  constructor(
    private readonly logger: Logger,
    /** What the log calls a failure: "Discord work failed". */
    private readonly failureMessage: string,
  ) {}

  /** Runs `work` to its end; a failure is logged under `label`, never thrown. */
  run(label: string, work: () => Promise<void>): Promise<void> {
    const settled = Promise.resolve()
      .then(work)
      .catch((error: unknown) => {
        this.logger.error({ err: error, work: label }, this.failureMessage);
      });
    return this.track(settled);
  }

  /** Keeps a promise that already handles its own failure. */
  track(promise: Promise<void>): Promise<void> {
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
    return promise;
  }

  /** Takes no more work: the adapter is stopping. What is under way goes on. */
  close(): void {
    this.isClosed = true;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** How many pieces are under way. */
  get size(): number {
    return this.running.size;
  }

  /** Waits for everything under way, at most `timeoutMs`; answers how many pieces were left. */
  async drain(timeoutMs: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, timeoutMs));
    });
    await Promise.race([Promise.allSettled([...this.running]), deadline]);
    clearTimeout(timer);
    return this.running.size;
  }
}
