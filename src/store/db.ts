// The bot's memory: one SQLite file under DATA_DIR, opened in WAL mode so readers never wait
// for the writer, migrated to the current schema on open.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3, { type Database } from "better-sqlite3";
import { migrate } from "./migrations.js";
import { describeStoreFailure } from "./store-failure.js";

export type { Database };

export const DATABASE_FILE = "chatwarden.sqlite";

/** The store could not be opened: the message names DATA_DIR, the file and what to do. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

export function openDatabase(dataDir: string): Database {
  const file = join(dataDir, DATABASE_FILE);
  let db: Database | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    db = new BetterSqlite3(file);
    // Another process (a one-shot CLI beside the bot) may hold the lock for a moment; set
    // first, so that even switching the journal mode waits rather than fails.
    db.pragma("busy_timeout = 5000");
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    migrate(db);
    return db;
  } catch (error) {
    db?.close();
    throw new StoreUnavailableError(describeStoreFailure(error, file));
  }
}
