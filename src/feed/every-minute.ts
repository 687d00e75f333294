// Work the leader does once a minute (and at once when it starts): looking for the shift digest's
// slots, and for cards due a reminder. One look at a time; a look that fails is logged and the
// next one, a minute later, tries again (what it looks for is still there then).
import type { Logger } from "pino";

const MINUTE_MS = 60_000;

export class EveryMinute {
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;

  constructor(
    private readonly look: () => Promise<void>,
    private readonly logger: Pick<Logger, "warn">,
    /** What the log says could not be done: "could not owe the shift digest". */
    private readonly failure: string,
  ) {}

  /** Looks now and once a minute from now on. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.lookNow(), MINUTE_MS);
    this.timer.unref();
    void this.lookNow();
  }

  /** Looks no more; waits for the look under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.looking;
  }

  /** One look now, or the one under way: never two at once. */
  lookNow(): Promise<void> {
    this.looking ??= this.look()
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, `${this.failure}; trying again in a minute`);
      })
      .finally(() => {
        this.looking = undefined;
      });
    return this.looking;
  }
}
