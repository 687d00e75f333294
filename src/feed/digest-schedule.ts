// When the shift digest is owed (DIGEST_CRON, read in CHAT_TIMEZONE). A slot is a minute that
// the cron names. The leader looks once a minute (and at start) for the latest slot that has
// come since the last one owed, and owes it (digests.ts), so a digest goes out within a minute of
// its slot. Slots missed while no replica ran are not each posted: at start, only the latest slot
// of the past 24 hours that was not owed yet is, once; older ones are stale. A store that never
// owed a digest (the digest just turned on) owes none from before its first look. Looking is a scan of
// the minutes since it last looked (at most a day's, at start), each matched by node-cron's own
// reading of the expression and time zone.
import cron, { type ScheduledTask } from "node-cron";
import type { Logger } from "pino";
import type { Digests } from "./digests.js";
import { EveryMinute } from "./every-minute.js";

const MINUTE_MS = 60_000;
/** How far back a start looks for a slot missed while no replica ran. */
export const MISSED_SLOT_LOOKBACK_MS = 24 * 60 * MINUTE_MS;

export class DigestSchedule {
  private readonly slots: ScheduledTask;
  /** Minutes up to this one (epoch ms) have been looked at already. */
  private lookedUntil = Number.NEGATIVE_INFINITY;
  private readonly minutes: EveryMinute;

  constructor(
    cronExpression: string,
    timeZone: string,
    private readonly digests: Digests,
    private readonly now: () => Date,
    private readonly logger: Pick<Logger, "info" | "warn">,
  ) {
    // Never started: only its matching is used (the looking is timed here, on `now`).
    this.slots = cron.createTask(cronExpression, () => undefined, { timezone: timeZone });
    this.minutes = new EveryMinute(() => this.look(), logger, "could not owe the shift digest");
  }

  /** Looks now and once a minute from now on. */
  start(): void {
    this.minutes.start();
  }

  stop(): Promise<void> {
    return this.minutes.stop();
  }

  /** Forgets the cron task (node-cron keeps every task it makes in a registry). */
  async destroy(): Promise<void> {
    await this.stop();
    await this.slots.destroy();
  }

  /** One look now, or the one under way: never two at once. */
  lookNow(): Promise<void> {
    return this.minutes.lookNow();
  }

  private async look(): Promise<void> {
    const now = this.now().getTime();
    const thisMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    // Never owed before: from this minute on (the slot of this very minute counts).
    const owedLast = (await this.digests.latestSlot())?.getTime() ?? thisMinute - MINUTE_MS;
    const after = Math.max(owedLast, this.lookedUntil, now - MISSED_SLOT_LOOKBACK_MS);
    const slot = this.latestSlot(after, now);
    if (slot !== undefined) {
      const owed = await this.digests.owe(slot);
      if (owed.length > 0) {
        this.logger.info({ slot: slot.toISOString(), destinations: owed }, "shift digest owed");
      }
    }
    this.lookedUntil = thisMinute;
  }

  /** The latest minute the cron names after `after` and at or before `until` (epoch ms). */
  private latestSlot(after: number, until: number): Date | undefined {
    for (
      let minute = Math.floor(until / MINUTE_MS) * MINUTE_MS;
      minute > after;
      minute -= MINUTE_MS
    ) {
      const at = new Date(minute);
      if (this.slots.match(at)) return at;
    }
    return undefined;
  }
}
