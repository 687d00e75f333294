// Schema changes, in order, applied in code at start-up: one list for both stores. Each step is
// written for SQLite (run by sqlite/open-sqlite.ts; user_version records how many have run) and
// for PostgreSQL (run by postgres/migrate.ts; the chatwarden_schema table records it), and the
// two must leave the same tables, columns and constraints (test/store/migrations.test.ts compares
// them). PostgreSQL differs only where SQLite's dialect does: identity columns for AUTOINCREMENT,
// BIGINT for epoch milliseconds, and in step 3 an ALTER where SQLite must copy the table. Never
// edit a shipped migration: add one.
import type { Database } from "better-sqlite3";
import { playerNameKey } from "./player-name-key.js";

export interface Migration {
  sqlite: (db: Database) => void;
  /** One script of statements, run in the migration's transaction. */
  postgres: string;
}

/** Step 10's script, the same on both engines. */
const CARD_COUNTS = `
  ALTER TABLE report_cards ADD COLUMN report_count INTEGER NOT NULL DEFAULT 0;
  UPDATE report_cards SET report_count =
    (SELECT count(*) FROM reports WHERE reports.card_id = report_cards.card_id);
  DROP INDEX reports_by_card;
  CREATE INDEX reports_by_card ON reports (card_id, report_id, generation);
  CREATE INDEX reports_reused ON reports (report_id, generation) WHERE generation > 0;
`;

/**
 * Step 13's reports, each as the players it names: the reported player and the reporter, with
 * the names the body gives them (a NUL escape read as the stand-in ␀, as migration 11 does), and
 * when the report was seen. `$fixed` is the body made readable, in each engine's words.
 */
const PLAYERS_OF_REPORTS = (fixed: string, field: (name: string) => string) => `
        SELECT target AS gamer_id, coalesce(${field("to_gamer_name")}, '') AS name, seen_at AS at
          FROM (SELECT target, seen_at, ${fixed} AS fixed FROM reports) AS named
        UNION ALL
        SELECT reporter, coalesce(${field("from_gamer_name")}, ''), seen_at
          FROM (SELECT reporter, seen_at, ${fixed} AS fixed FROM reports) AS named`;

/** Step 14's script, the same on both engines (then each engine's part, below). */
const TRIAGE = `
  CREATE TABLE ban_counts (
    gamer_id TEXT    NOT NULL PRIMARY KEY,
    count    INTEGER NOT NULL,
    read_at  BIGINT  NOT NULL
  );
  DROP INDEX IF EXISTS reports_by_target;
  CREATE INDEX reports_by_target_seen ON reports (target, seen_at DESC, reporter);
  ALTER TABLE report_cards ADD COLUMN alerted_at BIGINT;
`;

/** Step 15's script, the same on both engines. */
const TAKES = `
  ALTER TABLE report_cards ADD COLUMN taken_by_id TEXT;
  ALTER TABLE report_cards ADD COLUMN taken_by_name TEXT;
  ALTER TABLE report_cards ADD COLUMN taken_by_platform TEXT;
  ALTER TABLE report_cards ADD COLUMN taken_at BIGINT;
`;

/** Step 16's script, the same on both engines. */
const BAN_SYNC = `
  ALTER TABLE cases ADD COLUMN sync_key TEXT;
  CREATE UNIQUE INDEX cases_sync_key ON cases (sync_key);
  CREATE TABLE listed_bans (
    gamer_id   TEXT    NOT NULL PRIMARY KEY,
    count      INTEGER NOT NULL,
    start_time TEXT    NOT NULL,
    end_time   TEXT    NOT NULL
  );
  ALTER TABLE store_identity ADD COLUMN ban_syncs INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE store_identity ADD COLUMN ban_synced_at BIGINT;
`;

/**
 * Step 18's script, the same on both engines but for how a stored body is read: `field(name)` is
 * a field of the report's body, in each engine's words.
 */
const STATISTICS = (field: (name: string) => string) => `
  ALTER TABLE reports ADD COLUMN created_local TEXT NOT NULL DEFAULT '';
  ALTER TABLE reports ADD COLUMN keyword TEXT NOT NULL DEFAULT '';
  UPDATE reports SET created_local = coalesce(${field("create_at")}, ''),
                     keyword = coalesce(${field("keyword")}, '');
  CREATE INDEX reports_by_created ON reports (created_local, keyword, target, card_id);
  CREATE INDEX report_cards_by_state ON report_cards (state, opened_at, card_id);
  CREATE INDEX report_cards_handled ON report_cards (state, handled_at);
`;

/** Step 17's index: the cases of a time range, and what counting them by moderator reads. */
const CASES_BY_AT =
  "CREATE INDEX cases_by_at ON cases (at, number, outcome, command, platform, actor_id, actor_name);";

/** The outbox's kinds from step 14 on: a card's high-priority alert is a post of its own. */
const OUTBOX_KINDS = "'post-card', 'edit-card', 'post-case', 'post-alert'";

/**
 * SQLite's outbox rebuilt with the CHECK on its kinds saying `kinds` (SQLite cannot change a
 * CHECK): a copy named `copy` that keeps every row, its id and the id sequence (a delivery's key
 * is made of its id), then renamed into place with its indexes. PostgreSQL swaps the constraint.
 */
const OUTBOX_WITH_KINDS = (copy: string, kinds: string) => `
        CREATE TABLE ${copy} (
          id              INTEGER PRIMARY KEY AUTOINCREMENT,
          destination     TEXT    NOT NULL,
          kind            TEXT    NOT NULL CHECK (kind IN (${kinds})),
          subject         INTEGER NOT NULL,
          state           TEXT    NOT NULL CHECK (state IN ('pending', 'in_flight', 'done', 'given_up')),
          attempts        INTEGER NOT NULL DEFAULT 0,
          due_at          INTEGER NOT NULL,
          lease_owner     TEXT,
          lease_until     INTEGER,
          created_at      INTEGER NOT NULL,
          finished_at     INTEGER,
          last_error      TEXT,
          ref             TEXT,
          in_flight_since INTEGER,
          attempted_until INTEGER
        );
        INSERT INTO ${copy} (id, destination, kind, subject, state, attempts, due_at, lease_owner,
            lease_until, created_at, finished_at, last_error, ref, in_flight_since, attempted_until)
          SELECT id, destination, kind, subject, state, attempts, due_at, lease_owner,
            lease_until, created_at, finished_at, last_error, ref, in_flight_since, attempted_until
          FROM outbox;
        -- The copy's sequence is the old one, not its highest id: no id is ever given twice.
        DELETE FROM sqlite_sequence WHERE name = '${copy}';
        INSERT INTO sqlite_sequence (name, seq)
          SELECT '${copy}', seq FROM sqlite_sequence WHERE name = 'outbox';
        DROP TABLE outbox;
        ALTER TABLE ${copy} RENAME TO outbox;
        CREATE INDEX outbox_due ON outbox (destination, state, due_at, id);
        CREATE INDEX outbox_subject ON outbox (kind, subject, destination, state);
        CREATE INDEX outbox_claim_order ON outbox (destination, state, id, due_at);
`;

/** The outbox's kinds from step 19 on: the shift digest and the reminder are posts of their own. */
const OUTBOX_KINDS_19 = `${OUTBOX_KINDS}, 'post-digest', 'post-reminder'`;

/**
 * Step 19's script, the same on both engines but for `$id` (the identity column) and `$ms`
 * (epoch milliseconds).
 */
const DIGESTS_AND_REMINDERS = (id: string, ms: string) => `
  CREATE TABLE digests (
    id          ${id},
    destination TEXT    NOT NULL,
    slot_at     ${ms}  NOT NULL,
    since_at    ${ms}  NOT NULL,
    UNIQUE (destination, slot_at)
  );
  CREATE TABLE reminders (
    id ${id},
    at ${ms} NOT NULL
  );
  ALTER TABLE report_cards ADD COLUMN reminder_id INTEGER;
  CREATE INDEX report_cards_unreminded ON report_cards (state, opened_at) WHERE reminder_id IS NULL;
  CREATE INDEX report_cards_by_reminder ON report_cards (reminder_id, card_id)
    WHERE reminder_id IS NOT NULL;
  CREATE INDEX report_cards_handled_at ON report_cards (handled_at) WHERE handled_at IS NOT NULL;
`;

export const migrations: readonly Migration[] = [
  {
    sqlite: (db) => {
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
    postgres: `
      CREATE TABLE cases (
        number     INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        at         TEXT    NOT NULL,
        platform   TEXT    NOT NULL,
        actor_id   TEXT    NOT NULL,
        actor_name TEXT    NOT NULL,
        command    TEXT    NOT NULL,
        target     TEXT,
        args       TEXT    NOT NULL,
        reason     TEXT,
        outcome    TEXT    NOT NULL CHECK (outcome IN ('success', 'failed', 'denied')),
        answer     TEXT,
        error      TEXT
      );
      CREATE INDEX cases_by_target ON cases (target, number);
    `,
  },
  // 2: the report feed (reports seen, the cards that show them, each destination's message of a
  // card), the outbox of deliveries, and buttons that must survive a restart.
  {
    sqlite: (db) => {
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
    postgres: `
      CREATE TABLE store_identity (id TEXT NOT NULL);
      INSERT INTO store_identity (id) VALUES (substr(md5(random()::text || clock_timestamp()::text), 1, 8));

      CREATE TABLE report_cards (
        card_id          INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        target           TEXT    NOT NULL,
        opened_at        BIGINT  NOT NULL,
        state            TEXT    NOT NULL CHECK (state IN ('open', 'handling', 'banned', 'dismissed')),
        handler_name     TEXT,
        handler_platform TEXT,
        handled_at       BIGINT,
        outcome          TEXT,
        case_number      INTEGER
      );
      CREATE INDEX report_cards_open ON report_cards (target, state, opened_at);

      CREATE TABLE reports (
        report_id   BIGINT  PRIMARY KEY,
        target      TEXT    NOT NULL,
        body        TEXT    NOT NULL,
        fingerprint TEXT    NOT NULL,
        seen_at     BIGINT  NOT NULL,
        card_id     INTEGER REFERENCES report_cards (card_id)
      );
      CREATE INDEX reports_by_card ON reports (card_id);

      CREATE TABLE card_messages (
        card_id     INTEGER NOT NULL REFERENCES report_cards (card_id),
        destination TEXT    NOT NULL,
        ref         TEXT    NOT NULL,
        PRIMARY KEY (card_id, destination)
      );

      CREATE TABLE outbox (
        id          INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        destination TEXT    NOT NULL,
        kind        TEXT    NOT NULL CHECK (kind IN ('post-card', 'edit-card', 'post-case')),
        subject     BIGINT  NOT NULL,
        state       TEXT    NOT NULL CHECK (state IN ('pending', 'in_flight', 'done', 'given_up')),
        attempts    INTEGER NOT NULL DEFAULT 0,
        due_at      BIGINT  NOT NULL,
        lease_owner TEXT,
        lease_until BIGINT,
        created_at  BIGINT  NOT NULL,
        finished_at BIGINT,
        last_error  TEXT,
        ref         TEXT
      );
      CREATE INDEX outbox_due ON outbox (destination, state, due_at, id);
      CREATE INDEX outbox_subject ON outbox (kind, subject, destination, state);

      CREATE TABLE pending_actions (
        id         TEXT    PRIMARY KEY,
        kind       TEXT    NOT NULL CHECK (kind IN ('question', 'page')),
        invoker    TEXT    NOT NULL,
        request    TEXT    NOT NULL,
        expires_at BIGINT  NOT NULL,
        decided_by TEXT
      );
      CREATE INDEX pending_actions_expiry ON pending_actions (expires_at);
    `,
  },
  // 3: intent before action. A mutating command's case is written as pending before the API is
  // called and completed after; `owner` names the process, so a pending case whose process died
  // is settled at start-up by reading the API. SQLite cannot change a CHECK, hence the copy.
  // Locks shared by every process on DATA_DIR (word-list edits) live here too.
  {
    sqlite: (db) => {
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
    postgres: `
      ALTER TABLE cases DROP CONSTRAINT cases_outcome_check;
      ALTER TABLE cases ADD CONSTRAINT cases_outcome_check
        CHECK (outcome IN ('pending', 'success', 'failed', 'denied', 'unknown'));
      ALTER TABLE cases ADD COLUMN owner TEXT;
      CREATE INDEX cases_pending ON cases (outcome) WHERE outcome = 'pending';

      CREATE TABLE locks (
        name        TEXT    PRIMARY KEY,
        owner       TEXT    NOT NULL,
        lease_until BIGINT  NOT NULL
      );
    `,
  },
  // 4: requests already acted on (Slack's request signatures), so a replayed copy is refused by
  // every process sharing the store; see replay-guard.ts.
  {
    sqlite: (db) => {
      db.exec(`
        CREATE TABLE seen_requests (
          key        TEXT    PRIMARY KEY,          -- "slack-signature:v0=…"
          expires_at INTEGER NOT NULL              -- epoch ms; past it the request is refused anyway
        );
        CREATE INDEX seen_requests_expiry ON seen_requests (expires_at);
      `);
    },
    postgres: `
      CREATE TABLE seen_requests (
        key        TEXT    PRIMARY KEY,
        expires_at BIGINT  NOT NULL
      );
      CREATE INDEX seen_requests_expiry ON seen_requests (expires_at);
    `,
  },
  // 5: who leads the replicas (PostgreSQL; SQLite's one process writes it too, so every store
  // answers "who leads" alike). The lock itself is an advisory lock (leader-election.ts); this
  // row says who took it, since when, and whether the last leader let go cleanly, in which case
  // the next one starts at once instead of waiting out the old one's heartbeat.
  {
    sqlite: (db) => {
      db.exec(`
        CREATE TABLE leader (
          id          INTEGER PRIMARY KEY CHECK (id = 1),
          holder      TEXT    NOT NULL,            -- host:pid
          since       INTEGER NOT NULL,            -- epoch ms
          released_at INTEGER                      -- epoch ms: let go cleanly; NULL while leading
        );
      `);
    },
    postgres: `
      CREATE TABLE leader (
        id          INTEGER PRIMARY KEY CHECK (id = 1),
        holder      TEXT    NOT NULL,
        since       BIGINT  NOT NULL,
        released_at BIGINT
      );
    `,
  },
  // 6: whether the report feed has ever polled this store. Its first poll only backfills (posts
  // the newest REPORT_BACKFILL reports, records the rest); whether a poll is the first used to be
  // read from an empty reports table, which a leader that had only polled an empty list left
  // empty, so its successor took every report arrived since for backlog and posted few of them.
  // A store that holds reports has polled: since its first one.
  {
    sqlite: (db) => {
      db.exec(`
        ALTER TABLE store_identity ADD COLUMN feed_started_at INTEGER;  -- epoch ms; NULL: never polled
        UPDATE store_identity SET feed_started_at = (SELECT MIN(seen_at) FROM reports);
      `);
    },
    postgres: `
      ALTER TABLE store_identity ADD COLUMN feed_started_at BIGINT;
      UPDATE store_identity SET feed_started_at = (SELECT MIN(seen_at) FROM reports);
    `,
  },
  // 7, reports by generation: reports are keyed by (report_id, generation). The chat API may
  // list an id it gave out before against another player; that is a new report, stored beside
  // the first under the next generation, with its own card and buttons, while the first keeps its
  // player, body and card. Every report until then is generation 0. SQLite cannot change a
  // primary key, hence the copy.
  {
    sqlite: (db) => {
      db.exec(`
        CREATE TABLE reports_by_generation (
          report_id   INTEGER NOT NULL,
          generation  INTEGER NOT NULL DEFAULT 0,  -- 0, then 1, 2… each time the id names another player
          target      TEXT    NOT NULL,
          body        TEXT    NOT NULL,
          fingerprint TEXT    NOT NULL,
          seen_at     INTEGER NOT NULL,
          card_id     INTEGER REFERENCES report_cards (card_id),
          PRIMARY KEY (report_id, generation)
        );
        INSERT INTO reports_by_generation (report_id, generation, target, body, fingerprint, seen_at, card_id)
          SELECT report_id, 0, target, body, fingerprint, seen_at, card_id FROM reports;
        DROP TABLE reports;
        ALTER TABLE reports_by_generation RENAME TO reports;
        CREATE INDEX reports_by_card ON reports (card_id);
      `);
    },
    postgres: `
      ALTER TABLE reports ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE reports DROP CONSTRAINT reports_pkey;
      ALTER TABLE reports ADD PRIMARY KEY (report_id, generation);
    `,
  },
  // 8: outbox.in_flight_since, when a delivery went in flight. A delivery found in doubt is looked
  // up on Slack by the time its earlier attempts were made (conversations.history from then
  // on), not among the channel's latest messages, which a busy channel pushes it out of. NULL
  // on rows older than this step: their created_at is then the earliest an attempt began.
  {
    sqlite: (db) => {
      db.exec(`
        ALTER TABLE outbox ADD COLUMN in_flight_since INTEGER;  -- epoch ms; kept across takeovers
      `);
    },
    postgres: `
      ALTER TABLE outbox ADD COLUMN in_flight_since BIGINT;
    `,
  },
  // 9: outbox.attempted_until. A post that failed in a way that may have posted it anyway (its
  // answer lost: a timeout, a connection cut after it was sent, a 5xx), or whose lookup failed
  // while it was in doubt, goes back in line still in doubt: its attempts were made from
  // in_flight_since (kept) until attempted_until, and the next claim looks it up over that span
  // before posting again. NULL: no earlier attempt may have posted.
  {
    sqlite: (db) => {
      db.exec(`
        ALTER TABLE outbox ADD COLUMN attempted_until INTEGER;  -- epoch ms; set on a pending row in doubt
      `);
    },
    postgres: `
      ALTER TABLE outbox ADD COLUMN attempted_until BIGINT;
    `,
  },
  // 10: a card is read in the same few steps however many reports it holds (a flood card is read
  // for every post and every edit). Its count is kept on the card, added to as reports are put on
  // it; its reports are indexed in the order it lists them, so the first ten and the newest are
  // found without reading the rest; and the few reports whose id was reused (generation > 0) have
  // an index of their own, so finding which of a card's ids came back is a look at those few.
  {
    sqlite: (db) => {
      db.exec(CARD_COUNTS);
    },
    postgres: CARD_COUNTS,
  },
  // 11: a player's reports, against and by them, from the store: `history` and `report` read the
  // feed's record of the report list while the feed polls, instead of the whole list from the
  // API. reports.reporter is the report's from_gamer_id (read from the stored body; a NUL as the
  // stand-in ␀ that storable-report.ts writes for new reports), and both players are indexed.
  // store_identity says when the feed last polled, and until when that record holds: its next
  // scheduled poll and the time a poll may take (feed-record.ts).
  {
    sqlite: (db) => {
      db.exec(`
        ALTER TABLE reports ADD COLUMN reporter TEXT NOT NULL DEFAULT '';  -- from_gamer_id
        UPDATE reports SET reporter = coalesce(json_extract(
          replace(body, char(92) || 'u0000', char(92) || 'u2400'), '$.from_gamer_id'), '');
        CREATE INDEX reports_by_target ON reports (target);
        CREATE INDEX reports_by_reporter ON reports (reporter);
        ALTER TABLE store_identity ADD COLUMN feed_polled_at INTEGER;    -- epoch ms
        ALTER TABLE store_identity ADD COLUMN feed_fresh_until INTEGER;  -- epoch ms
      `);
    },
    // PostgreSQL's json cannot make text of a \u0000 escape, so on both engines the body's
    // escape is made ␀'s before it is read.
    postgres: `
      ALTER TABLE reports ADD COLUMN reporter TEXT NOT NULL DEFAULT '';
      UPDATE reports SET reporter = coalesce(
        replace(body, chr(92) || 'u0000', chr(92) || 'u2400')::json ->> 'from_gamer_id', '');
      CREATE INDEX reports_by_target ON reports (target);
      CREATE INDEX reports_by_reporter ON reports (reporter);
      ALTER TABLE store_identity ADD COLUMN feed_polled_at BIGINT;
      ALTER TABLE store_identity ADD COLUMN feed_fresh_until BIGINT;
    `,
  },
  // 12: the outbox in claim order. A drainer claims a destination's first due delivery by id (one
  // that failed and waited keeps its place in line), and outbox_due holds the rows by due_at: a
  // claim sorted every due row, so draining a backlog of n cost n² (SQLite), or walked the
  // primary key past every delivery ever done (PostgreSQL). By id within a destination and
  // state, a claim reads from the front of the line and stops at the first row due (due_at is in
  // the index, so the rows still waiting are skipped without reading the table).
  {
    sqlite: (db) => {
      db.exec(`
        CREATE INDEX outbox_claim_order ON outbox (destination, state, id, due_at);
      `);
    },
    postgres: `
      CREATE INDEX outbox_claim_order ON outbox (destination, state, id, due_at);
    `,
  },
  // 13: the player directory (player-directory.ts): every gamer_id the bot has seen, with each
  // name seen with it and when, so that a command takes a name where it names one player and
  // every answer shows `Name (id)`. A name is found by its folded key; an id by the primary key.
  // Filled from what the store already holds: the players of every stored report (when the bot
  // saw it) and the targets of its cases. On SQLite the key is made by the code's own function;
  // PostgreSQL's lower() folds like it wherever its database's locale does (and A-Z in the C
  // locale), and a name seen again gets the code's key (the directory's upsert writes it).
  // PostgreSQL's columns compare in "C" order, byte by byte as SQLite's do, so a prefix is a
  // range of the index on both (for suggestions while typing). cases_by_target_command finds a
  // player's latest ban the bot made (what `bans` shows beside each ban) in one step, and his
  // successful bans (the sanction ladder, step 14), however many other cases the player has.
  {
    sqlite: (db) => {
      db.function("chatwarden_name_key", { deterministic: true }, (name) =>
        playerNameKey(String(name)),
      );
      const fixed = "replace(body, char(92) || 'u0000', char(92) || 'u2400')";
      db.exec(`
        CREATE TABLE player_names (
          gamer_id      TEXT    NOT NULL,
          name          TEXT    NOT NULL,        -- '': the id seen without a name (a ban, a case)
          name_key      TEXT    NOT NULL,        -- the name folded (player-name-key.ts)
          first_seen_at INTEGER NOT NULL,        -- epoch ms
          last_seen_at  INTEGER NOT NULL,        -- epoch ms
          PRIMARY KEY (gamer_id, name)
        );
        CREATE INDEX player_names_by_key ON player_names (name_key, gamer_id);
        CREATE INDEX player_names_recent ON player_names (last_seen_at);
        CREATE INDEX cases_by_target_command ON cases (target, command, outcome, number);
        INSERT INTO player_names (gamer_id, name, name_key, first_seen_at, last_seen_at)
          SELECT gamer_id, name, chatwarden_name_key(name), min(at), max(at) FROM (
            ${PLAYERS_OF_REPORTS(fixed, (name) => `json_extract(fixed, '$.${name}')`)}
            UNION ALL
            SELECT target, '', CAST(round((julianday(at) - 2440587.5) * 86400000) AS INTEGER)
              FROM cases WHERE target IS NOT NULL
          ) AS seen
          WHERE gamer_id <> ''
          GROUP BY gamer_id, name;
      `);
    },
    postgres: `
      CREATE TABLE player_names (
        gamer_id      TEXT COLLATE "C" NOT NULL,
        name          TEXT COLLATE "C" NOT NULL,
        name_key      TEXT COLLATE "C" NOT NULL,
        first_seen_at BIGINT NOT NULL,
        last_seen_at  BIGINT NOT NULL,
        PRIMARY KEY (gamer_id, name)
      );
      CREATE INDEX player_names_by_key ON player_names (name_key, gamer_id);
      CREATE INDEX player_names_recent ON player_names (last_seen_at);
      CREATE INDEX cases_by_target_command ON cases (target, command, outcome, number);
      INSERT INTO player_names (gamer_id, name, name_key, first_seen_at, last_seen_at)
        SELECT gamer_id, name, lower(name COLLATE "default"), min(at), max(at) FROM (
          ${PLAYERS_OF_REPORTS("replace(body, chr(92) || 'u0000', chr(92) || 'u2400')::json", (name) => `fixed ->> '${name}'`)}
          UNION ALL
          SELECT target, '', (extract(epoch FROM at::timestamptz) * 1000)::bigint
            FROM cases WHERE target IS NOT NULL
        ) AS seen
        WHERE gamer_id <> ''
        GROUP BY gamer_id, name;
    `,
  },
  // 14: what a card's priority and the sanction ladder read, each in a few indexed steps however
  // much the store holds. ban_counts keeps the chat API's ban count (`count` of
  // GET /block_user_list) of each player as the bot last read it: the list names only players
  // banned now, so a count read while a ban ran would be lost when it ends. (A player's
  // successful bans are found along step 13's cases_by_target_command.) reports_by_target_seen
  // replaces reports_by_target (its first column): the reports against a player in a time
  // window, newest first (in the index's own order, so no plan sorts a flood), with who reported
  // each, without reading a report's row.
  // report_cards.alerted_at: when the card's high-priority alert was owed (once: the first poll
  // to find it high sets it, in the transaction that owes the alert), and the outbox's kinds take
  // `post-alert`. SQLite cannot change a CHECK, hence the copy, which keeps every row, its id and
  // the id sequence (a delivery's key is made of its id).
  {
    sqlite: (db) => {
      db.exec(`
        ${TRIAGE}
        ${OUTBOX_WITH_KINDS("outbox_v14", OUTBOX_KINDS)}      `);
    },
    postgres: `
      ${TRIAGE}
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${OUTBOX_KINDS}));
    `,
  },
  // 15: a card's take (Take on the card, `take`): which moderator is looking at it, and since when.
  // Read against the clock (a take lapses after TAKE_MS), so no timer has to clear it; a card
  // settled, or released by its holder, has none.
  { sqlite: (db) => db.exec(TAKES), postgres: TAKES },
  // 16: bans made elsewhere (moderation/ban-sync.ts). The sync records bans the bot did not make,
  // and bans lifted outside it, as cases; cases.sync_key names what each such case records (the
  // player and the ban as listed), unique, so two syncs that overlap (a fail-over) record it
  // once. NULL on every other case (both engines keep NULLs apart in a unique index).
  // listed_bans is GET /block_user_list as the last sync read it: a ban gone from it before its
  // end was lifted. (The count each ban carries is also kept in ban_counts, for the ladder.)
  // store_identity.ban_syncs counts the syncs (0: the next is the first, which records what it
  // finds without posting); the sync's transaction takes the row first, so syncs run one after
  // the other. ban_synced_at: when the list that the last sync stored was read.
  {
    sqlite: (db) => {
      db.exec(BAN_SYNC);
    },
    postgres: BAN_SYNC,
  },
  // 17: the cases of a time range, along cases_by_at. `chatwarden cases export` reads them a page
  // at a time, each page after the last one read (time, then number), each page one walk along
  // the index however many cases the store holds; `stats` (step 18) counts a period's cases by
  // moderator from the index alone, which holds what that count reads. `at` is ISO 8601 UTC
  // text, whose order is time's.
  {
    sqlite: (db) => {
      db.exec(CASES_BY_AT);
    },
    postgres: CASES_BY_AT,
  },
  // 18: what `stats` reads (moderation/statistics.ts), each along an index, so its cost is the
  // period's rows, not the store's. A report's create_at (the chat API's local wall clock, in
  // CHAT_TIMEZONE, as the body holds it) and its category (`keyword`) become columns: the text
  // sorts as time does, and its first ten characters are the report's day in that zone, so a
  // period is a range of reports_by_created and a day a prefix, with no zone arithmetic in SQL.
  // Filled from the bodies already stored (a NUL escape read as migration 13 reads it). The
  // cards' states, with when each was opened or handled, give the backlog and what was handled
  // in a period; step 17's cases_by_at the cases of a period.
  {
    sqlite: (db) => {
      const fixed = "replace(body, char(92) || 'u0000', char(92) || 'u2400')";
      db.exec(STATISTICS((name) => `json_extract(${fixed}, '$.${name}')`));
    },
    postgres: STATISTICS(
      (name) => `(replace(body, chr(92) || 'u0000', chr(92) || 'u2400')::json ->> '${name}')`,
    ),
  },
  // 19: the shift digest and reminders.
  // digests: one row per scheduled slot and report destination, inserted (ON CONFLICT DO NOTHING)
  // in the transaction that owes its post, so a slot is owed once however many replicas or
  // restarts try; since_at is where its "handled since the last digest" begins. reminders: one
  // row per reminder post, and report_cards.reminder_id the reminder that listed the card (set
  // once: a card is reminded of at most once). report_cards_unreminded finds the cards due;
  // report_cards_handled_at, the cards handled since the last digest.
  {
    sqlite: (db) => {
      db.exec(`
        ${DIGESTS_AND_REMINDERS("INTEGER PRIMARY KEY AUTOINCREMENT", "INTEGER")}
        ${OUTBOX_WITH_KINDS("outbox_v19", OUTBOX_KINDS_19)}
      `);
    },
    postgres: `
      ${DIGESTS_AND_REMINDERS("INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "BIGINT")}
      ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
      ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${OUTBOX_KINDS_19}));
    `,
  },
];
