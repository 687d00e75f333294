// What a moderator or an operator reads when the store cannot be opened or written: where it is
// (DATA_DIR and the file) and what to do, never SQLite's bare "unable to open database file".
import { statfsSync } from "node:fs";
import { dirname } from "node:path";

/** The store could not be opened: the message names where it is and what to do. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

/** SQLite's result codes, as better-sqlite3 reports them on its errors. */
function sqliteCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** Less than this left on the disk of DATA_DIR: an I/O error there is a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

function isNearlyFull(folder: string): boolean {
  try {
    const stats = statfsSync(folder);
    return stats.bavail * stats.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/** One sentence about a store failure of the SQLite file at `file`. */
export function describeStoreFailure(error: unknown, file: string): string {
  const where = `DATA_DIR (${dirname(file)})`;
  const code = sqliteCode(error) ?? "";
  // mkdir of DATA_DIR itself.
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
    return `${where} cannot be created or written by this user: check its permissions`;
  }
  if (code === "ENOSPC") return `${where} is full: free some space there`;
  if (code === "ENOTDIR" || code === "EEXIST") {
    return `${where} is not a folder: set DATA_DIR to a folder`;
  }
  // SQLite says "disk I/O error" when the WAL cannot grow on a full disk: the disk itself tells.
  if (code === "SQLITE_FULL" || (code.startsWith("SQLITE_IOERR") && isNearlyFull(dirname(file)))) {
    return `${where} is full: free some space there`;
  }
  if (code === "SQLITE_CANTOPEN") {
    return `the store ${file} cannot be opened: check that ${where} exists and this user may write to it`;
  }
  if (code === "SQLITE_READONLY" || code.startsWith("SQLITE_READONLY")) {
    return `${where} is read-only for this user: allow writing to ${file}`;
  }
  if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") {
    return `the store ${file} is damaged: move it aside and restore a backup (chatwarden backup)`;
  }
  if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
    return `the store ${file} stayed locked by another process: try again`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `the store ${file} could not be written (${message})`;
}
