// A consistent copy of the SQLite store while the bot keeps writing to it, with SQLite's online
// backup API. The copy is written beside its destination under another name, checked, and only
// then renamed into place: a backup that fails never leaves half a file where a good one is
// expected, and never replaces an older good one. PostgreSQL (DATABASE_URL) has its own tool for
// this, pg_dump, and a backup of it is refused with a line that says so.
import {
  accessSync,
  closeSync,
  existsSync,
  constants as fsConstants,
  fsyncSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import BetterSqlite3, { type Database } from "better-sqlite3";
import { z } from "zod";
import { ShownError } from "../catalogue/shown-error.js";
import { type CatalogueText, sayInEnglish, text } from "../catalogue/wording.js";
import { DATABASE_FILE, SqliteStore } from "./sqlite/open-sqlite.js";
import type { Store } from "./store.js";
import { storeFailureText } from "./store-failure.js";

/** What `chatwarden backup` says on PostgreSQL: the database is backed up by its own tool. */
export const POSTGRES_BACKUP_WORDING = text("failures.backup.postgres");
/** The same in English (the message of the BackupError refusing it). */
export const POSTGRES_BACKUP_ADVICE = sayInEnglish(POSTGRES_BACKUP_WORDING);

export interface BackupResult {
  /** The backup, as an absolute path. */
  file: string;
  /** Cases in the copy, read back from it. */
  cases: number;
  /** Its size on disk. */
  bytes: number;
}

/**
 * The backup was not made; the message says why and what to do (English), `shown()` in the
 * reader's language where a catalogue text says it. Nothing was left at the destination.
 */
export class BackupError extends ShownError {
  override name = "BackupError";
}

/** The destination is taken and replacing it was not asked for. */
export class BackupDestinationExistsError extends BackupError {
  override name = "BackupDestinationExistsError";
}

/**
 * better-sqlite3 copies `rate` pages per step, one step per event-loop turn, and a write by
 * another connection between two steps restarts the copy from the start ("if a different
 * connection mutates the database during a backup, the backup will be forcefully restarted":
 * https://github.com/WiseLibs/better-sqlite3/blob/master/docs/api.md#backupdestination-options---promise).
 * The bot is such a connection, and a busy bot could keep a stepwise copy restarting forever, so
 * the progress callback asks for every page in one step: one read transaction, which in WAL mode
 * never blocks the bot's writes.
 */
const ALL_PAGES = 0x7fffffff;

const countSchema = z.object({ count: z.number().int().nonnegative() });
const integrityRowSchema = z.object({ integrity_check: z.string() });

/**
 * Opens the store in `dataDir` for reading only: no migration, no file created, nothing written.
 * A missing store is an error naming where it was looked for, not an empty backup. (Not opened
 * `readonly`: such a connection cannot remove the -wal and -shm it creates, and would leave them
 * in DATA_DIR when the bot is stopped; `query_only` forbids writes just the same.)
 */
export function openStoreForBackup(dataDir: string): Database {
  const file = resolve(dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    throw new BackupError(text("failures.backup.noStore", { file }));
  }
  let db: Database | undefined;
  try {
    db = new BetterSqlite3(file, { fileMustExist: true });
    // The bot may hold the write lock for a moment (a checkpoint); wait rather than fail.
    db.pragma("busy_timeout = 5000");
    db.pragma("query_only = ON");
    const hasCases = db
      .prepare(
        "SELECT count(*) AS count FROM sqlite_master WHERE type = 'table' AND name = 'cases'",
      )
      .get();
    if (countSchema.parse(hasCases).count === 0) {
      throw new BackupError(text("failures.backup.notAStore", { file }));
    }
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof BackupError) throw error;
    throw new BackupError(storeFailureText(error, file));
  }
}

/** Backs up the store in `dataDir` to `destination`; see `backupDatabase`. */
export async function backupStore(
  dataDir: string,
  destination: string,
  options: { replace: boolean },
): Promise<BackupResult> {
  const db = openStoreForBackup(dataDir);
  try {
    return await copySqlite(db, destination, options);
  } finally {
    db.close();
  }
}

/**
 * Copies the open store `store` to `destination` (a path), checks the copy (integrity and its
 * cases), and renames it into place. The copy is a single self-contained file in rollback-journal
 * mode: it needs no -wal or -shm beside it, and the bot switches it back to WAL when it opens it.
 * The pages are copied in one synchronous step (about 10 ms per MB here): called from the bot's
 * own process, that blocks its event loop for as long. A PostgreSQL store is refused (pg_dump).
 */
export function backupDatabase(
  store: Store,
  destination: string,
  options: { replace: boolean },
): Promise<BackupResult> {
  if (!(store instanceof SqliteStore)) {
    return Promise.reject(new BackupError(POSTGRES_BACKUP_WORDING));
  }
  return copySqlite(store.sqlite, destination, options);
}

async function copySqlite(
  source: Database,
  destination: string,
  options: { replace: boolean },
): Promise<BackupResult> {
  const file = resolve(destination);
  checkDestination(file, source.name, options.replace);
  const partial = join(dirname(file), `${basename(file)}.partial`);
  // A crashed earlier backup may have left its partial copy: SQLite would try to reuse it.
  removeCopy(partial);
  try {
    await source.backup(partial, { progress: () => ALL_PAGES });
    const cases = verifyCopy(partial);
    const bytes = statSync(partial).size;
    // Checked again: another backup may have written the destination meanwhile.
    if (!options.replace && existsSync(file)) throw destinationExists(file);
    renameSync(partial, file);
    syncFolder(dirname(file));
    return { file, cases, bytes };
  } catch (error) {
    removeCopy(partial);
    if (error instanceof BackupError) throw error;
    if (isStoreProblem(error)) throw new BackupError(storeFailureText(error, source.name));
    throw new BackupError(describeDestinationFailure(error, file));
  }
}

/** Everything that can be known about the destination before copying, said in one line each. */
function checkDestination(file: string, storeFile: string, replace: boolean): void {
  const folder = dirname(file);
  let folderStats: ReturnType<typeof statSync>;
  try {
    folderStats = statSync(folder);
  } catch {
    throw new BackupError(text("failures.backup.noFolder", { folder }));
  }
  if (!folderStats.isDirectory())
    throw new BackupError(text("failures.backup.notAFolder", { folder }));
  try {
    accessSync(folder, fsConstants.W_OK);
  } catch (error) {
    throw new BackupError(
      errorCode(error) === "EROFS"
        ? text("failures.backup.readOnlyFolder", { folder })
        : text("failures.backup.folderNotWritable", { folder }),
    );
  }
  if (isPartOfStore(file, storeFile)) {
    throw new BackupError(text("failures.backup.isTheStore", { file }));
  }
  if (!existsSync(file)) return;
  if (statSync(file).isDirectory()) {
    throw new BackupError(text("failures.backup.isAFolder", { file }));
  }
  if (!replace) throw destinationExists(file);
}

/** The store's file, or its -wal, -shm or -journal: replacing any of them would wreck it. */
function isPartOfStore(file: string, storeFile: string): boolean {
  if (!existsSync(storeFile)) return false;
  const store = realpathSync(storeFile);
  // The folder is real (checked above); the file itself may not exist yet, or be a link.
  const target = existsSync(file)
    ? realpathSync(file)
    : join(realpathSync(dirname(file)), basename(file));
  return ["", "-wal", "-shm", "-journal"].some((suffix) => target === `${store}${suffix}`);
}

function destinationExists(file: string): BackupDestinationExistsError {
  return new BackupDestinationExistsError(text("failures.backup.exists", { file }));
}

/**
 * Opens the copy on its own and reads it back: `PRAGMA integrity_check` must say ok, and its
 * cases must be countable. Switching it to rollback-journal mode folds any WAL into the file.
 */
function verifyCopy(partial: string): number {
  const copy = new BetterSqlite3(partial, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
    const problems = z
      .array(integrityRowSchema)
      .parse(copy.pragma("integrity_check"))
      .map((row) => row.integrity_check);
    if (problems.length !== 1 || problems[0] !== "ok") {
      // SQLite's own words for what is wrong, as it gave them.
      const found = problems.slice(0, 3).join("; ");
      throw new BackupError(text("failures.backup.integrity", { problems: found }));
    }
    return countSchema.parse(copy.prepare("SELECT count(*) AS count FROM cases").get()).count;
  } finally {
    copy.close();
  }
}

/** The partial copy and whatever SQLite kept beside it. */
function removeCopy(partial: string): void {
  for (const suffix of ["", "-journal", "-wal", "-shm"])
    rmSync(`${partial}${suffix}`, { force: true });
}

/** The rename is durable only once the folder's entry is on disk too. */
function syncFolder(folder: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(folder, "r");
    fsyncSync(descriptor);
  } catch {
    // Some file systems cannot sync a folder; the file itself was synced by SQLite.
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

function errorCode(error: unknown): string {
  if (typeof error !== "object" || error === null || !("code" in error)) return "";
  return typeof error.code === "string" ? error.code : "";
}

/** SQLite's codes that speak of the store being read rather than of the copy being written. */
function isStoreProblem(error: unknown): boolean {
  const code = errorCode(error);
  return ["SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_BUSY", "SQLITE_LOCKED"].includes(code);
}

/** A failure while writing the copy, about the destination's folder rather than DATA_DIR. */
function describeDestinationFailure(error: unknown, file: string): CatalogueText {
  const folder = dirname(file);
  const code = errorCode(error);
  if (code === "ENOSPC" || code === "SQLITE_FULL") {
    return text("failures.backup.full", { folder, file });
  }
  if (code.startsWith("SQLITE_IOERR")) {
    return text("failures.backup.ioError", { folder, file });
  }
  if (
    code === "EACCES" ||
    code === "EPERM" ||
    code === "EROFS" ||
    code === "SQLITE_CANTOPEN" ||
    code.startsWith("SQLITE_READONLY")
  ) {
    return text("failures.backup.folderNotWritable", { folder });
  }
  const message = error instanceof Error ? error.message : String(error);
  return text("failures.backup.failed", { message, file });
}
