// Errors about DATA_DIR say where and what to do: today's main answered SQLite's bare "unable to
// open database file" and "database or disk is full".
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { DATABASE_FILE, openSqliteStore } from "../../src/store/sqlite/open-sqlite.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "chatwarden-store-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

it("names DATA_DIR when it is a file, not a folder", () => {
  const notAFolder = join(folder, "data");
  writeFileSync(notAFolder, "");
  expect(() => openSqliteStore(notAFolder)).toThrow(
    `DATA_DIR (${notAFolder}) is not a folder: set DATA_DIR to a folder`,
  );
});

it("names the file when the store is damaged, and says what to do", () => {
  writeFileSync(join(folder, DATABASE_FILE), "not a database ".repeat(300));
  expect(() => openSqliteStore(folder)).toThrow(
    `the store ${join(folder, DATABASE_FILE)} is damaged: move it aside and restore a backup`,
  );
});

it("names the file when it cannot be opened", () => {
  // A folder where the database file should be: SQLite cannot open it.
  const blocked = join(folder, "blocked");
  mkdirSync(join(blocked, DATABASE_FILE), { recursive: true });
  expect(() => openSqliteStore(blocked)).toThrow(
    `the store ${join(blocked, DATABASE_FILE)} cannot be opened: check that DATA_DIR (${blocked}) exists and this user may write to it`,
  );
});
