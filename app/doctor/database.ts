// The database, when DATABASE_URL is set (instead of DATA_DIR): PostgreSQL answers there with
// the user and password given, and its schema is the one this chatwarden runs on, every
// migration applied and none from a newer version; and it names the replica that leads. Read-only: the doctor migrates nothing (serve
// does, on start). pg loads only here, only then.
import { t } from "../../src/i18n/translate.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
import { utcMinute } from "../../src/runtime/utc-minute.js";
import { type CheckBudget, fail, pass, requestSignal, seconds } from "./check.js";
import { explainedFailure } from "./explained-failure.js";

const NAME = "database";

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
        t("terminal.doctor.database.noStore", { location }),
        t("terminal.doctor.database.noStoreFix"),
      );
    }
    if (version < current) {
      return fail(
        NAME,
        t("terminal.doctor.database.behind", { location, version, current }),
        t("terminal.doctor.database.behindFix"),
      );
    }
    if (version > current) {
      return fail(
        NAME,
        t("terminal.doctor.database.ahead", { location, version, current }),
        t("terminal.doctor.database.aheadFix"),
      );
    }
    const leader = await untilAborted(readLeader(pool), signal);
    const leads = leader
      ? t("terminal.doctor.database.leader", {
          holder: leader.holder,
          since: utcMinute(new Date(leader.since)),
        })
      : t("terminal.doctor.database.noLeader");
    return pass(NAME, t("terminal.doctor.database.current", { location, current, leads }));
  } catch (error) {
    if (signal.aborted) {
      return fail(
        NAME,
        t("terminal.doctor.database.timeout", {
          location,
          seconds: seconds(budget.requestTimeoutMs),
        }),
        t("terminal.doctor.database.timeoutFix"),
      );
    }
    const explanation = failures.shownPostgresFailure(error, location);
    return explainedFailure(NAME, explanation, t("terminal.doctor.database.fix"));
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
