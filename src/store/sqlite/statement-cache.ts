// Prepared statements kept by their SQL text. Kysely's SQLite driver prepares every query it runs
// (`db.prepare` per call: SQLite parses and plans the text again, and better-sqlite3 makes a new
// statement object to be collected), which was a tenth of the bot's CPU under Slack load. Kysely
// has no cache of its own, so the handle it is given keeps one: the same text gets the statement
// prepared for it before (https://github.com/WiseLibs/better-sqlite3/issues/793: "in general no.
// Cache them."). SQLite prepares a kept statement again by itself after a schema change.
import type { Database, Statement } from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/**
 * The store runs a few dozen texts again and again; texts with lists of values (`IN (?, ?, …)`)
 * vary, so the least recently used are dropped past this many.
 */
export const KEPT_STATEMENTS = 200;
/**
 * Longer texts are batches (thousands of rows in one INSERT): preparing one costs little beside
 * writing its rows, and its program would be large to keep.
 */
const LONGEST_KEPT_TEXT = 8_192;

/** `sqlite` as Kysely's dialect takes it, preparing each text once. */
export function withStatementCache(sqlite: Database, capacity = KEPT_STATEMENTS): SqliteDatabase {
  // A Map iterates in insertion order: the first key is the least recently used.
  const kept = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const statement = kept.get(text);
      // A statement still being read (an unfinished iterate) cannot run again: a fresh one can.
      if (statement?.busy === false) {
        kept.delete(text);
        kept.set(text, statement);
        return statement;
      }
      const prepared = sqlite.prepare(text);
      if (statement === undefined && text.length <= LONGEST_KEPT_TEXT) {
        kept.set(text, prepared);
        const oldest = kept.keys().next();
        if (kept.size > capacity && !oldest.done) kept.delete(oldest.value);
      }
      return prepared;
    },
  };
}
