// No action without its case, found by an adversarial review and reproduced with the built
// `chatwarden` one-shot CLI: a kill -9 while its PUT is in flight (the ban applied, no case), a
// damaged store (the ban applied, "Something went wrong"), and a full DATA_DIR (every answer
// "Case #3", nothing stored). Now the case is written as pending before the API is called, a
// store that cannot be written stops the action before it, and a case left pending is settled
// from the API at the next start.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { silentLogger } from "../../src/log.js";
import { CaseStore } from "../../src/moderation/cases.js";
import { settlePendingCases } from "../../src/moderation/pending-cases.js";
import { startHttpServer } from "../../src/runtime/http-server.js";
import { DATABASE_FILE, openSqliteStore, SqliteStore } from "../../src/store/sqlite/open-sqlite.js";
import { createTestCore, moderator, startHarness } from "../helpers/core.js";
import { seatPlayers, startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { CLI } from "./bot-process.js";

let emulator: RunningEmulator;
let dataDir: string;
beforeEach(async () => {
  emulator = await startTestEmulator();
  // The players banned below are in a channel: the bot finds them there and bans without asking.
  seatPlayers(emulator.state, "killed-1", "corrupt-1", "full-1");
  seatPlayers(emulator.state, ...[0, 1, 2, 3, 4].map((n) => `tmpfs-${n}`));
  dataDir = mkdtempSync(join(tmpdir(), "chatwarden-intent-"));
});
afterEach(async () => {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = (dir: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  CHAT_API_BASE_URL: emulator.baseUrl,
  CHAT_API_TOKEN: TEST_TOKEN,
  DATA_DIR: dir,
  LOG_LEVEL: "silent",
});

function cli(args: string[], dir = dataDir): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [CLI, ...args], { env: env(dir) });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<CliResult>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}
interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}
const puts = () =>
  emulator.requests.filter((r) => r.method === "PUT" && r.path === "/block_user_chat");
const coreOn = (dir: string) => createTestCore(emulator.baseUrl, dir);

describe("a kill -9 while the ban is in flight", () => {
  it("leaves a pending case, which the next start settles from the API", async () => {
    emulator.faults.add({ method: "PUT", path: "/block_user_chat", latencyMs: 1_500 });
    const { child, done } = cli(["ban", "killed-1", "3", "--reason", "spam"]);
    await vi.waitFor(() => expect(puts()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    child.kill("SIGKILL");
    expect((await done).signal).toBe("SIGKILL");
    // The emulator finishes the PUT it received: the ban is in effect.
    await vi.waitFor(() => expect(emulator.state.runningBan("killed-1")).toBeDefined(), {
      timeout: 5_000,
      interval: 20,
    });

    const core = await coreOn(dataDir);
    try {
      const [left] = await core.cases.forTarget("killed-1");
      expect(left?.outcome).toBe("pending");
      const settled = await settlePendingCases(core.cases, core.api, silentLogger);
      expect(settled.map((entry) => entry.number)).toEqual([left?.number]);
      const history = await core.runner.run({
        command: "history",
        args: { gamer_id: "killed-1" },
        actor: moderator,
      });
      expect((await core.cases.forTarget("killed-1"))[0]?.outcome).toBe("success");
      expect(JSON.stringify(history.fields)).toContain(`#${left?.number} ban 3`);
    } finally {
      await core.close();
    }
  });

  it("settles a case whose action never reached the API as not done", async () => {
    // As if a process on this host had died before its PUT: the owner pid does not exist.
    const store = openSqliteStore(dataDir);
    const cases = new CaseStore(store, () => new Date(), `${hostname()}:999999999`);
    const opened = await cases.open({
      actor: moderator,
      command: "ban",
      target: "never-sent",
      args: { gamer_id: "never-sent", days: 3 },
    });
    await store.close();
    const core = await coreOn(dataDir);
    try {
      await settlePendingCases(core.cases, core.api, silentLogger);
      const settled = await core.cases.get(opened.number);
      expect(settled?.outcome).toBe("failed");
      expect(settled?.error).toMatch(/shows it was not done/);
    } finally {
      await core.close();
    }
  });
});

describe("a store that cannot be written", () => {
  it("a damaged store stops the CLI before any API call, naming DATA_DIR and the file", async () => {
    writeFileSync(join(dataDir, DATABASE_FILE), "this is not a database, ".repeat(400));
    const result = await cli(["ban", "corrupt-1", "3"]).done;
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(join(dataDir, DATABASE_FILE));
    expect(result.stderr).toMatch(/is damaged: move it aside and restore a backup/);
    expect(puts()).toHaveLength(0);
  });

  it("settles what a crash left pending once the store answers again, when it could not at start-up", async () => {
    const h = await startHarness();
    try {
      // A case of a process on this host that died mid-action: its pid does not exist.
      const orphaned = new CaseStore(h.core.store, () => new Date(), `${hostname()}:999999999`);
      const opened = await orphaned.open({
        actor: moderator,
        command: "ban",
        target: "unsettled-1",
        args: { gamer_id: "unsettled-1", days: 3 },
      });
      if (!(h.core.store instanceof SqliteStore)) throw new Error("the harness's store is SQLite");
      const { sqlite } = h.core.store;
      // Every write refused at start-up, as on a read-only disk.
      sqlite.pragma("query_only = ON");
      expect(await settlePendingCases(h.core.cases, h.core.api, silentLogger)).toEqual([]);
      expect((await h.core.cases.get(opened.number))?.outcome).toBe("pending");

      sqlite.pragma("query_only = OFF");
      // The store's probe finds it writable: the settlement runs again, with no restart.
      await h.core.store.health.probe();
      await h.core.store.health.settled();
      const settled = await h.core.cases.get(opened.number);
      expect(settled?.outcome).toBe("failed");
      expect(settled?.error).toMatch(/shows it was not done/);
    } finally {
      await h.close();
    }
  });

  it("a full store (in process) sends nothing and says DATA_DIR is full", async () => {
    const h = await startHarness();
    // In a channel: the bot finds the player there even though the full store cannot learn him.
    seatPlayers(h.emulator.state, "full-1");
    try {
      // SQLite's page cap stands in for a full disk: the same SQLITE_FULL, on every machine.
      if (!(h.core.store instanceof SqliteStore)) throw new Error("the harness's store is SQLite");
      const { sqlite } = h.core.store;
      const pages = Number(sqlite.pragma("page_count", { simple: true }));
      sqlite.pragma(`max_page_count = ${pages}`);
      // Fill every gap of the cases table and its index, big rows first, then smaller ones.
      const filler = sqlite.prepare(
        "INSERT INTO cases (at, platform, actor_id, actor_name, command, target, args, outcome) VALUES ('', 'cli', '', '', 'filler', ?, '{}', 'success')",
      );
      for (const size of [2_000, 500, 100, 20, 1]) {
        expect(() => {
          for (;;) filler.run("x".repeat(size));
        }).toThrow(/full/);
      }
      const view = await h.run("ban", { gamer_id: "full-1", days: "3" });
      expect(view.outcome).toBe("error");
      expect(view.title).toBe("ban was not done");
      expect(view.description).toContain(`DATA_DIR (${h.dataDir}) is full`);
      expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);

      // /readyz says so, naming the store, as serve wires it.
      const http = await startHttpServer(0, "127.0.0.1");
      try {
        http.setReadiness("store", () => h.core.store.health.readiness());
        const answer = await fetch(`http://127.0.0.1:${http.port()}/readyz`);
        expect(answer.status).toBe(503);
        expect(await answer.json()).toEqual({
          status: "not ready",
          components: {
            store: {
              ready: false,
              detail: expect.stringMatching(
                `^cannot write to SQLite since \\d\\d:\\d\\d UTC: DATA_DIR \\(${h.dataDir}\\) is full: free some space there$`,
              ),
            },
          },
        });
      } finally {
        await http.close();
      }
    } finally {
      await h.close();
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    "a full DATA_DIR on a 2 MB tmpfs: no case number repeats, none is claimed that is not stored",
    async (context) => {
      const mountPoint = mkdtempSync(join(tmpdir(), "chatwarden-tmpfs-"));
      try {
        // Room for a new store after its 19 migrations (about 600 KB with its write-ahead log:
        // 512 KB no longer held it), and then filled below.
        execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint]);
      } catch {
        rmSync(mountPoint, { recursive: true, force: true });
        // mount is not permitted here; the in-process test above covers the path.
        context.skip();
        return;
      }
      const dir = join(mountPoint, "data");
      mkdirSync(dir);
      try {
        expect((await cli(["ban", "tmpfs-0", "1"], dir).done).code).toBe(0);
        // Fill what is left of the disk.
        const filler = openSync(join(mountPoint, "filler"), "w");
        try {
          for (;;) writeSync(filler, Buffer.alloc(4096));
        } catch {
          // ENOSPC: full.
        } finally {
          closeSync(filler);
        }
        const answers: CliResult[] = [];
        for (let n = 1; n <= 4; n++) answers.push(await cli(["ban", `tmpfs-${n}`, "1"], dir).done);
        rmSync(join(mountPoint, "filler"));

        const claimed = answers.flatMap((answer) => [
          ...answer.stdout.matchAll(/Case #(\d+)(?! is settled)/g),
        ]);
        const numbers = claimed.map((match) => Number(match[1]));
        expect(new Set(numbers).size).toBe(numbers.length);
        const said = answers.map((answer) => answer.stdout + answer.stderr).join("\n---\n");
        expect(said, said).toMatch(/DATA_DIR \(.*\) is full/);
        const core = await coreOn(dir);
        try {
          for (const number of numbers) {
            expect((await core.cases.get(number))?.outcome).toBe("success");
          }
        } finally {
          await core.close();
        }
      } finally {
        execFileSync("umount", [mountPoint]);
        rmSync(mountPoint, { recursive: true, force: true });
      }
    },
  );
});
