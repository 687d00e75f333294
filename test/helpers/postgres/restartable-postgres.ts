// A PostgreSQL of a test's own that the test can restart, stop at once, and start again on the
// same port and data (restartable-server.ts runs it in a child process). The run's shared
// server (global-setup.ts) is never stopped: other files use it at the same time.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { z } from "zod";

const serverScript = fileURLToPath(new URL("./restartable-server.ts", import.meta.url));
const eventSchema = z.discriminatedUnion("event", [
  z.object({ event: z.literal("up"), url: z.string() }),
  z.object({ event: z.literal("down") }),
  z.object({ event: z.literal("error"), message: z.string() }),
]);
type ServerEvent = z.infer<typeof eventSchema>;

export type StopMode = "fast" | "immediate";

export interface RestartablePostgres {
  /** The server's URL (database `postgres`); the same across restarts. */
  url: string;
  /** Stops the server as `pg_ctl stop -m fast` (sessions ended cleanly) or `-m immediate`. */
  stop(mode: StopMode): Promise<void>;
  /** Starts it again; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  close(): Promise<void>;
}

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const child = spawn(process.execPath, ["--import", "tsx", serverScript], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting: ((event: ServerEvent) => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    waiting.shift()?.(eventSchema.parse(JSON.parse(line)));
  });
  const exited = once(child, "exit");

  function next(expected: ServerEvent["event"]): Promise<ServerEvent> {
    return new Promise((resolve, reject) => {
      const failed = () => reject(new Error("the PostgreSQL supervisor exited"));
      child.once("exit", failed);
      waiting.push((event) => {
        child.off("exit", failed);
        if (event.event === expected) resolve(event);
        else reject(new Error(event.event === "error" ? event.message : `got ${event.event}`));
      });
    });
  }
  function send(command: object, expected: ServerEvent["event"]): Promise<ServerEvent> {
    const answer = next(expected);
    child.stdin.write(`${JSON.stringify(command)}\n`);
    return answer;
  }

  const up = await send({ op: "start" }, "up");
  const url = up.event === "up" ? up.url : "";
  return {
    url,
    async stop(mode) {
      await send({ op: "stop", mode }, "down");
    },
    async start() {
      await send({ op: "start" }, "up");
    },
    async close() {
      if (child.exitCode !== null) return;
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * A restartable PostgreSQL for every test of the calling file: started before the first, closed
 * after the last. Call at the top of the file; the getter gives the server inside a test.
 */
export function restartablePostgresForFile(): () => RestartablePostgres {
  let server: RestartablePostgres | undefined;
  beforeAll(async () => {
    server = await startRestartablePostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error("the file's PostgreSQL has not started");
    return server;
  };
}
