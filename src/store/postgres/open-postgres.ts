// The shared store: PostgreSQL at DATABASE_URL, for two or more replicas. One pg Pool serves the
// queries; migrations run on open, serialised between replicas starting together.
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Schema } from "../schema.js";
import { Store } from "../store.js";
import { StoreUnavailableError } from "../store-failure.js";
import { migratePostgres } from "./migrate.js";
import { postgresFailureText } from "./postgres-failure.js";

/** Connections per replica: a command, a poll and a few drainers at once, with room to spare. */
const POOL_SIZE = 10;

// int8 (BIGINT columns, count(*)) comes back from pg as a string, for fear of losing precision.
// Epoch milliseconds and ids are far inside Number.MAX_SAFE_INTEGER, so this pool reads them as
// numbers; anything beyond would be an error, not a silent rounding. Scoped to our pools rather
// than pg.types.setTypeParser, which would change every pg user in the process.
const INT8_OID = 20;
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 ${text} is beyond a safe integer`);
  return value;
}
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary"
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The database a URL names, without its password: `db.example:5432/chatwarden`. */
export function postgresLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

export class PostgresStore extends Store {
  constructor(
    readonly pool: pg.Pool,
    readonly url: string,
  ) {
    const location = postgresLocation(url);
    super({
      dialect: "postgres",
      kysely: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }),
      location,
      failureText: (error) => postgresFailureText(error, location),
      // Kysely ends the pool only if it ever used it: a store closed unused must end it too.
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    });
  }
}

/** Connects to DATABASE_URL and migrates; throws StoreUnavailableError saying what is wrong. */
export async function openPostgresStore(url: string): Promise<PostgresStore> {
  const pool = newPool(url);
  try {
    await migratePostgres(pool);
    return new PostgresStore(pool, url);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StoreUnavailableError(postgresFailureText(error, postgresLocation(url)));
  }
}

/** A pool on `url` reading int8 as numbers; also for the leader's lock connection. */
export function newPool(url: string, max = POOL_SIZE): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types, connectionTimeoutMillis: 5_000 });
  // An idle connection the server drops (a restart, a fail-over) emits 'error' on the pool; the
  // next query simply takes a new one. Unhandled, the event would end the process.
  pool.on("error", () => undefined);
  // pg listens for errors only on idle connections: one checked out (a transaction between two
  // queries, the word-list lock's) that the server ends would emit an unhandled 'error' too.
  pool.on("connect", (client) => client.on("error", () => undefined));
  return pool;
}
