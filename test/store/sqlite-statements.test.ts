// The SQLite store prepares a query once and runs it again from then on (Kysely's driver would
// prepare it at every run), while every answer stays what a fresh statement gives: a statement
// still being read is not reused, and the number kept is bounded.
import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { SqliteStore } from "../../src/store/sqlite/open-sqlite.js";
import { withStatementCache } from "../../src/store/sqlite/statement-cache.js";
import { openTestStore } from "../helpers/stores.js";

async function sqliteStore(): Promise<SqliteStore> {
  const { store } = await openTestStore("sqlite");
  if (!(store instanceof SqliteStore)) throw new Error("expected the SQLite store");
  return store;
}

describe("the SQLite store's prepared statements", () => {
  it("prepares a query it runs again only once, in and out of transactions", async () => {
    const store = await sqliteStore();
    const prepare = vi.spyOn(store.sqlite, "prepare");
    const insert = (name: string) =>
      store.db.insertInto("locks").values({ name, owner: "a", lease_until: 1 }).execute();
    const names = () => store.db.selectFrom("locks").select("name").orderBy("name").execute();

    await insert("one");
    await store.transaction(() => insert("two"));
    await store.transaction(() => insert("three"));
    await expect(
      store.transaction(async () => {
        await insert("four");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await names()).map((row) => row.name)).toEqual(["one", "three", "two"]);
    expect((await names()).map((row) => row.name)).toEqual(["one", "three", "two"]);

    const prepared = prepare.mock.calls.map(([text]) => text);
    // The INSERT, the SELECT, and BEGIN IMMEDIATE, COMMIT and ROLLBACK: each once.
    expect(prepared).toHaveLength(5);
    expect(new Set(prepared).size).toBe(prepared.length);
  });

  it("runs a query again while the same query is still being read", () => {
    // Kysely runs one query at a time on SQLite's connection, so this happens only to a caller
    // that reads rows one by one and queries in between; a busy statement cannot run twice.
    const sqlite = new BetterSqlite3(":memory:");
    sqlite.exec("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('a'), ('b'), ('c')");
    const cached = withStatementCache(sqlite);
    const text = "SELECT v FROM t ORDER BY v";
    const values = (rows: unknown[]) => rows.map((row) => (row as { v: string }).v);
    const seen: string[][] = [];
    for (const row of cached.prepare(text).iterate([])) {
      seen.push([...values([row]), ...values(cached.prepare(text).all([]))]);
    }
    expect(seen).toEqual([
      ["a", "a", "b", "c"],
      ["b", "a", "b", "c"],
      ["c", "a", "b", "c"],
    ]);
    expect(values(cached.prepare(text).all([]))).toEqual(["a", "b", "c"]);
  });

  it("keeps at most the bound, the least recently used dropped first", () => {
    const sqlite = new BetterSqlite3(":memory:");
    const prepare = vi.spyOn(sqlite, "prepare");
    const cached = withStatementCache(sqlite, 2);
    const run = (text: string) => cached.prepare(text).all([]);
    run("SELECT 1");
    run("SELECT 2");
    run("SELECT 1"); // used again: SELECT 2 is now the least recently used
    run("SELECT 3"); // past the bound: SELECT 2 is dropped
    run("SELECT 1");
    run("SELECT 2");
    expect(prepare.mock.calls.map(([text]) => text)).toEqual([
      "SELECT 1",
      "SELECT 2",
      "SELECT 3",
      "SELECT 2",
    ]);
    cached.close();
    expect(sqlite.open).toBe(false);
  });
});
