// DATA_DIR: the folder can be written (a file is created there and removed), and the SQLite
// store in it, if there is one yet, opens read-write and takes a write lock, which a read-only
// file, a read-only mount or a store locked for longer than the busy timeout would refuse.
// The doctor only reads: it leaves no store, no probe and no folder of its own behind, and never
// migrates a store (serve creates and migrates it on start).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import BetterSqlite3, { type Database } from "better-sqlite3";
import { t } from "../../src/i18n/translate.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
import { DATABASE_FILE } from "../../src/store/sqlite/open-sqlite.js";
import { shownStoreFailure } from "../../src/store/store-failure.js";
import { pass } from "./check.js";
import { explainedFailure } from "./explained-failure.js";

const NAME = "DATA_DIR";

/** As long as serve's store waits for a lock (open-sqlite.ts). */
const BUSY_TIMEOUT_MS = 5_000;

export function dataDirCheck(dataDir: string): DoctorCheck {
  const folder = resolve(dataDir);
  const file = join(folder, DATABASE_FILE);
  /** The first folder this check made (DATA_DIR or a parent of it), removed again after. */
  let made: string | undefined;
  try {
    made = mkdirSync(folder, { recursive: true });
    const probe = join(
      folder,
      `.chatwarden-doctor-${process.pid}-${randomBytes(4).toString("hex")}`,
    );
    writeFileSync(probe, "chatwarden doctor\n");
    rmSync(probe);
  } catch (error) {
    return failure(shownStoreFailure(error, file));
  } finally {
    if (made !== undefined) rmSync(made, { recursive: true, force: true });
  }
  if (made !== undefined) {
    return pass(NAME, t("terminal.doctor.dataDir.canBeMade", { folder, file: DATABASE_FILE }));
  }
  if (!existsSync(file)) {
    return pass(NAME, t("terminal.doctor.dataDir.noStoreYet", { folder, file: DATABASE_FILE }));
  }
  let sqlite: Database | undefined;
  try {
    // The file as it is: not created, not migrated, its journal mode left as serve set it.
    sqlite = new BetterSqlite3(file, { fileMustExist: true });
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Takes the write lock without writing: proves the file is not read-only, then lets go.
    sqlite.exec("BEGIN IMMEDIATE; ROLLBACK");
  } catch (error) {
    return failure(shownStoreFailure(error, file));
  } finally {
    sqlite?.close();
  }
  return pass(NAME, t("terminal.doctor.dataDir.opens", { folder, file: DATABASE_FILE }));
}

function failure(explanation: string): DoctorCheck {
  return explainedFailure(NAME, explanation, t("terminal.doctor.dataDir.fix"));
}
