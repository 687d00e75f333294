// The ban sync (src/moderation/ban-sync.ts) on BAN_SYNC_CRON, as a part of leader work: only the
// leading replica syncs, never two syncs at once in this process. A sync that fails (the chat
// API cannot be read, an item of the list cannot be read, the store cannot be written) records
// nothing; the failure is one warning when it starts and one line when it ends, however many
// runs fail between, and the next run syncs from the list as the last good sync stored it.
import { EventEmitter } from "node:events";
import cron, { type ScheduledTask } from "node-cron";
import type { Logger } from "../../src/log.js";
import type { BanSync, BanSyncResult } from "../../src/moderation/ban-sync.js";
import {
  type Component,
  NOTHING_IN_FLIGHT,
  type Readiness,
  type StopSummary,
} from "../../src/runtime/component.js";
import { utcMinute } from "../../src/runtime/utc-minute.js";
import { untilDeadline } from "../lifecycle.js";

export class BanSyncComponent implements Component {
  readonly name = "ban-sync";
  /** "synced" after each run that stored its list, "failed" after each that did not. */
  readonly events = new EventEmitter<{ synced: [BanSyncResult]; failed: [unknown] }>();
  private task: ScheduledTask | undefined;
  private running: Promise<void> | undefined;
  private failingSince: Date | undefined;
  private lastSyncAt: Date | undefined;
  private readonly logger: Logger;

  constructor(
    private readonly sync: BanSync,
    private readonly schedule: string,
    logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.logger = logger.child({ component: "ban-sync" });
  }

  async start(): Promise<void> {
    this.task = cron.schedule(this.schedule, () => this.syncNow(), { noOverlap: true });
  }

  quiesce(): void {
    void this.task?.destroy();
    this.task = undefined;
  }

  async stop(deadline: number): Promise<StopSummary> {
    this.quiesce();
    const outcome = await untilDeadline(this.running ?? Promise.resolve(), deadline);
    return outcome === "timeout"
      ? { finished: [], left: ["a ban sync (it records nothing unless it finishes)"] }
      : NOTHING_IN_FLIGHT;
  }

  /** A failing sync is worth a line in the logs, not an unready replica: nothing waits on it. */
  readiness(): Readiness {
    if (this.failingSince) {
      return { ready: true, detail: `ban sync failing since ${utcMinute(this.failingSince)}` };
    }
    return {
      ready: true,
      detail: this.lastSyncAt ? `last ban sync ${utcMinute(this.lastSyncAt)}` : "no ban sync yet",
    };
  }

  /** One sync now, or the one already running. */
  syncNow(): Promise<void> {
    this.running ??= this.syncOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async syncOnce(): Promise<void> {
    let result: BanSyncResult;
    try {
      result = await this.sync.sync();
    } catch (error) {
      if (!this.failingSince) {
        this.failingSince = this.now();
        this.logger.warn(
          { error: error instanceof Error ? error.message : String(error) },
          "ban sync: bans made elsewhere cannot be synced; nothing was recorded, the next run tries again",
        );
      }
      this.events.emit("failed", error);
      return;
    }
    if (this.failingSince) {
      this.logger.info(
        { outageSeconds: Math.round((this.now().getTime() - this.failingSince.getTime()) / 1000) },
        "ban sync: synced again",
      );
      this.failingSince = undefined;
    }
    if (result.kind === "synced") {
      this.lastSyncAt = this.now();
      if (result.first || result.recorded.length > 0) {
        this.logger.info(
          { first: result.first, recorded: result.recorded.length, listed: result.listed },
          result.first
            ? "ban sync: first sync of this store; the bans found are recorded, not posted"
            : "ban sync: recorded bans made or lifted outside chatwarden",
        );
      }
    }
    this.events.emit("synced", result);
  }
}
