// The embedded store: one SQLite file under DATA_DIR, opened in WAL mode so readers never wait
// for the writer, migrated to the current schema on open.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3, { type Database } from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { migrations } from "../migrations.js";
import type { Schema } from "../schema.js";
import { Store } from "../store.js";
import { StoreUnavailableError, storeFailureText } from "../store-failure.js";
import { DATABASE_FILE } from "./database-file.js";
import { withStatementCache } from "./statement-cache.js";

export { DATABASE_FILE };

/** The SQLite store: the Store every repository uses, and the file itself (for backups). */
export class SqliteStore extends Store {
  constructor(
    readonly file: string,
    /** better-sqlite3's own handle: the online backup API, the integrity check. */
    readonly sqlite: Database,
  ) {
    super({
      dialect: "sqlite",
      // Each query text is prepared once (statement-cache.ts).
      kysely: new Kysely<Schema>({
        dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      }),
      location: file,
      failureText: (error) => storeFailureText(error, file),
      // Kysely closes the file only if it ever queried it: a store closed unused must close it too.
      close: async () => {
        if (sqlite.open) sqlite.close();
      },
    });
  }
}

/** Opens (creating and migrating if need be) the store in `dataDir`. */
export function openSqliteStore(dataDir: string): SqliteStore {
  const file = join(dataDir, DATABASE_FILE);
  try {
    return new SqliteStore(file, openSqliteFile(dataDir));
  } catch (error) {
    throw new StoreUnavailableError(storeFailureText(error, file));
  }
}

/**
 * Opens (creating and migrating if need be) the SQLite file in `dataDir`; throws SQLite's or the
 * file system's own error, which storeFailureText puts in words.
 */
export function openSqliteFile(dataDir: string): Database {
  let sqlite: Database | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    sqlite = new BetterSqlite3(join(dataDir, DATABASE_FILE));
    // Another process (a one-shot CLI beside the bot) may hold the lock for a moment; set
    // first, so that even switching the journal mode waits rather than fails.
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    migrateSqlite(sqlite);
    return sqlite;
  } catch (error) {
    sqlite?.close();
    throw error;
  }
}

/** How many migrations this file has run (SQLite's user_version). */
export function schemaVersion(sqlite: Database): number {
  return sqlite.pragma("user_version", { simple: true }) as number;
}

function migrateSqlite(sqlite: Database): void {
  // IMMEDIATE takes the write lock before user_version is read, so two processes opening a new
  // DATA_DIR together cannot both decide to create the tables: the second waits, then sees
  // the first one's version and has nothing left to do.
  sqlite
    .transaction(() => {
      const applied = schemaVersion(sqlite);
      for (let version = applied; version < migrations.length; version++) {
        migrations[version]?.sqlite(sqlite);
      }
      sqlite.pragma(`user_version = ${Math.max(applied, migrations.length)}`);
    })
    .immediate();
}
