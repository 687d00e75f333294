// A backup is a checked, self-contained copy of the store, or nothing at all: a missing store, a
// taken destination, an unwritable folder or a damaged store each say so in one sentence and
// leave no file where the backup was expected.
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, type TestContext } from "vitest";
import { CaseStore } from "../../src/moderation/cases.js";
import { operatorActor } from "../../src/moderation/roles.js";
import {
  BackupDestinationExistsError,
  BackupError,
  backupDatabase,
  backupStore,
  POSTGRES_BACKUP_ADVICE,
} from "../../src/store/backup.js";
import { DATABASE_FILE, openSqliteStore } from "../../src/store/sqlite/open-sqlite.js";
import { openTestStore } from "../helpers/stores.js";

let folder: string;
let dataDir: string;
let backups: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "chatwarden-backup-"));
  dataDir = join(folder, "data");
  backups = join(folder, "backups");
  mkdirSync(backups);
});
afterEach(() => {
  chmodSync(backups, 0o755);
  rmSync(folder, { recursive: true, force: true });
});

/** A store in DATA_DIR with `count` cases, written as the bot writes them. */
async function storeWithCases(count: number): Promise<void> {
  const store = openSqliteStore(dataDir);
  const cases = new CaseStore(store);
  for (let i = 1; i <= count; i++) {
    await cases.record({
      actor: operatorActor("cli"),
      command: "ban",
      target: `gamer-${i}`,
      args: { gamer_id: `gamer-${i}`, days: 3 },
      reason: "spam",
      outcome: "success",
    });
  }
  await store.close();
}

const runningAsRoot = process.getuid?.() === 0;

it("copies every case into one self-contained file that passes its integrity check", async () => {
  await storeWithCases(3);
  const file = join(backups, "nightly.sqlite");

  const result = await backupStore(dataDir, file, { replace: false });

  expect(result).toMatchObject({ file, cases: 3 });
  expect(result.bytes).toBeGreaterThan(0);
  // Nothing beside it: no partial copy, no -wal or -shm that a restore would have to carry.
  expect(readdirSync(backups)).toEqual(["nightly.sqlite"]);
  const copy = new BetterSqlite3(file, { readonly: true });
  expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
  expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
  copy.close();
  // The store is left as the bot left it: nothing beside it in DATA_DIR.
  expect(readdirSync(dataDir)).toEqual([DATABASE_FILE]);
  // Restored as the operator would: the bot opens it and reads the cases.
  const restored = join(folder, "restored");
  mkdirSync(restored);
  writeFileSync(join(restored, DATABASE_FILE), readFileSync(file));
  const store = openSqliteStore(restored);
  expect((await new CaseStore(store).recent()).map((recorded) => recorded.target).sort()).toEqual([
    "gamer-1",
    "gamer-2",
    "gamer-3",
  ]);
  await store.close();
});

it("backs up an open store the bot is using, from the bot's own connection", async () => {
  await storeWithCases(1);
  const store = openSqliteStore(dataDir);
  const file = join(backups, "live.sqlite");

  const result = await backupDatabase(store, file, { replace: false });
  await store.close();

  expect(result.cases).toBe(1);
});

it("refuses a PostgreSQL store in one line that names pg_dump, and writes nothing", async () => {
  const { store } = await openTestStore("postgres");
  const file = join(backups, "pg.sqlite");
  const refused = backupDatabase(store, file, { replace: false });
  await expect(refused).rejects.toBeInstanceOf(BackupError);
  await expect(refused).rejects.toThrow(POSTGRES_BACKUP_ADVICE);
  expect(POSTGRES_BACKUP_ADVICE).toContain('pg_dump "$DATABASE_URL" > file');
  expect(readdirSync(backups)).toEqual([]);
});

it("says where it looked when there is no store, and creates none", async () => {
  await expect(backupStore(dataDir, join(backups, "x.sqlite"), { replace: false })).rejects.toThrow(
    `there is no store at ${join(dataDir, DATABASE_FILE)}: check DATA_DIR`,
  );
  expect(existsSync(dataDir)).toBe(false);
  expect(readdirSync(backups)).toEqual([]);
});

it("refuses a file that is not a chatwarden store", async () => {
  mkdirSync(dataDir);
  new BetterSqlite3(join(dataDir, DATABASE_FILE)).close();
  await expect(backupStore(dataDir, join(backups, "x.sqlite"), { replace: false })).rejects.toThrow(
    "is not a chatwarden store (it has no cases): check DATA_DIR",
  );
});

it("leaves an existing file alone unless asked to replace it", async () => {
  await storeWithCases(2);
  const file = join(backups, "taken.sqlite");
  writeFileSync(file, "an older backup");

  const refused = backupStore(dataDir, file, { replace: false });
  await expect(refused).rejects.toBeInstanceOf(BackupDestinationExistsError);
  await expect(refused).rejects.toThrow(`${file} already exists`);
  expect(readFileSync(file, "utf8")).toBe("an older backup");

  const replaced = await backupStore(dataDir, file, { replace: true });
  expect(replaced.cases).toBe(2);
  expect(readdirSync(backups)).toEqual(["taken.sqlite"]);
});

it("names a missing folder", async () => {
  await storeWithCases(1);
  const missing = join(folder, "no-such-folder");
  await expect(backupStore(dataDir, join(missing, "x.sqlite"), { replace: false })).rejects.toThrow(
    `the folder ${missing} does not exist: create it first`,
  );
});

// root may write anywhere: permissions cannot refuse it (a read-only mount can, below).
it.skipIf(runningAsRoot)("names a folder this user cannot write to", async () => {
  await storeWithCases(1);
  chmodSync(backups, 0o555);
  await expect(backupStore(dataDir, join(backups, "x.sqlite"), { replace: false })).rejects.toThrow(
    `the folder ${backups} cannot be written by this user: check its permissions`,
  );
});

describe("on a small disk of its own (a tmpfs; needs root and mount)", () => {
  let mountPoint: string | undefined;
  afterEach(() => {
    if (mountPoint === undefined) return;
    execFileSync("umount", [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
    mountPoint = undefined;
  });

  /** A tmpfs mounted with `options`, or the test skipped where mounting is not permitted. */
  function mountTmpfs(options: string, context: TestContext): string {
    const folderOnDisk = mkdtempSync(join(tmpdir(), "chatwarden-backup-tmpfs-"));
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", folderOnDisk], {
        stdio: "ignore",
      });
    } catch {
      rmSync(folderOnDisk, { recursive: true, force: true });
      context.skip();
    }
    mountPoint = folderOnDisk;
    return folderOnDisk;
  }

  it.skipIf(!runningAsRoot)(
    "says the folder is full, and leaves nothing there",
    async (context) => {
      await storeWithCases(300);
      const small = mountTmpfs("size=64k", context);

      await expect(
        backupStore(dataDir, join(small, "x.sqlite"), { replace: false }),
      ).rejects.toThrow(
        `${small} is full: free some space there; ${join(small, "x.sqlite")} was not written`,
      );
      expect(readdirSync(small)).toEqual([]);
    },
  );

  it.skipIf(!runningAsRoot)("names a read-only folder", async (context) => {
    await storeWithCases(1);
    const readOnly = mountTmpfs("ro,size=64k", context);

    await expect(
      backupStore(dataDir, join(readOnly, "x.sqlite"), { replace: false }),
    ).rejects.toThrow(
      `the folder ${readOnly} is on a read-only file system: back up to a writable folder`,
    );
  });
});

it("never writes over the store itself, nor its write-ahead log", async () => {
  await storeWithCases(1);
  for (const part of [DATABASE_FILE, `${DATABASE_FILE}-wal`]) {
    await expect(backupStore(dataDir, join(dataDir, part), { replace: true })).rejects.toThrow(
      `${join(dataDir, part)} is the store itself: back it up to another file`,
    );
  }
  expect(readdirSync(dataDir)).toEqual([DATABASE_FILE]);
});

it("keeps the previous backup when the new copy fails its integrity check", async () => {
  await storeWithCases(40);
  damageAnIndex(join(dataDir, DATABASE_FILE));
  const file = join(backups, "good.sqlite");
  writeFileSync(file, "yesterday's good backup");

  const failed = backupStore(dataDir, file, { replace: true });

  await expect(failed).rejects.toBeInstanceOf(BackupError);
  await expect(failed).rejects.toThrow(
    /^the copy failed its integrity check \(.*cases_by_target.*\): the store may be damaged; nothing was written$/,
  );
  expect(readFileSync(file, "utf8")).toBe("yesterday's good backup");
  expect(readdirSync(backups)).toEqual(["good.sqlite"]);
});

/**
 * Flips one bit in the last entry of the cases-by-target index, as a bad disk sector would: the
 * store still opens and reads, and only an integrity check notices.
 */
function damageAnIndex(file: string): void {
  const db = new BetterSqlite3(file);
  const rootPage = db
    .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'cases_by_target'")
    .pluck()
    .get();
  const pageSize = db.pragma("page_size", { simple: true });
  db.close();
  if (typeof rootPage !== "number" || typeof pageSize !== "number") {
    throw new Error("the store has no cases_by_target index");
  }
  const bytes = readFileSync(file);
  const offset = rootPage * pageSize - 20;
  bytes.writeUInt8((bytes.readUInt8(offset) ^ 0x01) & 0xff, offset);
  writeFileSync(file, bytes);
}
