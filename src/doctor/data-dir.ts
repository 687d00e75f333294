// DATA_DIR: the folder can be written (a file is created there and removed), and the SQLite
// store in it opens read-write and takes a write lock, which a read-only file, a read-only
// mount or a store locked for longer than the busy timeout would refuse.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DoctorCheck } from "../runtime/component.js";
import { DATABASE_FILE, openSqliteStore, type SqliteStore } from "../store/sqlite/open-sqlite.js";
import { describeStoreFailure } from "../store/store-failure.js";
import { StoreUnavailableError } from "../store/store-unavailable.js";
import { pass } from "./check.js";
import { explainedFailure } from "./explained-failure.js";

const NAME = "DATA_DIR";
const GENERAL_FIX = "set DATA_DIR to a folder this user can write";

export function dataDirCheck(dataDir: string): DoctorCheck {
  const folder = resolve(dataDir);
  const file = join(folder, DATABASE_FILE);
  try {
    mkdirSync(folder, { recursive: true });
    const probe = join(
      folder,
      `.chatwarden-doctor-${process.pid}-${randomBytes(4).toString("hex")}`,
    );
    writeFileSync(probe, "chatwarden doctor\n");
    rmSync(probe);
  } catch (error) {
    return failure(describeStoreFailure(error, file));
  }
  let store: SqliteStore | undefined;
  try {
    store = openSqliteStore(folder);
    // Takes the write lock without writing: proves the file is not read-only, then lets go.
    store.sqlite.exec("BEGIN IMMEDIATE; ROLLBACK");
  } catch (error) {
    // openSqliteStore explains its own failures; a refused lock is explained here.
    return failure(
      error instanceof StoreUnavailableError ? error.message : describeStoreFailure(error, file),
    );
  } finally {
    // Closed at once, without waiting: nothing was written through Kysely.
    store?.sqlite.close();
  }
  return pass(NAME, `${folder} is writable; the store ${DATABASE_FILE} opens read-write`);
}

function failure(explanation: string): DoctorCheck {
  return explainedFailure(NAME, explanation, GENERAL_FIX);
}
