// Replicas on one PostgreSQL elect their leader with a session advisory lock, held on a
// connection of its own (not the pool's, whose connections come and go):
// - Each replica tries `pg_try_advisory_lock` every second until it holds it.
// - The leader checks its connection with a heartbeat; when the connection fails (the server
//   ended the session, the network went away) it is deposed at once and stops leader work,
//   because the server has let go of the lock and another replica may take it.
// - PostgreSQL frees the lock the moment the leader's session ends, even when the leader is
//   killed. The new leader then waits out the old one's heartbeat (interval plus timeout) and
//   its stop before it starts, so the old one has noticed and stopped first: there are never two gateway
//   sessions or two pollers. A leader that stops gracefully marks the `leader` row released
//   before it unlocks, and its successor starts at once.
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

const leaderRowSchema = z.object({
  holder: z.string(),
  since: z.coerce.number(),
  released_at: z.coerce.number().nullable(),
});
const heldSchema = z.object({ held: z.boolean() });
const gotSchema = z.object({ got: z.boolean() });

export class PostgresLeadership implements Leadership {
  readonly events = new EventEmitter<{ elected: []; deposed: [reason: string] }>();
  leading = false;
  private client: pg.Client | undefined;
  /** Holding the lock: leading, or waiting out the previous leader's heartbeat. */
  private holding = false;
  private stopped = false;
  private campaignTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private fence: { timer: NodeJS.Timeout; resolve: () => void } | undefined;

  constructor(
    private readonly url: string,
    /** The store's pool, for `current()`: any replica may ask who leads. */
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    readonly self: string = PROCESS_OWNER,
    private readonly timing: ElectionTiming = DEFAULT_ELECTION_TIMING,
  ) {}

  async start(): Promise<void> {
    await this.campaign();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.campaignTimer);
    clearInterval(this.heartbeatTimer);
    this.fence?.resolve();
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    if (this.holding) {
      this.leading = false;
      this.holding = false;
      // Released cleanly: the successor need not wait out a heartbeat that will never fail.
      await client
        .query("UPDATE leader SET released_at = $1 WHERE id = 1 AND holder = $2", [
          Date.now(),
          this.self,
        ])
        .catch(() => undefined);
    }
    // Ending the session releases the lock.
    await client.end().catch(() => undefined);
  }

  async current(): Promise<LeaderInfo | undefined> {
    return readLeader(this.pool);
  }

  /** One attempt at the lock, then the next one scheduled, while this replica does not hold it. */
  private async campaign(): Promise<void> {
    if (this.stopped || this.holding) return;
    try {
      const client = await this.connection();
      const { got } = gotSchema.parse(
        (await client.query("SELECT pg_try_advisory_lock($1) AS got", [LEADER_LOCK_KEY])).rows[0],
      );
      if (got) {
        this.holding = true;
        void this.takeOver(client);
        return;
      }
    } catch (error) {
      this.lose(`the database did not answer (${describe(error)})`);
    }
    if (!this.stopped && !this.holding) {
      this.campaignTimer = setTimeout(() => void this.campaign(), this.timing.campaignEveryMs);
    }
  }

  /** Holding the lock: waits out the previous leader unless it let go cleanly, then leads. */
  private async takeOver(client: pg.Client): Promise<void> {
    try {
      const found = (
        await client.query("SELECT holder, since, released_at FROM leader WHERE id = 1")
      ).rows[0];
      const previous = found === undefined ? undefined : leaderRowSchema.parse(found);
      const now = Date.now();
      await client.query(
        "INSERT INTO leader (id, holder, since, released_at) VALUES (1, $1, $2, NULL) ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, since = excluded.since, released_at = NULL",
        [this.self, now],
      );
      const cleanly = previous === undefined || previous.released_at !== null;
      if (!cleanly && previous.holder !== this.self) {
        this.logger.info(
          { previous: previous.holder },
          `leader lock taken from ${previous.holder}, which did not let go cleanly: waiting out its heartbeat before leading`,
        );
        await this.waitOutPreviousLeader();
      }
      if (this.stopped || !this.holding || this.client !== client) return;
      this.leading = true;
      this.heartbeatTimer = setInterval(
        () => void this.heartbeat(client),
        this.timing.heartbeatEveryMs,
      );
      this.logger.info({ leader: this.self }, "this replica leads");
      this.events.emit("elected");
    } catch (error) {
      this.lose(`the database did not answer (${describe(error)})`);
    }
  }

  private waitOutPreviousLeader(): Promise<void> {
    // The old leader notices within one heartbeat and its timeout, then stops within
    // DEPOSED_STOP_MS: only after all three may this one start.
    const fenceMs = this.timing.heartbeatEveryMs + this.timing.heartbeatTimeoutMs + DEPOSED_STOP_MS;
    return new Promise<void>((resolve) => {
      this.fence = { timer: setTimeout(resolve, fenceMs), resolve };
    }).finally(() => {
      if (this.fence) clearTimeout(this.fence.timer);
      this.fence = undefined;
    });
  }

  private async heartbeat(client: pg.Client): Promise<void> {
    try {
      await client.query("SELECT 1");
    } catch (error) {
      this.lose(`its database connection failed (${describe(error)})`);
    }
  }

  /** The lock connection is gone or unusable: stop leading now, and campaign again. */
  private lose(reason: string): void {
    const client = this.client;
    this.client = undefined;
    clearInterval(this.heartbeatTimer);
    this.fence?.resolve();
    const wasLeading = this.leading;
    this.leading = false;
    this.holding = false;
    client?.end().catch(() => undefined);
    if (wasLeading) {
      this.logger.warn({ reason }, `this replica no longer leads: ${reason}`);
      this.events.emit("deposed", reason);
    }
    if (!this.stopped) {
      clearTimeout(this.campaignTimer);
      this.campaignTimer = setTimeout(() => void this.campaign(), this.timing.campaignEveryMs);
    }
  }

  /** The lock's own connection, made on first use and after a loss. */
  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 1_000,
      connectionTimeoutMillis: 5_000,
      // Every query on this connection, the heartbeat first, fails rather than hangs past this.
      query_timeout: this.timing.heartbeatTimeoutMs,
    });
    // Without a listener, a session the server ends would crash the process.
    client.on("error", (error) => {
      if (this.client === client) this.lose(`its database connection failed (${describe(error)})`);
    });
    client.on("end", () => {
      if (this.client === client) this.lose("its database connection ended");
    });
    await client.connect();
    // The server ends a dead peer's session (and frees the lock) after about 3 + 3 × 1 s.
    await client.query(
      "SET tcp_keepalives_idle = 3; SET tcp_keepalives_interval = 1; SET tcp_keepalives_count = 3",
    );
    if (this.stopped) {
      await client.end();
      throw new Error("stopped");
    }
    this.client = client;
    return client;
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
