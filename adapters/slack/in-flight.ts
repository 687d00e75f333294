// The adapter's work after an ack: commands running, answers being posted, audit posts. Every
// piece is caught and logged here, so a failure (Slack down, a bug) never becomes an unhandled
// rejection that ends the process; and stopping the adapter waits for what is under way, so the
// core is never closed under a running command.
import type { Logger } from "../../src/log.js";

export class InFlight {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Runs `work` to its end; a failure is logged under `label`, never thrown. */
  run(label: string, work: () => Promise<void>): Promise<void> {
    const settled = Promise.resolve()
      .then(work)
      .catch((error: unknown) => {
        this.logger.error({ err: error, work: label }, "Slack work failed");
      });
    return this.track(settled);
  }

  /** Keeps a promise that already handles its own failure. */
  track(promise: Promise<void>): Promise<void> {
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
    return promise;
  }

  /** Waits for everything under way, at most `timeoutMs`. */
  async drain(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([...this.running]), deadline]);
    clearTimeout(timer);
  }
}
