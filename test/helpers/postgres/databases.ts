// A database of its own for each test that needs PostgreSQL, on the run's one server
// (global-setup.ts): tests in parallel files never see each other's rows.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/** The URL of a new, empty database on the run's PostgreSQL. */
export function freshPostgresUrl(): Promise<string> {
  return createDatabase(inject("databaseUrl"), "chatwarden");
}

/** Creates an empty database named `prefix_<random>` on the server at `serverUrl`; its URL. */
export async function createDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
