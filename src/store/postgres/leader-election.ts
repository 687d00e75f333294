// Replicas on one PostgreSQL elect their leader with a session advisory lock, held on a
// connection of its own (not the pool's, whose connections come and go).
//
// Each replica is one state machine with exactly one timer and at most one lock connection:
//
//   campaigning ──lock taken──▶ waiting out ──fence passed──▶ leading
//        ▲                         │                             │
//        └──── connection lost ────┴──── connection lost ────────┘      any ──stop()──▶ stopped
//
// - campaigning: every `campaignEveryMs`, connect if needed and try `pg_try_advisory_lock`. A
//   failure (the database is down) drops the connection and tries again at the next tick.
// - waiting out: the lock is ours, but the previous leader did not let go cleanly (it was killed,
//   or its session was cut). It notices within one heartbeat and its timeout, and stops within
//   DEPOSED_STOP_MS: only after all three may this one lead, so there are never two gateway
//   sessions or two pollers. A leader that stops gracefully marks the `leader` row released before
//   it unlocks, and its successor leads at once.
// - leading: a heartbeat on the lock connection every `heartbeatEveryMs`. When it fails or times
//   out, the server may already have let go of the lock: the replica is deposed at once and
//   campaigns again.
// Every step that awaits the database belongs to one `term` (a connection's life); when the
// connection is lost, the term ends and whatever its steps were awaiting is ignored. No
// interleaving of failures can therefore fork a second campaign, leak a heartbeat, or lead on a
// connection other than the one holding the lock. (An earlier version scheduled a campaign both
// from its failure handler and after it: each failed try during an outage forked another chain,
// and after the outage a replica held the lock on one connection while watching another.)
//
// A frozen leader (SIGSTOP) keeps its session and so its lock: the orchestrator's liveness probe
// (/healthz stops answering) is what ends it. TCP keepalives are shortened on the lock connection
// so that a dead host's session is ended by the server within seconds, not the default two hours.
import { EventEmitter } from "node:events";
import pg from "pg";
import { z } from "zod";
import type { Logger } from "../../log.js";
import { DEPOSED_STOP_MS, type LeaderInfo, type Leadership } from "../../runtime/leadership.js";
import { PROCESS_OWNER } from "../process-owner.js";

/** The advisory lock key of leadership: "cwld" in ASCII; migrations use another. */
export const LEADER_LOCK_KEY = 0x63776c64;

/** The lock connection's application_name: pg_stat_activity shows which replica holds which. */
export const LOCK_CONNECTION_NAME = "chatwarden leader election";

export interface ElectionTiming {
  /** How often a replica that does not lead tries to take the lock. */
  campaignEveryMs: number;
  /** How often the leader checks its connection. */
  heartbeatEveryMs: number;
  /** How long a heartbeat may take before the connection counts as lost. */
  heartbeatTimeoutMs: number;
}

export const DEFAULT_ELECTION_TIMING: ElectionTiming = {
  campaignEveryMs: 1_000,
  heartbeatEveryMs: 2_000,
  heartbeatTimeoutMs: 2_000,
};

export type ElectionState = "idle" | "campaigning" | "waiting out" | "leading" | "stopped";

const leaderRowSchema = z.object({
  holder: z.string(),
  since: z.coerce.number(),
  released_at: z.coerce.number().nullable(),
});
const heldSchema = z.object({ held: z.boolean() });
const gotSchema = z.object({ got: z.boolean() });

/** One lock connection's life: every step awaiting it checks that it is still the current one. */
interface Term {
  client: pg.Client;
  /** Waiting out: when the previous leader has surely stopped. */
  fenceUntil: number;
}

export class PostgresLeadership implements Leadership {
  readonly events = new EventEmitter<{ elected: []; deposed: [reason: string] }>();
  private state: ElectionState = "idle";
  private term: Term | undefined;
  /** The one timer: the next campaign round, heartbeat or end of the fence. */
  private timer: NodeJS.Timeout | undefined;
  /** A campaign round is awaiting the database. */
  private attempting = false;
  /** Why the database cannot be reached, while campaigns fail: logged once per outage. */
  private outage: string | undefined;

  constructor(
    private readonly url: string,
    /** The store's pool, for `current()`: any replica may ask who leads. */
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    readonly self: string = PROCESS_OWNER,
    private readonly timing: ElectionTiming = DEFAULT_ELECTION_TIMING,
  ) {}

  get leading(): boolean {
    return this.state === "leading";
  }

  /** Where the state machine is (tests, logs). */
  get phase(): ElectionState {
    return this.state;
  }

  async start(): Promise<void> {
    if (this.state !== "idle") return;
    this.enter("campaigning");
    await this.campaign();
  }

  async stop(): Promise<void> {
    const wasHolding = this.state === "leading" || this.state === "waiting out";
    const term = this.term;
    this.term = undefined;
    this.enter("stopped");
    if (!term) return;
    if (wasHolding) {
      // Released cleanly: the successor need not wait out a heartbeat that will never fail.
      await term.client
        .query("UPDATE leader SET released_at = $1 WHERE id = 1 AND holder = $2", [
          Date.now(),
          this.self,
        ])
        .catch(() => undefined);
    }
    // Ending the session releases the lock.
    await term.client.end().catch(() => undefined);
  }

  async current(): Promise<LeaderInfo | undefined> {
    return readLeader(this.pool);
  }

  /** Moves to `next`, with the one timer cleared; logs the transitions an operator cares about. */
  private enter(next: ElectionState): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.state = next;
  }

  private schedule(step: () => Promise<void>, ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void step(), ms);
  }

  /**
   * One campaign round: an attempt at the lock, then the next round unless it was taken. One
   * round at a time: a round that a lost connection scheduled while another was still awaiting
   * the database is left to the one in flight, which schedules the next when it ends.
   */
  private async campaign(): Promise<void> {
    if (this.state !== "campaigning" || this.attempting) return;
    this.attempting = true;
    try {
      await this.attempt();
    } finally {
      this.attempting = false;
    }
    if (this.state === "campaigning") {
      this.schedule(() => this.campaign(), this.timing.campaignEveryMs);
    }
  }

  private async attempt(): Promise<void> {
    let term = this.term;
    try {
      term ??= await this.connect();
      const { got } = gotSchema.parse(
        (await term.client.query("SELECT pg_try_advisory_lock($1) AS got", [LEADER_LOCK_KEY]))
          .rows[0],
      );
      if (this.term !== term || this.state !== "campaigning") return;
      if (got) await this.takeOver(term);
      else this.recovered();
    } catch (error) {
      // A connection already lost was dealt with by lose(); only this round's own failure is
      // handled here.
      if (this.state !== "campaigning" || (term !== undefined && this.term !== term)) return;
      this.dropConnection();
      this.failing(`the database did not answer (${describe(error)})`);
    }
  }

  /** The lock is ours: lead at once if the previous leader let go cleanly, else wait it out. */
  private async takeOver(term: Term): Promise<void> {
    this.enter("waiting out");
    try {
      const found = (
        await term.client.query("SELECT holder, since, released_at FROM leader WHERE id = 1")
      ).rows[0];
      const previous = found === undefined ? undefined : leaderRowSchema.parse(found);
      await term.client.query(
        "INSERT INTO leader (id, holder, since, released_at) VALUES (1, $1, $2, NULL) ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, since = excluded.since, released_at = NULL",
        [this.self, Date.now()],
      );
      if (this.term !== term || this.state !== "waiting out") return;
      const cleanly = previous === undefined || previous.released_at !== null;
      if (!cleanly && previous.holder !== this.self) {
        // The old leader notices within one heartbeat and its timeout, then stops within
        // DEPOSED_STOP_MS: only after all three may this one start.
        term.fenceUntil =
          Date.now() +
          this.timing.heartbeatEveryMs +
          this.timing.heartbeatTimeoutMs +
          DEPOSED_STOP_MS;
        this.logger.info(
          { previous: previous.holder },
          `leader lock taken from ${previous.holder}, which did not let go cleanly: waiting out its heartbeat before leading`,
        );
      }
      await this.tick(term);
    } catch (error) {
      this.lose(term, `the database did not answer (${describe(error)})`);
    }
  }

  /**
   * While the lock is held: checks the connection, leads once the fence has passed, and
   * schedules the next tick (a heartbeat, or the end of the fence if sooner).
   */
  private async tick(term: Term): Promise<void> {
    if (this.term !== term) return;
    try {
      await term.client.query("SELECT 1");
    } catch (error) {
      this.lose(term, `its database connection failed (${describe(error)})`);
      return;
    }
    if (this.term !== term) return;
    const now = Date.now();
    if (this.state === "waiting out" && now >= term.fenceUntil) {
      this.enter("leading");
      this.recovered();
      this.logger.info({ leader: this.self }, "this replica leads");
      this.events.emit("elected");
    }
    if (this.term !== term) return;
    const untilFence = this.state === "waiting out" ? term.fenceUntil - now : Infinity;
    this.schedule(() => this.tick(term), Math.min(this.timing.heartbeatEveryMs, untilFence));
  }

  /** The lock connection of `term` is gone or unusable: stop leading now, and campaign again. */
  private lose(term: Term, reason: string): void {
    if (this.term !== term || this.state === "stopped") return;
    const was = this.state;
    this.dropConnection();
    this.enter("campaigning");
    if (was === "leading") {
      this.logger.warn({ reason }, `this replica no longer leads: ${reason}`);
      this.events.emit("deposed", reason);
    } else {
      this.failing(reason);
    }
    this.schedule(() => this.campaign(), this.timing.campaignEveryMs);
  }

  /** Ends the current term: its connection is closed, and its pending steps come to nothing. */
  private dropConnection(): void {
    const term = this.term;
    this.term = undefined;
    term?.client.end().catch(() => undefined);
  }

  /** Campaigns fail: said once per outage, not once a second. */
  private failing(reason: string): void {
    if (this.outage !== undefined) return;
    this.outage = reason;
    this.logger.warn(
      { reason },
      `leader election cannot reach the database: ${reason}; trying every ${this.timing.campaignEveryMs} ms`,
    );
  }

  private recovered(): void {
    if (this.outage === undefined) return;
    this.outage = undefined;
    this.logger.info("leader election reaches the database again");
  }

  /** A new lock connection, the current term's once it is open. */
  private async connect(): Promise<Term> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: `${LOCK_CONNECTION_NAME} ${this.self}`,
      keepAlive: true,
      keepAliveInitialDelayMillis: 1_000,
      connectionTimeoutMillis: 5_000,
      // Every query on this connection, the heartbeat first, fails rather than hangs past this.
      query_timeout: this.timing.heartbeatTimeoutMs,
    });
    const term: Term = { client, fenceUntil: 0 };
    // Without a listener, a session the server ends would crash the process.
    client.on("error", (error) =>
      this.lose(term, `its database connection failed (${describe(error)})`),
    );
    client.on("end", () => this.lose(term, "its database connection ended"));
    try {
      await client.connect();
      // The server ends a dead peer's session (and frees the lock) after about 3 + 3 × 1 s.
      await client.query(
        "SET tcp_keepalives_idle = 3; SET tcp_keepalives_interval = 1; SET tcp_keepalives_count = 3",
      );
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (this.state !== "campaigning") {
      // Stopped meanwhile: this connection is not wanted.
      client.end().catch(() => undefined);
      throw new Error("the election stopped");
    }
    this.term = term;
    return term;
  }
}

/**
 * Who leads the replicas on this database, if any: the `leader` row, when a session holds the
 * lock (the row alone could name a leader that died a moment ago). Any process may ask: a
 * replica for /readyz, `chatwarden doctor`.
 */
export async function readLeader(pool: pg.Pool): Promise<LeaderInfo | undefined> {
  const held = heldSchema.parse(
    (
      await pool.query(
        "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = $1 AND objsubid = 1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS held",
        [LEADER_LOCK_KEY],
      )
    ).rows[0],
  );
  if (!held.held) return undefined;
  const row = (await pool.query("SELECT holder, since, released_at FROM leader WHERE id = 1"))
    .rows[0];
  if (row === undefined) return undefined;
  const leader = leaderRowSchema.parse(row);
  return { holder: leader.holder, since: leader.since };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
