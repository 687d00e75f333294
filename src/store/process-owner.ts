// Which process holds something in the store (a delivery in flight, a pending case, a lock), and
// whether it still lives. On the same host a dead process is known at once, so a crash need not
// wait for a lease to run out; another host's process is assumed alive until its lease ends.
import { hostname } from "node:os";

/** This process, as the store names it: `host:pid`. */
export const PROCESS_OWNER = `${hostname()}:${process.pid}`;

/** Whether the `host:pid` owner is a live process; another host's is assumed alive. */
export function isAlive(owner: string): boolean {
  const separator = owner.lastIndexOf(":");
  const host = owner.slice(0, separator);
  const pid = Number(owner.slice(separator + 1));
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is someone else's process.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
