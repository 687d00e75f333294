// A core as `serve` builds it, on a fresh DATA_DIR under the OS temp dir (or on the PostgreSQL at
// `databaseUrl`), for benchmarks that need the store: the folder is removed again by close().
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Core, createCore } from "../src/core.js";
import { ReportPoller } from "../src/feed/poller.js";
import { silentLogger } from "../src/log.js";

export const BENCH_TOKEN = "bench-token";

export interface BenchCore {
  core: Core;
  /** Its DATA_DIR (the SQLite store, unless on PostgreSQL). */
  dataDir: string;
  close(): Promise<void>;
}

export async function startBenchCore(baseUrl: string, databaseUrl?: string): Promise<BenchCore> {
  const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-bench-"));
  const core = await createCore({
    config: {
      // A 30 MB report list must never time out on a loaded machine.
      chatApiTimeoutMs: 60_000,
      chatTimeZone: "UTC",
      dataDir,
      databaseUrl,
      maxBanDays: 3650,
      confirmBanDaysOver: 30,
      requireReason: false,
    },
    api: { baseUrl, token: BENCH_TOKEN },
    logger: silentLogger,
    destinations: { report: ["discord:report"], audit: [] },
  });
  return {
    core,
    dataDir,
    async close() {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The feed's poller on `core`, as ReportFeed builds it, without a drainer or a schedule. */
export function pollerOf(core: Core, backfill: number): ReportPoller {
  return new ReportPoller(
    core.api,
    core.reports,
    core.outbox,
    core.banRecord,
    { backfill, groupMinutes: 60, reportDestinations: core.destinations.report },
    core.now,
    silentLogger,
    undefined,
    core.players,
  );
}
