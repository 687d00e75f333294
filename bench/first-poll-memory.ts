// The memory of the feed's very first poll (an empty store: every report of the list recorded, the
// newest 10 posted), against the size of the list, each measurement a process of its own
// (first-poll-memory-process.ts) reading the list from a server of fixed bodies in another process
// (body-server.ts). The peak is the process's high-water mark of resident memory during the poll
// above its resident memory just before, in multiples of the body's bytes on the wire; the same is
// measured for fetch + `JSON.parse` of the same body in the same rounds, the floor of reading the
// list at once. After the poll, with garbage collected, what the poller keeps for its diff (the
// report_id → player and fingerprint map) per report, and the process's resident memory.
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { startBodyServer } from "./body-server.js";
import { type Curve, measureCurve } from "./curve.js";
import { type BenchResult, type Ceiling, median } from "./measure.js";
import { runNode } from "./processes.js";
import { syntheticReportList } from "./report-list.js";

const SIZES = [25_000, 50_000, 100_000];
const ROUNDS = 3;
/** The first poll may hold at most this many times the body's bytes (issue 19, item 5). */
const PEAK_TARGET = 3;
const MIB = 1_048_576;
const CHILD = fileURLToPath(new URL("./first-poll-memory-process.ts", import.meta.url));

const measuredSchema = z.object({
  reports: z.number(),
  rssBeforeMiB: z.number(),
  peakMiB: z.number(),
  rssAfterMiB: z.number(),
  retainedMiB: z.number(),
});
type Measured = z.infer<typeof measuredSchema>;

async function measureChild(baseUrl: string, mode: "poll" | "fetch-parse"): Promise<Measured> {
  const { stdout } = await runNode({
    args: ["--expose-gc", "--import", "tsx", CHILD, baseUrl, mode],
  });
  return measuredSchema.parse(JSON.parse(stdout));
}

export async function benchFirstPollMemory(): Promise<BenchResult[]> {
  const server = await startBodyServer();
  const bodyBytes = new Map<number, number>();
  const floor = new Map<number, number[]>(SIZES.map((size) => [size, []]));
  const retained = new Map<number, number[]>(SIZES.map((size) => [size, []]));
  const steady = new Map<number, number[]>(SIZES.map((size) => [size, []]));
  const peakMiB = new Map<number, number[]>(SIZES.map((size) => [size, []]));
  try {
    const peak = await measureCurve({
      name: "First poll of an empty store: peak resident memory above the process before it",
      unit: "× the body's bytes",
      sizeUnit: "reports listed",
      growth: "flat",
      sizes: SIZES,
      rounds: ROUNDS,
      prepare: async (size) => {
        const name = `reports-${size}`;
        const body = Buffer.from(JSON.stringify(syntheticReportList(size)));
        bodyBytes.set(size, body.length);
        await server.store(name, body);
        const perByte = (measured: Measured) =>
          ((measured.peakMiB - measured.rssBeforeMiB) * MIB) / body.length;
        return async () => {
          await server.serve("/report_list", name);
          const read = await measureChild(server.baseUrl, "fetch-parse");
          if (read.reports !== size) throw new Error(`fetch-parse read ${read.reports}`);
          floor.get(size)?.push(perByte(read));
          const polled = await measureChild(server.baseUrl, "poll");
          if (polled.reports !== size) throw new Error(`the first poll took ${polled.reports}`);
          retained.get(size)?.push((polled.retainedMiB * MIB) / size);
          steady.get(size)?.push(polled.rssAfterMiB);
          peakMiB.get(size)?.push(polled.peakMiB);
          return perByte(polled);
        };
      },
    });
    const curveOf = (figures: Map<number, number[]>, rest: Omit<Curve, "points">): Curve => ({
      ...rest,
      points: SIZES.map((size) => ({ size, value: median(figures.get(size) ?? []) })),
    });
    const largest = SIZES[SIZES.length - 1] ?? 0;
    const largestPeak = peak.points[peak.points.length - 1]?.value ?? Number.NaN;
    const ceiling: Ceiling = {
      name: `First poll of ${largest.toLocaleString("en")} reports (${((bodyBytes.get(largest) ?? 0) / 1e6).toFixed(1)} MB): peak above the process before it`,
      value: largestPeak,
      unit: "× the body's bytes",
      target: PEAK_TARGET,
      detail: `peak resident ${median(peakMiB.get(largest) ?? []).toFixed(0)} MiB; fetch + JSON.parse of the same body ${median(floor.get(largest) ?? []).toFixed(2)}× the body's bytes`,
    };
    return [
      peak,
      curveOf(floor, {
        name: "fetch + JSON.parse of the same body, measured the same way",
        unit: "× the body's bytes",
        sizeUnit: "reports listed",
        growth: "flat",
      }),
      ceiling,
      curveOf(retained, {
        name: "What the poller keeps after the first poll (heap and typed arrays, garbage collected)",
        unit: "bytes per report",
        sizeUnit: "reports known",
        growth: "flat",
      }),
      curveOf(steady, {
        name: "Resident memory of the process after the first poll, garbage collected",
        unit: "MiB",
        sizeUnit: "reports known",
        growth: "linear",
      }),
    ];
  } finally {
    await server.close();
  }
}
