// The bot's memory: one SQLite file under DATA_DIR, opened in WAL mode so readers never wait
// for the writer, migrated to the current schema on open.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3, { type Database } from "better-sqlite3";
import { migrate } from "./migrations.js";

export type { Database };

export const DATABASE_FILE = "chatwarden.sqlite";

export function openDatabase(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(join(dataDir, DATABASE_FILE));
  // Another process (a one-shot CLI beside the bot) may hold the lock for a moment; set first,
  // so that even switching the journal mode waits rather than fails.
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  migrate(db);
  return db;
}
