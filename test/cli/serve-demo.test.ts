// `chatwarden serve` with no chat API configured (what `npm start` does out of the box) runs
// against the built-in emulator with demo data: its cases live in DATA_DIR/demo, apart from a
// real deployment's, and its HTTP server listens on this machine only.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLI } from "./cli-process.js";

interface DemoServe {
  bot: ChildProcess;
  dataDir: string;
  stdout(): string;
}

/** Starts `serve` with no chat API in a data folder of its own; resolves once HTTP is up. */
async function startDemoServe(): Promise<DemoServe> {
  const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-serve-demo-"));
  const { CHAT_API_BASE_URL: _url, CHAT_API_TOKEN: _token, ...inherited } = process.env;
  const bot = spawn(process.execPath, [CLI, "serve"], {
    cwd: dataDir,
    // Not a terminal: no console, so serve runs until signalled.
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...inherited, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "warn" },
  });
  started.push({ bot, dataDir });
  let stdout = "";
  bot.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  await vi.waitFor(() => expect(stdout).toMatch(/HTTP on port \d+/), {
    timeout: 15_000,
    interval: 50,
  });
  return { bot, dataDir, stdout: () => stdout };
}

const started: { bot: ChildProcess; dataDir: string }[] = [];
// The serve the reading tests look at; the SIGTERM test stops one of its own.
let serve: DemoServe;

beforeAll(async () => {
  serve = await startDemoServe();
});

afterAll(async () => {
  for (const { bot, dataDir } of started) {
    if (bot.exitCode === null && bot.signalCode === null) {
      bot.kill("SIGKILL");
      await new Promise((resolve) => bot.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The local addresses listening on `port`, from the kernel's table: `0100007F` is 127.0.0.1. */
function listeningAddresses(port: number): string[] {
  const listening = "0A";
  const found: string[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const [, local = "", , state] = line.trim().split(/\s+/);
      const [address = "", hexPort = ""] = local.split(":");
      if (state === listening && Number.parseInt(hexPort, 16) === port) found.push(address);
    }
  }
  return found;
}

describe("chatwarden serve with no chat API", () => {
  it("says it runs the demo, and where the demo's data is", () => {
    expect(serve.stdout()).toContain("No CHAT_API_BASE_URL set");
    expect(serve.stdout()).toContain(`demo data: ${join(serve.dataDir, "demo")}`);
  });

  it("keeps its store in DATA_DIR/demo", () => {
    expect(existsSync(join(serve.dataDir, "demo", "chatwarden.sqlite"))).toBe(true);
    expect(existsSync(join(serve.dataDir, "chatwarden.sqlite"))).toBe(false);
  });

  it("listens on 127.0.0.1 only", async () => {
    const port = Number(/HTTP on port (\d+)/.exec(serve.stdout())?.[1]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(listeningAddresses(port)).toEqual(["0100007F"]);
  });

  it("stops on SIGTERM", async () => {
    const { bot } = await startDemoServe();
    const exited = new Promise((resolve) => bot.once("exit", resolve));
    bot.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
