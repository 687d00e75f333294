// What another process has used so far, read from Linux's /proc: its CPU time (user + system)
// and its resident memory. For benchmarks whose subject runs in a child process, so that the
// child's own work is measured and not the load generator's beside it.
import { readFileSync } from "node:fs";

/** Linux counts CPU time in clock ticks of 1/100 s (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

/** The process's CPU time so far, user and system, in milliseconds (10 ms steps). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name, in parentheses, may hold spaces: the fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of proc(5); fields[0] here is field 3.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The process's resident memory now (`VmRSS`) and at its highest (`VmHWM`), in MiB. */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rssMiB: kib("VmRSS") / 1024, peakMiB: kib("VmHWM") / 1024 };
}
