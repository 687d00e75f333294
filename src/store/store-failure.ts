// What a moderator or an operator reads when the store cannot be opened or written: where it is
// (DATA_DIR and the file) and what to do, never SQLite's bare "unable to open database file".
// Each is a catalogue text: English for logs and thrown errors' messages, and in the reader's
// language where a person reads it (Store.shownFailure, ShownError.shown).
import { statfsSync } from "node:fs";
import { dirname } from "node:path";
import { ShownError } from "../catalogue/shown-error.js";
import { type CatalogueText, say, text } from "../catalogue/wording.js";

/** The store could not be opened: the message names where it is and what to do. */
export class StoreUnavailableError extends ShownError {
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

/** A store failure of the SQLite file at `file` in the language of the work running now. */
export function shownStoreFailure(error: unknown, file: string): string {
  return say(storeFailureText(error, file));
}

/** One sentence about a store failure of the SQLite file at `file`, as a catalogue text. */
export function storeFailureText(error: unknown, file: string): CatalogueText {
  const folder = dirname(file);
  const code = sqliteCode(error) ?? "";
  // mkdir of DATA_DIR itself.
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
    return text("failures.sqlite.notWritable", { folder });
  }
  if (code === "ENOSPC") return text("failures.sqlite.full", { folder });
  if (code === "ENOTDIR" || code === "EEXIST") return text("failures.sqlite.notFolder", { folder });
  // SQLite says "disk I/O error" when the WAL cannot grow on a full disk: the disk itself tells.
  if (code === "SQLITE_FULL" || (code.startsWith("SQLITE_IOERR") && isNearlyFull(folder))) {
    return text("failures.sqlite.full", { folder });
  }
  if (code === "SQLITE_CANTOPEN") return text("failures.sqlite.cannotOpen", { file, folder });
  if (code === "SQLITE_READONLY" || code.startsWith("SQLITE_READONLY")) {
    return text("failures.sqlite.readOnly", { file, folder });
  }
  if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") {
    return text("failures.sqlite.damaged", { file });
  }
  if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
    return text("failures.sqlite.locked", { file });
  }
  const message = error instanceof Error ? error.message : String(error);
  return text("failures.sqlite.notWritten", { file, message });
}
