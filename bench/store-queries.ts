// What the SQLite store's driver adds to a query: a query already compiled by Kysely, run through
// the store (`store.db.executeQuery`: the dialect's driver, on SQLite's one connection), against
// the same SQL run as the driver runs it (`all`, or `run` for a statement that returns nothing) on
// a better-sqlite3 statement prepared once, on the same file in the same run.
// Two queries the bot runs on every Slack request and every button: the replay guard's INSERT of
// a request's signature (a new key each time), and a read of one stored row by its key. Preparing
// the text again at every run made the read 3.3x; the write's cost is mostly its commit.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CompiledQuery } from "kysely";
import { openSqliteStore } from "../src/store/sqlite/open-sqlite.js";
import { type Comparison, compare } from "./measure.js";

const ROWS = 10_000;

export async function benchStoreQueries(): Promise<Comparison[]> {
  const dir = mkdtempSync(join(tmpdir(), "chatwarden-store-queries-"));
  const store = openSqliteStore(dir);
  try {
    const expiresAt = Date.now() + 3_600_000;
    let next = 0;
    const insertOf = (key: string) =>
      store.db
        .insertInto("seen_requests")
        .values({ key, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .returning("key")
        .compile();
    const readOf = (key: string) =>
      store.db.selectFrom("seen_requests").selectAll().where("key", "=", key).compile();
    for (let row = 0; row < ROWS; row++) await store.db.executeQuery(insertOf(`kept-${row}`));

    const insert = insertOf("a-key");
    const insertStatement = store.sqlite.prepare(insert.sql);
    const read = readOf("kept-0");
    const readStatement = store.sqlite.prepare(read.sql);
    const withKey = (query: CompiledQuery, key: string): CompiledQuery => ({
      ...query,
      parameters: [key, ...query.parameters.slice(1)],
    });
    const writes = await compare({
      name: "the replay guard's INSERT of a new key, compiled: run through the store vs on a statement prepared once (SQLite)",
      baseline: async () => insertStatement.all([`raw-${next++}`, expiresAt]),
      subject: () => store.db.executeQuery(withKey(insert, `store-${next++}`)),
      iterations: 2_000,
      rounds: 11,
      target: 2,
    });
    const reads = await compare({
      name: `a read of one row by its key among ${ROWS.toLocaleString("en")}, compiled: run through the store vs on a statement prepared once (SQLite)`,
      baseline: async () => readStatement.all([`kept-${next++ % ROWS}`]),
      subject: () => store.db.executeQuery(withKey(read, `kept-${next++ % ROWS}`)),
      iterations: 5_000,
      rounds: 11,
      target: 2.5,
    });
    return [writes, reads];
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
