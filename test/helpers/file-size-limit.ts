// A DATA_DIR that cannot be written, made without mounting anything and as root too: the running
// bot's own file-size limit (RLIMIT_FSIZE) set to 0 with util-linux's prlimit. The kernel then
// refuses every write to a regular file at any offset (EFBIG; Node ignores the SIGXFSZ that comes
// with it), so SQLite can read its file but write nothing, as on a full or read-only disk; pipes
// (the log) are not files and still work. Permission bits would not do: root ignores them.
// https://man7.org/linux/man-pages/man2/getrlimit.2.html (RLIMIT_FSIZE)
import { execFileSync } from "node:child_process";

/** From now on `pid` can write no byte to any file, until `allowFileWrites`. */
export function forbidFileWrites(pid: number): void {
  execFileSync("prlimit", ["--pid", String(pid), "--fsize=0:unlimited"]);
}

export function allowFileWrites(pid: number): void {
  execFileSync("prlimit", ["--pid", String(pid), "--fsize=unlimited:unlimited"]);
}
