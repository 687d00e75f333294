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
  // 2: the report feed (reports seen, the cards that show them, each destination's message of a
  // card), the outbox of deliveries, and buttons that must survive a restart.
  (db) => {
    db.exec(`
      CREATE TABLE store_identity (
        id TEXT NOT NULL                         -- random: makes delivery keys unique across stores
      );
      INSERT INTO store_identity (id) VALUES (lower(hex(randomblob(4))));

      -- A card is one message per destination about one player: one report, or several that
      -- arrived together or while the card was open and young. Its state is the moderators'.
      CREATE TABLE report_cards (
        card_id          INTEGER PRIMARY KEY AUTOINCREMENT,
        target           TEXT    NOT NULL,       -- to_gamer_id
        opened_at        INTEGER NOT NULL,       -- epoch ms
        state            TEXT    NOT NULL CHECK (state IN ('open', 'handling', 'banned', 'dismissed')),
        handler_name     TEXT,
        handler_platform TEXT,
        handled_at       INTEGER,                -- epoch ms
        outcome          TEXT,                   -- what was done: "banned for 7 days"
        case_number      INTEGER
      );
      CREATE INDEX report_cards_open ON report_cards (target, state, opened_at);

      CREATE TABLE reports (
        report_id   INTEGER PRIMARY KEY,
        target      TEXT    NOT NULL,
        body        TEXT    NOT NULL,            -- the report as last read, JSON
        fingerprint TEXT    NOT NULL,            -- status and update_at: what makes a change
        seen_at     INTEGER NOT NULL,            -- epoch ms
        card_id     INTEGER REFERENCES report_cards (card_id)  -- NULL: seen, never posted
      );
      CREATE INDEX reports_by_card ON reports (card_id);

      CREATE TABLE card_messages (
        card_id     INTEGER NOT NULL REFERENCES report_cards (card_id),
        destination TEXT    NOT NULL,
        ref         TEXT    NOT NULL,            -- the platform's reference to the message
        PRIMARY KEY (card_id, destination)
      );

      CREATE TABLE outbox (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        destination TEXT    NOT NULL,
        kind        TEXT    NOT NULL CHECK (kind IN ('post-card', 'edit-card', 'post-case')),
        subject     INTEGER NOT NULL,            -- card_id, or the case number
        state       TEXT    NOT NULL CHECK (state IN ('pending', 'in_flight', 'done', 'given_up')),
        attempts    INTEGER NOT NULL DEFAULT 0,
        due_at      INTEGER NOT NULL,            -- epoch ms
        lease_owner TEXT,                        -- host:pid of the process sending it
        lease_until INTEGER,                     -- epoch ms
        created_at  INTEGER NOT NULL,
        finished_at INTEGER,
        last_error  TEXT,
        ref         TEXT                         -- the message it created or edited
      );
      CREATE INDEX outbox_due ON outbox (destination, state, due_at, id);
      CREATE INDEX outbox_subject ON outbox (kind, subject, destination, state);

      -- Confirmation questions and page turns: their buttons carry only this id.
      CREATE TABLE pending_actions (
        id         TEXT    PRIMARY KEY,
        kind       TEXT    NOT NULL CHECK (kind IN ('question', 'page')),
        invoker    TEXT    NOT NULL,             -- JSON actor
        request    TEXT    NOT NULL,             -- JSON command request
        expires_at INTEGER NOT NULL,             -- epoch ms
        decided_by TEXT
      );
      CREATE INDEX pending_actions_expiry ON pending_actions (expires_at);
    `);
  },
  // 3: intent before action. A mutating command's case is written as pending before the API is
  // called and completed after; `owner` names the process, so a pending case whose process died
  // is settled at start-up by reading the API. SQLite cannot change a CHECK, hence the copy.
  // Locks shared by every process on DATA_DIR (word-list edits) live here too.
  (db) => {
    db.exec(`
      CREATE TABLE cases_v3 (
        number     INTEGER PRIMARY KEY AUTOINCREMENT,
        at         TEXT    NOT NULL,
        platform   TEXT    NOT NULL,
        actor_id   TEXT    NOT NULL,
        actor_name TEXT    NOT NULL,
        command    TEXT    NOT NULL,
        target     TEXT,
        args       TEXT    NOT NULL,
        reason     TEXT,
        outcome    TEXT    NOT NULL
                   CHECK (outcome IN ('pending', 'success', 'failed', 'denied', 'unknown')),
        answer     TEXT,
        error      TEXT,
        owner      TEXT                          -- host:pid that opened a pending case
      );
      INSERT INTO cases_v3 (number, at, platform, actor_id, actor_name, command, target, args, reason, outcome, answer, error)
        SELECT number, at, platform, actor_id, actor_name, command, target, args, reason, outcome, answer, error FROM cases;
      DROP TABLE cases;
      ALTER TABLE cases_v3 RENAME TO cases;
      CREATE INDEX cases_by_target ON cases (target, number);
      CREATE INDEX cases_pending ON cases (outcome) WHERE outcome = 'pending';

      CREATE TABLE locks (
        name        TEXT    PRIMARY KEY,
        owner       TEXT    NOT NULL,            -- host:pid and a random token
        lease_until INTEGER NOT NULL             -- epoch ms
      );
    `);
  },
  // 4: requests already acted on (Slack's request signatures), so a replayed copy is refused by
  // every process sharing the store; see replay-guard.ts.
  (db) => {
    db.exec(`
      CREATE TABLE seen_requests (
        key        TEXT    PRIMARY KEY,          -- "slack-signature:v0=…"
        expires_at INTEGER NOT NULL              -- epoch ms; past it the request is refused anyway
      );
      CREATE INDEX seen_requests_expiry ON seen_requests (expires_at);
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
