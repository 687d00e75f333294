// The work only the leading replica does (src/runtime/leadership.ts): the Discord gateway
// session, the report poller and the outbox drainers. The parts register here instead of in the
// app's lifecycle; while this replica leads they run in a lifecycle of their own, started in the
// order they were registered, and when it stops leading (deposed, or stopping) they stop at once,
// in reverse. A part registered while leading (a platform's drainers once it is up) starts then.
// With SQLite there is one process: it leads from the start, so this is the app as before.
import type { Logger } from "../../log.js";
import type { Component, Readiness, StopSummary } from "../../runtime/component.js";
import { NOTHING_IN_FLIGHT } from "../../runtime/component.js";
import { DEPOSED_STOP_MS, type LeaderInfo, type Leadership } from "../../runtime/leadership.js";
import { utcMinute } from "../../runtime/utc-minute.js";
import { Lifecycle } from "../lifecycle.js";

/** How often a standby refreshes who leads, for /readyz and /metrics. */
const LEADER_REFRESH_MS = 5_000;

export type PartFactory = () => Component | Promise<Component>;

export class LeaderWork implements Component {
  readonly name = "leader";
  private readonly parts = new Map<string, PartFactory>();
  private running: Lifecycle | undefined;
  /** Starting or stopping the parts: one change at a time. */
  private change: Promise<void> = Promise.resolve();
  private stopped = false;
  private leader: LeaderInfo | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly leadership: Leadership,
    private readonly logger: Logger,
  ) {}

  /**
   * Adds a part that runs only while this replica leads, under `name` (a later registration of
   * the same name replaces it: a platform that comes up again registers its drainers again).
   */
  register(name: string, factory: PartFactory): Promise<void> {
    const known = this.parts.has(name);
    this.parts.set(name, factory);
    if (known || !this.running) return Promise.resolve();
    return this.serially(async () => {
      await this.running?.add(await factory());
    });
  }

  async start(): Promise<void> {
    this.leadership.events.on("elected", this.onElected);
    this.leadership.events.on("deposed", this.onDeposed);
    await this.leadership.start();
    await this.refreshLeader();
    this.refreshTimer = setInterval(() => void this.refreshLeader(), LEADER_REFRESH_MS);
    this.refreshTimer.unref();
  }

  /** Resolves once the parts have started, if this replica leads (tests, the first poll). */
  settled(): Promise<void> {
    return this.change;
  }

  quiesce(): void {
    this.stopped = true;
  }

  async stop(deadline: number): Promise<StopSummary> {
    this.stopped = true;
    clearInterval(this.refreshTimer);
    this.leadership.events.off("elected", this.onElected);
    this.leadership.events.off("deposed", this.onDeposed);
    let summary = NOTHING_IN_FLIGHT;
    await this.serially(async () => {
      summary = (await this.running?.stop(Math.max(0, deadline - Date.now()))) ?? summary;
      this.running = undefined;
    });
    // Only now, with leader work stopped, may another replica take over: at once.
    await this.leadership.stop();
    return summary;
  }

  readiness(): Readiness {
    if (this.leadership.leading) return { ready: true, detail: "this replica leads" };
    const leader = this.leader;
    return {
      ready: true,
      detail: leader
        ? `standby: ${leader.holder} leads since ${utcMinute(new Date(leader.since))}`
        : "standby: no replica leads right now",
    };
  }

  /** The readiness of the parts running while this replica leads, by name. */
  partsReadiness(): Record<string, Readiness> {
    return this.running?.readiness() ?? {};
  }

  /** Who leads, as last seen: this replica, another, or none. */
  currentLeader(): LeaderInfo | undefined {
    return this.leader;
  }

  private readonly onElected = () => {
    void this.serially(async () => {
      if (this.stopped || this.running || !this.leadership.leading) return;
      const lifecycle = new Lifecycle(this.logger, false);
      this.running = lifecycle;
      for (const factory of this.parts.values()) {
        if (!this.leadership.leading) break;
        await lifecycle.add(await factory());
      }
    });
    void this.refreshLeader();
  };

  private readonly onDeposed = (reason: string) => {
    void this.serially(async () => {
      const lifecycle = this.running;
      this.running = undefined;
      if (!lifecycle) return;
      this.logger.warn({ reason }, "leader work stops: another replica may lead now");
      // Quick: another replica starts leading once it has waited out this one's heartbeat and
      // this stop.
      await lifecycle.stop(DEPOSED_STOP_MS);
    });
    void this.refreshLeader();
  };

  private serially(work: () => Promise<void>): Promise<void> {
    this.change = this.change.then(work).catch((error: unknown) => {
      this.logger.error({ err: error }, "leader work could not start or stop a part");
    });
    return this.change;
  }

  private async refreshLeader(): Promise<void> {
    try {
      this.leader = await this.leadership.current();
    } catch {
      // Who leads is for display: the store's own readiness says when it cannot be read.
    }
  }
}
