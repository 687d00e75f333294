// Which store this deployment uses: PostgreSQL when DATABASE_URL is set (replicas share it),
// otherwise the SQLite file in DATA_DIR. PostgreSQL's client loads only when it is used.
import type { Store } from "./store.js";

export interface StoreSettings {
  dataDir: string;
  /** postgres://…; its password is never printed. */
  databaseUrl?: string;
}

export async function openStore(settings: StoreSettings): Promise<Store> {
  if (settings.databaseUrl) {
    const { openPostgresStore } = await import("./postgres/open-postgres.js");
    return openPostgresStore(settings.databaseUrl);
  }
  const { openSqliteStore } = await import("./sqlite/open-sqlite.js");
  return openSqliteStore(settings.dataDir);
}

/**
 * The store for a one-shot command: PostgreSQL opened now, as openStore does; SQLite only when a
 * query first needs it (sqlite-when-used.ts), so that a read that keeps nothing loads no SQLite.
 */
export async function openStoreWhenUsed(settings: StoreSettings): Promise<Store> {
  if (settings.databaseUrl) return openStore(settings);
  const { sqliteStoreWhenUsed } = await import("./sqlite/sqlite-when-used.js");
  return sqliteStoreWhenUsed(settings.dataDir);
}
