// `chatwarden cases export` as an operator runs it, through the built binary, on SQLite and on
// PostgreSQL: the cases of the range on stdout (CSV and JSON Lines) with exit 0 and nothing on
// stderr; each wrong command line refused in one line with exit 64 and nothing on stdout; and a
// reader that stops reading (`| head -1`) ends the export quietly, with exit 0.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { CaseStore, type NewCase } from "../../src/moderation/cases.js";
import type { Actor } from "../../src/moderation/roles.js";
import { openStore } from "../../src/store/open-store.js";
import { insertCaseRows } from "../helpers/case-rows.js";
import { freshStoreLocation, STORE_KINDS, type TestStoreLocation } from "../helpers/stores.js";
import { CLI, lines, runCli } from "./cli-process.js";

const moderator: Actor = { platform: "discord", id: "100", displayName: "Mina", role: "moderator" };
const HEADER =
  "number,at,platform,actor_id,actor_name,command,target,args,reason,outcome,answer,error";

const ban = (target: string, reason: string): NewCase => ({
  actor: moderator,
  command: "ban",
  target,
  args: { gamer_id: target, days: 3 },
  reason,
  outcome: "success",
  answer: { gamer_id: target, days: 3 },
});

/** The store at `location` with one case at each instant; answers their numbers. */
async function recordCases(
  location: TestStoreLocation,
  cases: readonly [string, NewCase][],
): Promise<number[]> {
  const store = await openStore(location);
  let now = new Date(0);
  const record = new CaseStore(store, () => now);
  const numbers: number[] = [];
  try {
    for (const [at, entry] of cases) {
      now = new Date(at);
      numbers.push((await record.record(entry)).number);
    }
  } finally {
    await store.close();
  }
  return numbers;
}

function environment(location: TestStoreLocation): Record<string, string> {
  return {
    DATA_DIR: location.dataDir,
    ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
  };
}

describe.each(STORE_KINDS)("chatwarden cases export on %s", (kind) => {
  it("writes the cases of the range as CSV, oldest first, player formulas made text", async () => {
    const location = await freshStoreLocation(kind);
    const [, first, second] = await recordCases(location, [
      ["2026-10-31T23:59:59.999Z", ban("gamer-1", "before the range")],
      ["2026-11-01T00:00:00.000Z", ban("gamer-2", '=HYPERLINK("https://evil.example")')],
      ["2026-11-30T23:59:59.999Z", ban("gamer-3", "spam, again")],
      ["2026-12-01T00:00:00.000Z", ban("gamer-4", "after the range")],
    ]);
    const run = await runCli(
      ["cases", "export", "--since", "2026-11-01", "--until", "2026-11-30"],
      environment(location),
    );
    expect(run).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        HEADER,
        `${first},2026-11-01T00:00:00.000Z,discord,100,Mina,ban,gamer-2,"{""gamer_id"":""gamer-2"",""days"":3}","'=HYPERLINK(""https://evil.example"")",success,"{""gamer_id"":""gamer-2"",""days"":3}",`,
        `${second},2026-11-30T23:59:59.999Z,discord,100,Mina,ban,gamer-3,"{""gamer_id"":""gamer-3"",""days"":3}","spam, again",success,"{""gamer_id"":""gamer-3"",""days"":3}",`,
        "",
      ].join("\r\n"),
    });
  });

  it("writes every case as JSON Lines, the player's text as typed", async () => {
    const location = await freshStoreLocation(kind);
    const [first, second] = await recordCases(location, [
      ["2026-11-01T08:00:00.000Z", ban("gamer-1", "=1+1")],
      ["2026-11-02T08:00:00.000Z", ban("gamer-2", "flood")],
    ]);
    const run = await runCli(["cases", "export", "--format", "jsonl"], environment(location));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(lines(run.stdout).map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ number: first, at: "2026-11-01T08:00:00.000Z", reason: "=1+1" }),
      expect.objectContaining({ number: second, target: "gamer-2", reason: "flood", error: null }),
    ]);
  });
});

describe("chatwarden cases export", () => {
  it("writes the header alone for a store that does not exist yet, and creates none", async () => {
    const location = await freshStoreLocation("sqlite");
    const run = await runCli(["cases", "export"], environment(location));
    expect(run).toEqual({ code: 0, stdout: `${HEADER}\r\n`, stderr: "" });
    expect(existsSync(join(location.dataDir, "chatwarden.sqlite"))).toBe(false);
  });

  it.each([
    [
      ["--since", "2026-11-02", "--until", "2026-11-01"],
      "--until 2026-11-01 ends the range before --since 2026-11-02 starts it: it would hold no case",
    ],
    [
      ["--since", "1 November"],
      '--since "1 November" is not a date: write 2026-11-01 (a day, UTC) or 2026-11-01T09:30:00Z (a moment, with Z or an offset such as +09:00)',
    ],
    [
      ["--until", "2026-11-01T09:30"],
      '--until "2026-11-01T09:30" does not say its time zone: add Z for UTC or an offset such as +09:00',
    ],
    [["--format", "xlsx"], 'unknown format "xlsx": --format takes csv or jsonl'],
    [["--since"], "--since needs a value"],
    [["--from", "2026-11-01"], "cases export has no option --from"],
  ])("refuses %j with exit 64, one line and nothing on stdout", async (args, message) => {
    const location = await freshStoreLocation("sqlite");
    const run = await runCli(["cases", "export", ...args], environment(location));
    expect(run).toEqual({
      code: 64,
      stdout: "",
      stderr: `chatwarden: ${message}; "chatwarden cases --help" explains it\n`,
    });
  });

  it("refuses a missing or mistyped subcommand with exit 64", async () => {
    const location = await freshStoreLocation("sqlite");
    const none = await runCli(["cases"], environment(location));
    expect(none.code).toBe(64);
    expect(none.stderr).toMatch(/^chatwarden: cases needs a subcommand: chatwarden cases export /);
    const typo = await runCli(["cases", "exprot"], environment(location));
    expect(typo.code).toBe(64);
    expect(typo.stderr).toMatch(/cases has no subcommand "exprot" \(did you mean export\?\)/);
  });

  it("fails with exit 1 and says why when the store cannot be read", async () => {
    const location = await freshStoreLocation("sqlite");
    writeFileSync(join(location.dataDir, "chatwarden.sqlite"), "not a database ".repeat(100));
    const run = await runCli(["cases", "export"], environment(location));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `chatwarden: the export failed, so any output is incomplete: the store ${join(location.dataDir, "chatwarden.sqlite")} is damaged: move it aside and restore a backup (chatwarden backup)\n`,
    );
  });

  it("ends quietly with exit 0 when the reader stops reading, as `| head -1` does", async () => {
    const location = await freshStoreLocation("sqlite");
    const store = await openStore(location);
    // Some 2 MB of CSV: far past what a pipe holds, so the export is still writing when the
    // reader goes.
    await insertCaseRows(store, {
      count: 10_000,
      from: new Date("2026-11-01T00:00:00Z"),
      everyMs: 1_000,
      padding: 100,
    });
    await store.close();

    const child = spawn(process.execPath, [CLI, "cases", "export"], {
      cwd: location.dataDir,
      env: { ...process.env, ...environment(location) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = once(child, "exit");
    const [first] = await createInterface({ input: child.stdout })
      [Symbol.asyncIterator]()
      .next()
      .then((line) => [line.value]);
    expect(first).toBe(HEADER);
    // The reader has its line and goes: the pipe's read end closes.
    child.stdout.destroy();
    const [code, signal] = await exited;
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: "" });
  });
});
