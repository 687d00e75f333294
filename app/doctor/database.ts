// The database, when DATABASE_URL is set (instead of DATA_DIR): PostgreSQL answers there with
// the user and password given, and its schema is the one this chatwarden runs on, every
// migration applied and none from a newer version; and it names the replica that leads. Read-only: the doctor migrates nothing (serve
// does, on start). pg loads only here, only then.
import type { DoctorCheck } from "../../src/runtime/component.js";
import { utcMinute } from "../../src/runtime/utc-minute.js";
import { type CheckBudget, fail, pass, requestSignal, seconds } from "./check.js";
import { explainedFailure } from "./explained-failure.js";

const NAME = "database";
const GENERAL_FIX = "check DATABASE_URL (postgres://user:password@host:5432/database)";

export async function databaseCheck(url: string, budget: CheckBudget): Promise<DoctorCheck> {
  const [
    { newPool, postgresLocation },
    { postgresSchemaVersion },
    { migrations },
    failures,
    { readLeader },
  ] = await Promise.all([
    import("../../src/store/postgres/open-postgres.js"),
    import("../../src/store/postgres/migrate.js"),
    import("../../src/store/migrations.js"),
    import("../../src/store/postgres/postgres-failure.js"),
    import("../../src/store/postgres/leader-election.js"),
  ]);
  const location = postgresLocation(url);
  const pool = newPool(url, 1);
  const signal = requestSignal(budget);
  try {
    const version = await untilAborted(postgresSchemaVersion(pool), signal);
    const current = migrations.length;
    if (version === undefined) {
      return fail(
        NAME,
        `${location} answers, but holds no chatwarden store yet`,
        "start chatwarden serve once: it creates the tables (or check that DATABASE_URL names the right database)",
      );
    }
    if (version < current) {
      return fail(
        NAME,
        `${location} is at schema version ${version} of ${current}`,
        "start chatwarden serve: it migrates the database on start",
      );
    }
    if (version > current) {
      return fail(
        NAME,
        `${location} was migrated by a newer chatwarden (schema version ${version}; this one knows ${current})`,
        "run the newer chatwarden on every replica",
      );
    }
    const leader = await untilAborted(readLeader(pool), signal);
    const leads = leader
      ? `${leader.holder} leads since ${utcMinute(new Date(leader.since))}`
      : "no replica leads right now";
    return pass(NAME, `${location} answers; its schema is current (version ${current}); ${leads}`);
  } catch (error) {
    if (signal.aborted) {
      return fail(
        NAME,
        `${location} did not answer within ${seconds(budget.requestTimeoutMs)}`,
        "check the host and port in DATABASE_URL, and that the server runs",
      );
    }
    return explainedFailure(NAME, failures.describePostgresFailure(error, location), GENERAL_FIX);
  } finally {
    // Not awaited: a connection attempt that never answered would hold the doctor up.
    void pool.end().catch(() => undefined);
  }
}

/** `work`, or a rejection as soon as `signal` aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}
