// The state of one long-lived connection to a platform (Discord's gateway, Slack's Socket Mode)
// as /readyz reports it and as the log tells it. A library reconnecting every 500 ms must not
// fill the log: an outage is two lines, one warning when the connection goes down and one line
// when it is back, saying how long it took and how many tries. The tries themselves are debug.
import type { Logger } from "../log.js";
import type { Readiness } from "./component.js";
import { utcMinuteSince } from "./utc-minute.js";

type Phase = "connecting" | "up" | "down" | "lost" | "stopped";

/** A reason in /readyz and the log stays short: it is a hint, the debug log has the rest. */
const MAX_REASON_LENGTH = 160;

export class ConnectionState {
  private phase: Phase = "connecting";
  /** When the current spell without a connection began (start-up, or the drop). */
  private since: Date;
  private tries = 0;
  private reason: string | undefined;
  /** Whether it was ever up: a failure before that is "cannot connect", after it "down". */
  private wasUp = false;

  /**
   * @param name what connects, as the log says it: "Discord gateway", "Slack Socket Mode".
   */
  constructor(
    readonly name: string,
    private readonly logger: Pick<Logger, "debug" | "info" | "warn" | "error">,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.since = now();
  }

  /** The first connection is starting (at start-up). */
  connecting(): void {
    if (this.phase === "stopped") return;
    this.phase = "connecting";
    this.since = this.now();
    this.tries = 0;
    this.reason = undefined;
  }

  /** A try to connect (or reconnect) is starting. Counted, and logged at debug only. */
  attempt(): void {
    if (this.phase === "up" || this.phase === "stopped") return;
    this.tries += 1;
    const what = this.wasUp ? "reconnecting" : "connecting";
    this.logger.debug({ try: this.tries }, `${this.name}: ${what}, try ${this.tries}`);
  }

  /**
   * The connection is lost, or a try failed. Logged once per outage; while it lasts, a call
   * only updates the reason (at debug).
   */
  down(reason: string): void {
    if (this.phase === "stopped" || this.phase === "lost") return;
    const short = shorten(reason);
    if (this.phase === "down") {
      if (short !== this.reason) this.logger.debug({ reason: short }, `${this.name}: ${short}`);
      this.reason = short;
      return;
    }
    this.reason = short;
    if (this.phase === "up") {
      this.since = this.now();
      this.tries = 0;
      this.phase = "down";
      this.logger.warn({ reason: short }, `${this.name} down (${short}); reconnecting`);
    } else {
      // Still starting: the spell began at start-up, and the tries so far count.
      this.phase = "down";
      this.logger.warn({ reason: short }, `${this.name} cannot connect (${short}); retrying`);
    }
  }

  /** The connection is up: logs the recovery (how long, how many tries), once. */
  up(): void {
    if (this.phase === "up" || this.phase === "stopped") return;
    const failed = this.phase === "down" || this.phase === "lost" || this.tries > 1;
    const elapsedMs = this.now().getTime() - this.since.getTime();
    // As the message says it: tenths under 10 s, whole seconds above.
    const downSeconds =
      elapsedMs < 10_000 ? Math.round(elapsedMs / 100) / 10 : Math.round(elapsedMs / 1000);
    const tries = Math.max(this.tries, 1);
    const took = `after ${duration(elapsedMs)}, ${count(tries)}`;
    if (!failed) this.logger.info(`${this.name} connected`);
    else if (this.wasUp) this.logger.info({ downSeconds, tries }, `${this.name} back ${took}`);
    else this.logger.info({ downSeconds, tries }, `${this.name} connected ${took}`);
    this.phase = "up";
    this.wasUp = true;
    this.tries = 0;
    this.reason = undefined;
  }

  /** Closed for good (a revoked token): no more tries will be made. */
  lost(reason: string): void {
    if (this.phase === "stopped" || this.phase === "lost") return;
    if (this.phase === "up") this.since = this.now();
    this.phase = "lost";
    this.reason = shorten(reason);
    const message = this.wasUp
      ? `${this.name} closed (${this.reason}); not reconnecting`
      : `${this.name} cannot connect (${this.reason}); not retrying`;
    this.logger.error({ reason: this.reason }, message);
  }

  /** The bot is stopping it: what follows (close events) is not an outage. */
  stopped(): void {
    this.phase = "stopped";
  }

  readiness(): Readiness {
    switch (this.phase) {
      case "up":
        return { ready: true, detail: "connected" };
      case "stopped":
        return { ready: false, detail: "stopped" };
      case "connecting":
        return {
          ready: false,
          detail: this.tries > 1 ? `connecting (${count(this.tries)})` : "connecting",
        };
      case "lost":
        return {
          ready: false,
          detail: this.wasUp
            ? `closed since ${this.when()}: ${this.reason}; not reconnecting`
            : `cannot connect: ${this.reason}; not retrying`,
        };
      case "down": {
        const what = this.wasUp ? "reconnecting" : "connecting";
        const tries = this.tries > 0 ? ` (${count(this.tries)})` : "";
        return { ready: false, detail: `${what} since ${this.when()}${tries}: ${this.reason}` };
      }
    }
  }

  /** "12:03 UTC", with the date when that was not today (UTC). */
  private when(): string {
    return utcMinuteSince(this.since, this.now());
  }
}

/** "0.4 s", "42 s", "3 min 5 s", "2 h 4 min". */
export function duration(ms: number): string {
  const seconds = Math.max(ms, 0) / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

function count(tries: number): string {
  return tries === 1 ? "1 try" : `${tries} tries`;
}

function shorten(reason: string): string {
  const line = reason.replace(/\s+/g, " ").trim() || "no reason given";
  return line.length > MAX_REASON_LENGTH ? `${line.slice(0, MAX_REASON_LENGTH - 1)}…` : line;
}
