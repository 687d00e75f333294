// The database check, for DATABASE_URL, against the run's real PostgreSQL: a migrated database
// passes; one not migrated yet, one behind, one from a newer chatwarden, a closed port and a
// missing database each fail with what to do, and never with the password.
import { once } from "node:events";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { doctorChecks } from "../../../app/doctor/checks.js";
import { databaseCheck } from "../../../app/doctor/database.js";
import { parseConfig } from "../../../src/config.js";
import { silentLogger } from "../../../src/log.js";
import type { CheckBudget } from "../../../src/runtime/component.js";
import { migrations } from "../../../src/store/migrations.js";
import { PostgresLeadership } from "../../../src/store/postgres/leader-election.js";
import { PostgresStore } from "../../../src/store/postgres/open-postgres.js";
import { freshPostgresUrl } from "../../helpers/postgres/databases.js";
import { openTestStore } from "../../helpers/stores.js";
import { closedPort } from "./closed-port.js";

const budget = (): CheckBudget => ({
  signal: AbortSignal.timeout(10_000),
  requestTimeoutMs: 4_000,
});
/** host:port/database, as the check names a database: never the user or password. */
const locationOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
};

describe("the database check", () => {
  it("passes a database the store has migrated", async () => {
    const { location } = await openTestStore("postgres");
    const url = location.databaseUrl ?? "";
    expect(await databaseCheck(url, budget())).toEqual({
      name: "database",
      result: "pass",
      detail: `${locationOf(url)} answers; its schema is current (version ${migrations.length}); no replica leads right now`,
    });
  });

  it("names the replica that leads", async () => {
    const { store, location } = await openTestStore("postgres");
    const url = location.databaseUrl ?? "";
    if (!(store instanceof PostgresStore)) throw new Error("not PostgreSQL");
    const leadership = new PostgresLeadership(url, store.pool, silentLogger, "pod-a:17");
    const elected = once(leadership.events, "elected");
    await leadership.start();
    await elected;
    try {
      expect((await databaseCheck(url, budget())).detail).toMatch(
        /; pod-a:17 leads since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/,
      );
    } finally {
      await leadership.stop();
    }
  });

  it("fails a database that holds no store yet, saying serve creates it", async () => {
    const url = await freshPostgresUrl();
    expect(await databaseCheck(url, budget())).toEqual({
      name: "database",
      result: "fail",
      detail: `${locationOf(url)} answers, but holds no chatwarden store yet`,
      fix: "start chatwarden serve once: it creates the tables (or check that DATABASE_URL names the right database)",
    });
  });

  it("fails a database behind this chatwarden, and one ahead of it", async () => {
    const { store, location } = await openTestStore("postgres");
    const url = location.databaseUrl ?? "";
    await sql`UPDATE chatwarden_schema SET version = 2`.execute(store.db);
    expect(await databaseCheck(url, budget())).toMatchObject({
      result: "fail",
      detail: `${locationOf(url)} is at schema version 2 of ${migrations.length}`,
      fix: "start chatwarden serve: it migrates the database on start",
    });
    await sql`UPDATE chatwarden_schema SET version = ${migrations.length + 1}`.execute(store.db);
    expect(await databaseCheck(url, budget())).toMatchObject({
      result: "fail",
      detail: `${locationOf(url)} was migrated by a newer chatwarden (schema version ${migrations.length + 1}; this one knows ${migrations.length})`,
    });
  });

  it("names an unreachable server, with the fix apart, and no password", async () => {
    const url = `postgres://chatwarden:not-the-password@127.0.0.1:${await closedPort()}/chatwarden`;
    const check = await databaseCheck(url, budget());
    expect(check).toEqual({
      name: "database",
      result: "fail",
      detail: `the PostgreSQL store ${locationOf(url)} (DATABASE_URL) cannot be reached (ECONNREFUSED)`,
      fix: "check the host and port, and that the server runs",
    });
    expect(JSON.stringify(check)).not.toContain("not-the-password");
  });

  it("names a database that does not exist", async () => {
    const url = new URL(await freshPostgresUrl());
    url.pathname = "/no_such_database";
    expect(await databaseCheck(url.toString(), budget())).toMatchObject({
      result: "fail",
      detail: `the PostgreSQL store ${locationOf(url.toString())} (DATABASE_URL) does not exist`,
      fix: "create the database first",
    });
  });

  it("takes DATA_DIR's place in chatwarden doctor when DATABASE_URL is set", async () => {
    const { location } = await openTestStore("postgres");
    const checks = await doctorChecks(
      parseConfig({ DATABASE_URL: location.databaseUrl, DATA_DIR: location.dataDir }),
      { totalTimeoutMs: 10_000 },
    );
    expect(checks.slice(0, 3).map((check) => `${check.result} ${check.name}`)).toEqual([
      "pass configuration",
      "pass database",
      "pass chat API",
    ]);
  });
});
