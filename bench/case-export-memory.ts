// `chatwarden cases export`, the built command as a whole process, against the number of cases
// it exports (every case of a store of that size, as CSV; SQLite, or PostgreSQL as
// `case-export-postgres`): its peak resident memory
// (VmHWM, max-rss-hook.mjs) and its wall time, in the same runs. The export reads the store a
// page at a time and writes stdout only as fast as the reader takes it, so the peak should not
// grow with the store: a flat curve; the time grows with the cases, a linear one. The reader is
// this process, through a pipe, counting what it reads and dropping it.
// What the peak still grows by (some 20 MiB a tenfold) is V8's heap slack, not live data: the
// heap in use stays near 30 MiB throughout. So the largest store is exported once more with the
// heap capped at 32 MiB (--max-old-space-size): an export that held its cases (the CSV of a
// million is 120 MiB) would die there; this one must finish, and its peak is a ceiling.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type StoreSettings } from "../src/store/open-store.js";
import { insertCaseRows } from "../test/helpers/case-rows.js";
import { type Curve, measureCurve } from "./curve.js";
import { CLI } from "./emulator-process.js";
import { type Ceiling, median } from "./measure.js";
import { freshDatabase } from "./postgres.js";
import { peakMemory } from "./processes.js";
import { withoutChatwardenSettings } from "./startup.js";

const SIZES = [10_000, 100_000, 1_000_000];
const ROUNDS = 2;
const MIB = 1_048_576;

type Engine = "SQLite" | "PostgreSQL";

/** A store holding `count` cases, one a second from 1 November 2026. */
async function storeOf(folder: string, engine: Engine, count: number): Promise<StoreSettings> {
  const settings: StoreSettings = {
    dataDir: join(folder, `cases-${count}`),
    databaseUrl: engine === "PostgreSQL" ? await freshDatabase() : undefined,
  };
  // The command runs there (no .env in it); PostgreSQL's store makes no folder of its own.
  mkdirSync(settings.dataDir, { recursive: true });
  const store = await openStore(settings);
  try {
    await insertCaseRows(store, { count, from: new Date("2026-11-01T00:00:00Z"), everyMs: 1_000 });
  } finally {
    await store.close();
  }
  return settings;
}

/** Runs the export of a store to its end; its peak memory in bytes, after checking its lines. */
async function exportPeak(
  { dataDir, databaseUrl }: StoreSettings,
  count: number,
  nodeOptions: readonly string[] = [],
): Promise<number> {
  let records = 0;
  const peak = await peakMemory({
    args: [...nodeOptions, CLI, "cases", "export"],
    cwd: dataDir,
    env: {
      ...withoutChatwardenSettings(process.env),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    onStdout: (chunk) => {
      for (const byte of chunk) if (byte === 0x0a) records++;
    },
  });
  // The header and one record a case: nothing was cut short.
  if (records !== count + 1) throw new Error(`the export of ${count} cases wrote ${records} lines`);
  return peak;
}

/** The heap's cap for the last run: far below what a million cases held at once would need. */
const CAPPED_HEAP_MIB = 32;
/** The capped run's peak may not pass this: the process with a heap of at most 32 MiB. */
const CAPPED_PEAK_TARGET_MIB = 160;

export function benchCaseExportMemory(): Promise<(Curve | Ceiling)[]> {
  return benchExport("SQLite");
}

export function benchCaseExportMemoryPostgres(): Promise<(Curve | Ceiling)[]> {
  return benchExport("PostgreSQL");
}

async function benchExport(engine: Engine): Promise<(Curve | Ceiling)[]> {
  const folder = mkdtempSync(join(tmpdir(), "chatwarden-bench-export-"));
  const seconds = new Map<number, number[]>(SIZES.map((size) => [size, []]));
  const largest = SIZES[SIZES.length - 1] ?? 0;
  let largestStore: StoreSettings | undefined;
  try {
    const peak = await measureCurve({
      name: `\`chatwarden cases export\` (CSV, ${engine}) of every case, peak memory of the process`,
      unit: "MiB",
      sizeUnit: "cases",
      growth: "flat",
      sizes: SIZES,
      rounds: ROUNDS,
      prepare: async (size) => {
        const store = await storeOf(folder, engine, size);
        if (size === largest) largestStore = store;
        return async () => {
          const started = performance.now();
          const bytes = await exportPeak(store, size);
          seconds.get(size)?.push((performance.now() - started) / 1000);
          return bytes / MIB;
        };
      },
    });
    const time: Curve = {
      name: `\`chatwarden cases export\` (CSV, ${engine}) of every case, wall time of the process`,
      unit: "s",
      sizeUnit: "cases",
      growth: "linear",
      points: SIZES.map((size) => ({ size, value: median(seconds.get(size) ?? []) })),
    };
    if (!largestStore) throw new Error("no store of the largest size");
    const capped = await exportPeak(largestStore, largest, [
      `--max-old-space-size=${CAPPED_HEAP_MIB}`,
    ]);
    const ceiling: Ceiling = {
      name: `\`chatwarden cases export\` (${engine}) of ${largest.toLocaleString("en")} cases with the JavaScript heap capped at ${CAPPED_HEAP_MIB} MiB, peak memory of the process`,
      value: capped / MIB,
      unit: "MiB",
      target: CAPPED_PEAK_TARGET_MIB,
      detail: "it finished, every case written: what it holds at once fits in that heap",
    };
    return [peak, time, ceiling];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
