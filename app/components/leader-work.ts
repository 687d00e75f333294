// The work only the leading replica does (src/runtime/leadership.ts): the Discord gateway
// session, the report poller, the ban sync and the outbox drainers. The parts register here instead of in the
// app's lifecycle; while this replica leads they run in a lifecycle of their own, started in the
// order they were registered, and when it stops leading (deposed, or stopping) they stop at once,
// in reverse. A part registered while leading (a platform's drainers once it is up) starts then.
// With SQLite there is one process: it leads from the start, so this is the app as before.
import type { Logger } from "../../src/log.js";
import type { Component, Readiness, StopSummary } from "../../src/runtime/component.js";
import { NOTHING_IN_FLIGHT } from "../../src/runtime/component.js";
import { DEPOSED_STOP_MS, type LeaderInfo, type Leadership } from "../../src/runtime/leadership.js";
import { utcMinute } from "../../src/runtime/utc-minute.js";
import { Lifecycle } from "../lifecycle.js";

/**
 * How often a replica refreshes who leads, for /readyz and /metrics: a standby that names a
 * leader which has died is wrong for at most this long.
 */
const LEADER_REFRESH_MS = 2_000;
/** How long reading who leads may take before the database counts as not answering. */
const LEADER_READ_TIMEOUT_MS = 2_000;

/** Who leads, as last read from the database: someone (maybe this replica), nobody, or unknown. */
type LeaderSighting =
  | { kind: "leader"; leader: LeaderInfo }
  | { kind: "none"; since: number }
  | { kind: "unknown"; since: number; why: string };

export type PartFactory = () => Component | Promise<Component>;

export class LeaderWork implements Component {
  readonly name = "leader";
  private readonly parts = new Map<string, PartFactory>();
  private running: Lifecycle | undefined;
  /** Starting or stopping the parts: one change at a time. */
  private change: Promise<void> = Promise.resolve();
  private stopped = false;
  private sighting: LeaderSighting | undefined;
  private refreshing = false;
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

  /**
   * Adds a part for this term of leadership only: one that a part of leader work made (the Discord
   * session's drainers, which post through that session's client). It stops with the term and is
   * forgotten then, so a later term never runs it with a client that has been destroyed; the next
   * session registers its own. A part of that name already running is replaced.
   *
   * Not queued behind start and stop changes like `register`: it is called from inside a part
   * (Discord, once its session is up), and a stop of the term waits for that part's start-up, so
   * queueing would deadlock. The term's lifecycle itself refuses a part once its stop has begun.
   */
  async registerForTerm(name: string, factory: PartFactory): Promise<void> {
    const lifecycle = this.running;
    if (!lifecycle) return;
    await lifecycle.remove(name);
    await lifecycle.add(await factory());
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

  /**
   * Ready on the leader and on a standby that sees a leader; not ready while no replica leads
   * (the feed, the audit posts and Discord are stopped for everyone) or while who leads cannot be
   * read, each saying since when: an operator's probe must not call a leaderless set "ready".
   */
  readiness(): Readiness {
    if (this.leadership.leading) return { ready: true, detail: "this replica leads" };
    const sighting = this.sighting;
    if (sighting === undefined)
      return { ready: false, detail: "not known yet which replica leads" };
    switch (sighting.kind) {
      case "leader":
        if (sighting.leader.holder === this.leadership.self) {
          return {
            ready: false,
            detail: "taking over: this replica holds the lock and waits out the previous leader",
          };
        }
        return {
          ready: true,
          detail: `standby: ${sighting.leader.holder} leads since ${utcMinute(new Date(sighting.leader.since))}`,
        };
      case "none":
        return {
          ready: false,
          detail: `no replica leads since ${utcMinute(new Date(sighting.since))}`,
        };
      case "unknown":
        return {
          ready: false,
          detail: `cannot tell which replica leads since ${utcMinute(new Date(sighting.since))}: ${sighting.why}`,
        };
    }
  }

  /** The readiness of the parts running while this replica leads, by name. */
  partsReadiness(): Record<string, Readiness> {
    return this.running?.readiness() ?? {};
  }

  /** Who leads, as last seen: this replica, another, or none. */
  currentLeader(): LeaderInfo | undefined {
    return this.sighting?.kind === "leader" ? this.sighting.leader : undefined;
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
    // A stalled database would hold a read for minutes: one read at a time, and a bounded one.
    if (this.refreshing) return;
    this.refreshing = true;
    const before = this.sighting;
    let timer: NodeJS.Timeout | undefined;
    try {
      const leader = await Promise.race([
        this.leadership.current(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new Error(`the database did not answer within ${LEADER_READ_TIMEOUT_MS / 1000} s`),
              ),
            LEADER_READ_TIMEOUT_MS,
          );
        }),
      ]);
      this.sighting = leader
        ? { kind: "leader", leader }
        : { kind: "none", since: before?.kind === "none" ? before.since : Date.now() };
    } catch (error) {
      this.sighting = {
        kind: "unknown",
        since: before?.kind === "unknown" ? before.since : Date.now(),
        why: error instanceof Error ? error.message : String(error),
      };
    } finally {
      clearTimeout(timer);
      this.refreshing = false;
    }
  }
}
