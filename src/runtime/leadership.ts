// Which replica does the work only one may do: hold the Discord gateway session (two sessions
// would handle every interaction twice), poll the report list, and drain the outbox. With SQLite
// there is one process, which always leads; with PostgreSQL the replicas elect one through the
// database (store/postgres/leader-election.ts).
import { EventEmitter } from "node:events";

/**
 * How long a deposed replica takes at most to stop its leader work; a successor waits this out
 * too (after the old heartbeat) before it starts its own.
 */
export const DEPOSED_STOP_MS = 2_000;

export interface LeaderInfo {
  /** The replica that leads, as the store names processes: `host:pid`. */
  holder: string;
  /** Since when, epoch ms. */
  since: number;
}

export interface Leadership {
  /** This replica's name: `host:pid`. */
  readonly self: string;
  /** Whether this replica leads now. */
  readonly leading: boolean;
  /**
   * `elected` when this replica may start leader work (any earlier leader has stopped its own);
   * `deposed` when it must stop leader work at once (its hold on the database is gone).
   */
  readonly events: EventEmitter<{ elected: []; deposed: [reason: string] }>;
  /** Starts campaigning; resolves once the first attempt has been made. */
  start(): Promise<void>;
  /** Gives leadership up cleanly, after leader work has stopped, so another takes over at once. */
  stop(): Promise<void>;
  /** Who leads now, as the database says (any replica may ask). */
  current(): Promise<LeaderInfo | undefined>;
}

/** One process on SQLite: it leads from the start, and nobody else can. */
export class SoleLeadership implements Leadership {
  readonly events = new EventEmitter<{ elected: []; deposed: [reason: string] }>();
  leading = false;
  private since = 0;

  constructor(readonly self: string) {}

  async start(): Promise<void> {
    this.leading = true;
    this.since = Date.now();
    this.events.emit("elected");
  }

  async stop(): Promise<void> {
    this.leading = false;
  }

  async current(): Promise<LeaderInfo | undefined> {
    return this.leading ? { holder: this.self, since: this.since } : undefined;
  }
}
