// `chatwarden backup FILE` as an operator runs it, through the built binary: a backup taken while
// another process keeps recording cases opens, passes `PRAGMA integrity_check`, and holds a
// consistent snapshot (cases 1..N, none missing); and each way it can be refused says so in one
// line, leaving nothing at FILE.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CaseStore } from "../../src/moderation/cases.js";
import { operatorActor } from "../../src/moderation/roles.js";
import { DATABASE_FILE, openSqliteStore, SqliteStore } from "../../src/store/sqlite/open-sqlite.js";
import { lines, runCli } from "../cli/cli-process.js";

const WRITER = join(import.meta.dirname, "case-writer.ts");
/** Cases the writer records before the backup starts: enough for a store of many pages. */
const CASES_BEFORE_BACKUP = 2000;

let folder: string;
let dataDir: string;
let backups: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "chatwarden-e2e-backup-"));
  dataDir = join(folder, "data");
  backups = join(folder, "backups");
  mkdirSync(backups);
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function backup(args: readonly string[]) {
  return runCli(["backup", ...args], { DATA_DIR: dataDir }, { cwd: folder });
}

interface Writer {
  process: ChildProcess;
  /** The next line it prints. */
  nextLine(): Promise<string>;
}

function startWriter(): Writer {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", WRITER, dataDir, String(CASES_BEFORE_BACKUP)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const output = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    process: child,
    async nextLine() {
      const next = await output.next();
      if (next.done) throw new Error("the case writer ended without a word");
      return next.value;
    },
  };
}

/** Asks the writer to stop; resolves with how many cases it recorded in all. */
async function stopWriter(writer: Writer): Promise<number> {
  const exited = once(writer.process, "exit");
  writer.process.kill("SIGTERM");
  const last = await writer.nextLine();
  const [code] = await exited;
  expect(code).toBe(0);
  const total = /^stopped (\d+)$/.exec(last)?.[1];
  if (total === undefined) throw new Error(`the case writer said "${last}"`);
  return Number(total);
}

/** A store in DATA_DIR with `count` cases, as the bot leaves it. */
async function storeWithCases(count: number): Promise<void> {
  const store = openSqliteStore(dataDir);
  const cases = new CaseStore(store);
  for (let i = 1; i <= count; i++) {
    await cases.record({
      actor: operatorActor("cli"),
      command: "unban",
      target: `gamer-${i}`,
      args: { gamer_id: `gamer-${i}` },
      outcome: "success",
    });
  }
  await store.close();
}

it("takes a consistent backup while another process keeps recording cases", async () => {
  const writer = startWriter();
  let writerTotal: number;
  let run: Awaited<ReturnType<typeof backup>>;
  try {
    expect(await writer.nextLine()).toBe("ready");
    run = await backup(["backups/busy.sqlite"]);
  } finally {
    writerTotal = await stopWriter(writer);
  }

  const file = join(backups, "busy.sqlite");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const said = /^backed up (\d+) cases \((\d+) KB\) to (.+)$/.exec(run.stdout.trimEnd());
  expect(said?.[3]).toBe(file);
  const casesInBackup = Number(said?.[1]);
  // The copy was taken in the middle of the writing: after the first cases, before the last.
  expect(casesInBackup).toBeGreaterThanOrEqual(CASES_BEFORE_BACKUP);
  expect(casesInBackup).toBeLessThan(writerTotal);
  expect(readdirSync(backups)).toEqual(["busy.sqlite"]);

  const copy = new BetterSqlite3(file, { readonly: true });
  expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
  // A snapshot, not a smear: every case up to the last one it holds, none missing.
  expect(copy.prepare("SELECT count(*) AS count, max(number) AS last FROM cases").get()).toEqual({
    count: casesInBackup,
    last: casesInBackup,
  });
  // The cases read back as the bot reads them.
  const [latest] = await new CaseStore(new SqliteStore(file, copy)).recent(1);
  expect(latest).toMatchObject({
    number: casesInBackup,
    command: "ban",
    target: `gamer-${casesInBackup}`,
  });
  expect(latest?.reason).toMatch(new RegExp(`^spam in world chat, report ${casesInBackup}: x+$`));
  copy.close();
}, 30_000);

describe("refusals, each one line and nothing left at FILE", () => {
  it("asks for FILE", async () => {
    const run = await backup([]);
    expect(run.code).toBe(64);
    expect(lines(run.stderr)).toEqual([
      'chatwarden: backup needs the FILE to write: chatwarden backup FILE [--force]; "chatwarden backup --help" explains it',
    ]);
  });

  it("names an option it does not know", async () => {
    const run = await backup(["--forse", "backups/x.sqlite"]);
    expect(run.code).toBe(64);
    expect(lines(run.stderr)).toEqual([
      'chatwarden: backup has no option --forse; "chatwarden backup --help" explains it',
    ]);
  });

  it("says where it looked for a store that is not there, and creates none", async () => {
    const run = await backup(["backups/x.sqlite"]);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `chatwarden: there is no store at ${join(dataDir, DATABASE_FILE)}: check DATA_DIR (the bot creates the store at its first start)`,
    ]);
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(backups)).toEqual([]);
  });

  it("keeps an existing FILE unless --force", async () => {
    await storeWithCases(1);
    const file = join(backups, "x.sqlite");
    writeFileSync(file, "an older backup");

    const refused = await backup(["backups/x.sqlite"]);
    expect(refused.code).toBe(1);
    expect(lines(refused.stderr)).toEqual([
      `chatwarden: ${file} already exists: add --force to replace it`,
    ]);

    const forced = await backup(["backups/x.sqlite", "--force"]);
    expect(forced.code).toBe(0);
    expect(lines(forced.stdout)).toHaveLength(1);
    expect(forced.stdout).toMatch(/^backed up 1 case \(\d+ KB\) to /);
    expect(forced.stdout.endsWith(` to ${file}\n`)).toBe(true);
  });

  it("points to pg_dump when the store is PostgreSQL, without connecting to it", async () => {
    // Nothing listens on port 9: a refusal that tried to connect would say so instead.
    const run = await runCli(
      ["backup", "backups/x.sqlite"],
      { DATA_DIR: dataDir, DATABASE_URL: "postgres://chatwarden@127.0.0.1:9/chatwarden" },
      { cwd: folder },
    );
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      'chatwarden: the store is PostgreSQL (DATABASE_URL), which chatwarden backup does not copy: back it up with pg_dump "$DATABASE_URL" > file',
    ]);
    expect(readdirSync(backups)).toEqual([]);
  });

  it("names a folder that does not exist", async () => {
    await storeWithCases(1);
    const run = await backup(["nightly/x.sqlite"]);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `chatwarden: the folder ${join(folder, "nightly")} does not exist: create it first`,
    ]);
  });
});
