// Schema changes, in order, applied in code at start-up. SQLite's user_version records how many
// have run, so each runs once per database file. Never edit a shipped migration: add one.
import type { Database } from "better-sqlite3";

export const migrations: ReadonlyArray<(db: Database) => void> = [
  (db) => {
    db.exec(`
      CREATE TABLE cases (
        number     INTEGER PRIMARY KEY AUTOINCREMENT,
        at         TEXT    NOT NULL,             -- ISO 8601 UTC
        platform   TEXT    NOT NULL,
        actor_id   TEXT    NOT NULL,
        actor_name TEXT    NOT NULL,
        command    TEXT    NOT NULL,
        target     TEXT,                         -- the gamer_id acted on, when there is one
        args       TEXT    NOT NULL,             -- JSON
        reason     TEXT,
        outcome    TEXT    NOT NULL CHECK (outcome IN ('success', 'failed', 'denied')),
        answer     TEXT,                         -- JSON: the API's answer on success
        error      TEXT                          -- the message a moderator read on failure
      );
      CREATE INDEX cases_by_target ON cases (target, number);
    `);
  },
];

export function migrate(db: Database): void {
  // IMMEDIATE takes the write lock before user_version is read, so two processes opening a new
  // DATA_DIR together cannot both decide to create the tables: the second waits, then sees
  // the first one's version and has nothing left to do.
  db.transaction(() => {
    const applied = db.pragma("user_version", { simple: true }) as number;
    for (let version = applied; version < migrations.length; version++) {
      migrations[version]?.(db);
    }
    db.pragma(`user_version = ${Math.max(applied, migrations.length)}`);
  }).immediate();
}
