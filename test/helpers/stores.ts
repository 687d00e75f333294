// The store on each engine, for suites that must hold on both: `describe.each(STORE_KINDS)` and
// `openTestStore(kind)` give a fresh, migrated, empty store (a new SQLite file, or a new database
// on the run's PostgreSQL) and close it after the test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { openStore } from "../../src/store/open-store.js";
import type { Store } from "../../src/store/store.js";
import { freshPostgresUrl } from "./postgres/databases.js";

export type StoreKind = "sqlite" | "postgres";
export const STORE_KINDS: readonly StoreKind[] = ["sqlite", "postgres"];

export interface TestStoreLocation {
  dataDir: string;
  databaseUrl?: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Where a fresh store of `kind` lives: a new DATA_DIR, and on PostgreSQL a new database. */
export async function freshStoreLocation(kind: StoreKind): Promise<TestStoreLocation> {
  const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-store-"));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return kind === "postgres" ? { dataDir, databaseUrl: await freshPostgresUrl() } : { dataDir };
}

/** A fresh, migrated store of `kind`; more than one opened on a location act as replicas. */
export async function openTestStore(
  kind: StoreKind,
  location?: TestStoreLocation,
): Promise<{ store: Store; location: TestStoreLocation }> {
  const where = location ?? (await freshStoreLocation(kind));
  const store = await openStore(where);
  cleanups.push(() => store.close());
  return { store, location: where };
}
