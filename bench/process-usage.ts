// What another process has used so far, read from Linux's /proc: its CPU time (user + system)
// and its resident memory. For benchmarks whose subject runs in a child process, so that the
// child's own work is measured and not the load generator's beside it.
import { readdirSync, readFileSync } from "node:fs";

/**
 * The process's CPU time so far, every thread's, in milliseconds. From each thread's schedstat
 * (nanoseconds on a CPU), not /proc/PID/stat, whose clock ticks of 10 ms are a tenth of a
 * round of the floor's work.
 */
export function cpuMsOf(pid: number): number {
  let nanoseconds = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      const [onCpu] = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, "utf8").split(" ");
      nanoseconds += Number(onCpu);
    } catch {
      // The thread ended between the listing and the read: its time is gone with it.
    }
  }
  return nanoseconds / 1e6;
}

/** The process's resident memory now (`VmRSS`) and at its highest (`VmHWM`), in MiB. */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rssMiB: kib("VmRSS") / 1024, peakMiB: kib("VmHWM") / 1024 };
}
