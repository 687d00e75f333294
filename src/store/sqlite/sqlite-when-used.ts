// The SQLite store of a one-shot command, opened by its first query: until then neither
// better-sqlite3 is loaded nor the file opened (Kysely calls a dialect's `database` function
// "once when the first query is executed", and closes nothing it never opened). A read that
// keeps nothing, such as `bans`, never opens it; one that only adds to its answer from the store
// (the names of the players it lists) finds nothing there while the file does not exist. A file that cannot be opened fails that first
// query, in the words storeFailureText gives it, and is tried again by the next.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Kysely, SqliteDialect } from "kysely";
import type { Schema } from "../schema.js";
import { Store } from "../store.js";
import { storeFailureText } from "../store-failure.js";
import { DATABASE_FILE } from "./database-file.js";
import { withStatementCache } from "./statement-cache.js";

export function sqliteStoreWhenUsed(dataDir: string): Store {
  const file = join(dataDir, DATABASE_FILE);
  const dialect = new SqliteDialect({
    database: async () => {
      const { openSqliteFile } = await import("./open-sqlite.js");
      return withStatementCache(openSqliteFile(dataDir));
    },
  });
  return new Store({
    dialect: "sqlite",
    kysely: new Kysely<Schema>({ dialect }),
    location: file,
    failureText: (error) => storeFailureText(error, file),
    holdsNothing: () => !existsSync(file),
  });
}
