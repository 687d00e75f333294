// Runs the migrations PostgreSQL has not run yet, in one transaction, under an advisory lock: two
// replicas starting together never both apply a step, and a step that fails leaves nothing half
// done (DDL is transactional on PostgreSQL). chatwarden_schema holds how many steps have run.
import type pg from "pg";
import { z } from "zod";
import { migrations } from "../migrations.js";

/** The advisory lock key of migrations: "chatwarden" in ASCII, far from any other use. */
export const MIGRATION_LOCK_KEY = 0x63686174;

const versionSchema = z.object({ version: z.number().int().nonnegative() });

export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query("CREATE TABLE IF NOT EXISTS chatwarden_schema (version INTEGER NOT NULL)");
    const found = await client.query("SELECT version FROM chatwarden_schema");
    const applied = found.rows[0] === undefined ? 0 : versionSchema.parse(found.rows[0]).version;
    if (found.rows[0] === undefined) {
      await client.query("INSERT INTO chatwarden_schema (version) VALUES (0)");
    }
    for (let version = applied; version < migrations.length; version++) {
      await client.query(migrations[version]?.postgres ?? "");
    }
    if (applied < migrations.length) {
      await client.query("UPDATE chatwarden_schema SET version = $1", [migrations.length]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** How many migrations the database has run, or undefined when none has (not ours yet). */
export async function postgresSchemaVersion(pool: pg.Pool): Promise<number | undefined> {
  const table = await pool.query("SELECT to_regclass('chatwarden_schema') AS name");
  if (table.rows[0]?.name === null) return undefined;
  const found = await pool.query("SELECT version FROM chatwarden_schema");
  return found.rows[0] === undefined ? undefined : versionSchema.parse(found.rows[0]).version;
}
