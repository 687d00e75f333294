// `chatwarden history PLAYER`, the built one-shot command as a whole process, against the size of
// the chat API's report list, the player's own reports staying the same (5 against, 5 by): wall
// time, and peak memory (VmHWM, max-rss-hook.mjs) taken in the same runs. Where the report feed
// has recorded the list in the store and polled lately (a serve process's feed, here a feed in
// this process polling just before each run, outside the timing), history reads the player's
// reports from the store, and neither figure should grow with the list: two flat curves. The chat
// API is a server of fixed bodies in another process (body-server.ts), one list per size.
import type { Core } from "../src/core.js";
import { ReportFeed } from "../src/feed/feed.js";
import { silentLogger } from "../src/log.js";
import { BENCH_TOKEN, startBenchCore } from "./bench-core.js";
import { type BodyServer, startBodyServer } from "./body-server.js";
import { type Curve, measureCurve } from "./curve.js";
import { syntheticBans, syntheticReports } from "./data.js";
import { CLI } from "./emulator-process.js";
import { median } from "./measure.js";
import { type NodeRun, peakMemory } from "./processes.js";
import { withoutChatwardenSettings } from "./startup.js";

const SIZES = [1_000, 10_000, 100_000];
const ROUNDS = 7;
const PLAYER = "history-subject";
const PLAYER_REPORTS = 5;
const MIB = 1_048_576;

/** `count` reports, each against another player; PLAYER is reported 5 times and reports 5. */
function reportList(count: number): string {
  const reports = syntheticReports(count).map((report, index) => ({
    ...report,
    to_gamer_id: index < PLAYER_REPORTS ? PLAYER : `gamer-${index}`,
    from_gamer_id: index >= count - PLAYER_REPORTS ? PLAYER : report.from_gamer_id,
  }));
  return JSON.stringify(reports);
}

/** The feed of a serve process on the size's DATA_DIR, polling when told. */
function feedOf(core: Core): ReportFeed {
  return new ReportFeed({
    core,
    poll: true,
    // Polls when the benchmark says (pollNow), never on this schedule.
    pollCron: "0 0 1 1 *",
    backfill: 10,
    groupMinutes: 60,
    logger: silentLogger,
  });
}

export async function benchHistoryReads(): Promise<Curve[]> {
  const server: BodyServer = await startBodyServer();
  const cleanups: (() => Promise<void>)[] = [() => server.close()];
  const memory = new Map<number, number[]>(SIZES.map((size) => [size, []]));
  try {
    await server.store("bans", JSON.stringify(syntheticBans(100)));
    await server.serve("/block_user_list", "bans");
    const time = await measureCurve({
      name: `\`chatwarden history ${PLAYER}\` where a feed has recorded the list, wall time of the whole process`,
      unit: "ms",
      sizeUnit: "reports listed by the chat API",
      growth: "flat",
      sizes: SIZES,
      rounds: ROUNDS,
      prepare: async (size) => {
        const name = `reports-${size}`;
        await server.store(name, reportList(size));
        const bench = await startBenchCore(server.baseUrl);
        const feed = feedOf(bench.core);
        cleanups.push(() => bench.close());
        const { dataDir } = bench;
        const run: NodeRun = {
          args: [CLI, "history", PLAYER],
          // No .env there: the command runs on exactly these settings.
          cwd: dataDir,
          env: {
            ...withoutChatwardenSettings(process.env),
            DATA_DIR: dataDir,
            CHAT_API_BASE_URL: server.baseUrl,
            CHAT_API_TOKEN: BENCH_TOKEN,
            CHAT_API_TIMEOUT_MS: "60000",
          },
        };
        const poll = async () => {
          await server.serve("/report_list", name);
          await feed.pollNow();
        };
        await poll();
        return async () => {
          await poll();
          const started = performance.now();
          const peak = await peakMemory(run);
          const elapsed = performance.now() - started;
          memory.get(size)?.push(peak / MIB);
          return elapsed;
        };
      },
    });
    const peak: Curve = {
      name: `\`chatwarden history ${PLAYER}\` where a feed has recorded the list, peak memory of the process`,
      unit: "MiB",
      sizeUnit: time.sizeUnit,
      growth: "flat",
      points: SIZES.map((size) => ({ size, value: median(memory.get(size) ?? []) })),
    };
    return [time, peak];
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
