// `chatwarden serve` with no chat API configured (what `npm start` does out of the box) runs
// against the built-in emulator with demo data: its cases live in DATA_DIR/demo, apart from a
// real deployment's, and its HTTP server listens on this machine only.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLI } from "./cli-process.js";

let dataDir: string;
let bot: ChildProcess;
let stdout = "";

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "chatwarden-serve-demo-"));
  const { CHAT_API_BASE_URL: _url, CHAT_API_TOKEN: _token, ...inherited } = process.env;
  bot = spawn(process.execPath, [CLI, "serve"], {
    cwd: dataDir,
    // Not a terminal: no console, so serve runs until signalled.
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...inherited, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "warn" },
  });
  bot.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  await vi.waitFor(() => expect(stdout).toMatch(/HTTP on port \d+/), {
    timeout: 15_000,
    interval: 50,
  });
});

afterAll(async () => {
  if (bot.exitCode === null) {
    bot.kill("SIGKILL");
    await new Promise((resolve) => bot.once("exit", resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
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
    expect(stdout).toContain("No CHAT_API_BASE_URL set");
    expect(stdout).toContain(`demo data: ${join(dataDir, "demo")}`);
  });

  it("keeps its store in DATA_DIR/demo", () => {
    expect(existsSync(join(dataDir, "demo", "chatwarden.sqlite"))).toBe(true);
    expect(existsSync(join(dataDir, "chatwarden.sqlite"))).toBe(false);
  });

  it("listens on 127.0.0.1 only", async () => {
    const port = Number(/HTTP on port (\d+)/.exec(stdout)?.[1]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(listeningAddresses(port)).toEqual(["0100007F"]);
  });

  it("stops on SIGTERM", async () => {
    const exited = new Promise((resolve) => bot.once("exit", resolve));
    bot.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
