// The SQLite handle the repositories not yet on Store use: the file in DATA_DIR, opened and
// migrated by sqlite/open-sqlite.ts. (Transitional: repositories move to Store, see store.ts.)
import type { Database } from "better-sqlite3";
import { DATABASE_FILE, openSqliteStore } from "./sqlite/open-sqlite.js";
import { StoreUnavailableError } from "./store-unavailable.js";

export type { Database };
export { DATABASE_FILE, StoreUnavailableError };

export function openDatabase(dataDir: string): Database {
  return openSqliteStore(dataDir).sqlite;
}
