// Preloaded with `node --import` into a process whose peak memory a benchmark wants: at exit it
// writes the process's peak resident set size, in bytes, to the file BENCH_MAX_RSS_FILE names.
// On Linux the figure is VmHWM from /proc/self/status, the high-water mark of this program's own
// memory. Not `process.resourceUsage().maxRSS`: Linux keeps that figure across fork and exec, so
// a child started by a large process (the benchmark itself) reports the parent's size. Elsewhere
// maxRSS is all there is. Nothing allocates much after the 'exit' event.
// Plain JavaScript: a loader such as tsx would weigh on the very figure measured.
import { readFileSync, writeFileSync } from "node:fs";

const file = process.env.BENCH_MAX_RSS_FILE;

function peakBytes() {
  try {
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    if (kib !== undefined) return Number(kib) * 1024;
  } catch {
    // Not Linux: no /proc.
  }
  return process.resourceUsage().maxRSS * 1024;
}

if (file) {
  process.on("exit", () => {
    writeFileSync(file, String(peakBytes()));
  });
}
