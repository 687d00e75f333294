// The child behind first-poll-memory.ts: one process, one measurement, so that the kernel's figures
// are this work's alone.
//   node --expose-gc --import tsx first-poll-memory-process.ts BASE_URL poll|fetch-parse
// `poll`: the feed's first poll of an empty SQLite store (every report recorded, the newest 10
// posted), as `serve` runs it. `fetch-parse`: the least that reading the list takes, one GET with
// undici and `JSON.parse` of the body, the value kept to the end.
// Both start alike (a core on a fresh DATA_DIR, a poller), then collect garbage, note the memory,
// and reset the kernel's high-water mark of resident memory (`VmHWM`, by writing 5 to
// /proc/self/clear_refs, Linux ≥ 4.0), so that the peak read after the work is the work's and not
// start-up's. It prints one JSON line: resident memory before, the peak during the work, resident
// memory and the JavaScript heap (with the memory of ArrayBuffers) once garbage is collected after
// it, the poller still alive: what a running feed keeps.
import { writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { BENCH_TOKEN, pollerOf, startBenchCore } from "./bench-core.js";
import { memoryOf } from "./process-usage.js";

const MIB = 1_048_576;
const [baseUrl, mode] = process.argv.slice(2);
if (baseUrl === undefined || (mode !== "poll" && mode !== "fetch-parse")) {
  throw new Error("usage: first-poll-memory-process.ts BASE_URL poll|fetch-parse");
}
const gc = globalThis.gc;
if (gc === undefined) throw new Error("run with node --expose-gc");

/**
 * The heap's live objects and what typed arrays hold outside it, in bytes, garbage collected.
 * Several collections, each followed by a pause: V8 frees an ArrayBuffer's memory on a background
 * thread after the collection that found it dead, so `external` read at once still counts the
 * body's buffers (no event says when that is done).
 */
async function retainedBytes(): Promise<number> {
  for (let collection = 0; collection < 3; collection++) {
    gc?.();
    await sleep(20);
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

const bench = await startBenchCore(baseUrl);
// A module's binding: alive to the end, as a running feed's poller is.
const poller = pollerOf(bench.core, 10);
const heapBefore = await retainedBytes();
const rssBefore = memoryOf(process.pid).rssMiB;
writeFileSync("/proc/self/clear_refs", "5");

let kept: unknown;
if (mode === "poll") {
  const result = await poller.poll();
  kept = result.recordedOnly + result.opened.length;
} else {
  const response = await request(`${baseUrl}/report_list`, {
    headers: { authorization: `Bearer ${BENCH_TOKEN}` },
  });
  kept = JSON.parse(await response.body.text());
}
const peak = memoryOf(process.pid).peakMiB;
const heapAfter = await retainedBytes();
const rssAfter = memoryOf(process.pid).rssMiB;
process.stdout.write(
  `${JSON.stringify({
    reports: typeof kept === "number" ? kept : Array.isArray(kept) ? kept.length : 0,
    rssBeforeMiB: rssBefore,
    peakMiB: peak,
    rssAfterMiB: rssAfter,
    retainedMiB: (heapAfter - heapBefore) / MIB,
  })}\n`,
);
await bench.close();
