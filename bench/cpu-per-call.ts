// The CPU time of one call of synchronous work, in this process: calls are repeated until enough
// wall time has passed for the CPU clock (a few milliseconds' resolution) to say something, and
// the time is divided among them. CPU time, not wall time: this process's work alone, which the
// other engineers' processes on a shared machine move far less.

/** Wall time the calls of one measurement are repeated for, unless asked otherwise. */
const MEASURE_FOR_MS = 100;

/** This process's CPU milliseconds per call of `work`, over at least `forMs` of calls. */
export function cpuMsPerCall(work: () => unknown, forMs = MEASURE_FOR_MS): number {
  let calls = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  do {
    work();
    calls += 1;
  } while (performance.now() - started < forMs);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / calls;
}
