// DATA_DIR: the folder can be written (a file is created there and removed), and the SQLite
// store in it opens read-write and takes a write lock, which a read-only file, a read-only
// mount or a store locked for longer than the busy timeout would refuse.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DoctorCheck } from "../runtime/component.js";
import { DATABASE_FILE, type Database, openDatabase, StoreUnavailableError } from "../store/db.js";
import { describeStoreFailure } from "../store/store-failure.js";
import { fail, pass } from "./check.js";

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
  let db: Database | undefined;
  try {
    db = openDatabase(folder);
    // Takes the write lock without writing: proves the file is not read-only, then lets go.
    db.exec("BEGIN IMMEDIATE; ROLLBACK");
  } catch (error) {
    // openDatabase explains its own failures; a refused lock is explained here.
    return failure(
      error instanceof StoreUnavailableError ? error.message : describeStoreFailure(error, file),
    );
  } finally {
    db?.close();
  }
  return pass(NAME, `${folder} is writable; the store ${DATABASE_FILE} opens read-write`);
}

/**
 * The store's explanations read "<what is wrong>: <what to do>"; the doctor shows the two
 * apart. One without a short advice after its last colon gets the general fix.
 */
function failure(explanation: string): DoctorCheck {
  const at = explanation.lastIndexOf(": ");
  const advice = at > 0 ? explanation.slice(at + 2) : "";
  // A colon inside a quoted error ("(SqliteError: …)") is not where the advice starts.
  const balanced = advice.split("(").length === advice.split(")").length;
  if (advice === "" || !balanced) return fail(NAME, explanation, GENERAL_FIX);
  return fail(NAME, explanation.slice(0, at), advice);
}
