// The store itself, on SQLite and on PostgreSQL alike: migrated on open, transactions that commit
// or leave nothing, ambient transactions that repositories join, callbacks after commit, and
// concurrent read-modify-write that loses nothing.
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrations } from "../../src/store/migrations.js";
import { DATABASE_FILE } from "../../src/store/sqlite/open-sqlite.js";
import {
  freshStoreLocation,
  openTestStore,
  STORE_KINDS,
  type StoreKind,
  type TestStoreLocation,
} from "../helpers/stores.js";

describe.each(STORE_KINDS)("the store on %s", (kind) => {
  it("opens migrated: every table of the schema is there and empty", async () => {
    const { store } = await openTestStore(kind);
    for (const table of ["cases", "report_cards", "reports", "outbox", "locks"] as const) {
      const row = await store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(row.n, table).toBe(0);
    }
    const identity = await store.db.selectFrom("store_identity").select("id").execute();
    expect(identity).toHaveLength(1);
    expect(identity[0]?.id).toMatch(/^[0-9a-f]{8}$/);
  });

  it("opens the same database twice (a second replica) without migrating again", async () => {
    const first = await openTestStore(kind);
    await first.store.db
      .insertInto("locks")
      .values({ name: "kept", owner: "a", lease_until: 1 })
      .execute();
    const second = await openTestStore(kind, first.location);
    const rows = await second.store.db.selectFrom("locks").select("name").execute();
    expect(rows).toEqual([{ name: "kept" }]);
  });

  it("reads epoch milliseconds back as numbers", async () => {
    const { store } = await openTestStore(kind);
    const lease = Date.UTC(2026, 10, 22, 12, 0, 0, 123);
    await store.db
      .insertInto("locks")
      .values({ name: "n", owner: "o", lease_until: lease })
      .execute();
    const row = await store.db.selectFrom("locks").select("lease_until").executeTakeFirstOrThrow();
    expect(row.lease_until).toBe(lease);
  });

  it("commits a transaction's writes together, and leaves none when it throws", async () => {
    const { store } = await openTestStore(kind);
    await store.transaction(async () => {
      await store.db
        .insertInto("locks")
        .values({ name: "a", owner: "o", lease_until: 1 })
        .execute();
      await store.db
        .insertInto("locks")
        .values({ name: "b", owner: "o", lease_until: 1 })
        .execute();
    });
    await expect(
      store.transaction(async () => {
        await store.db
          .insertInto("locks")
          .values({ name: "c", owner: "o", lease_until: 1 })
          .execute();
        throw new Error("halfway");
      }),
    ).rejects.toThrow("halfway");
    const names = await store.db.selectFrom("locks").select("name").orderBy("name").execute();
    expect(names.map((row) => row.name)).toEqual(["a", "b"]);
  });

  it("lets a transaction inside a transaction join it: the outer failure undoes both", async () => {
    const { store } = await openTestStore(kind);
    await expect(
      store.transaction(async () => {
        await store.transaction(async () => {
          await store.db
            .insertInto("locks")
            .values({ name: "inner", owner: "o", lease_until: 1 })
            .execute();
        });
        throw new Error("outer fails");
      }),
    ).rejects.toThrow("outer fails");
    expect(await store.db.selectFrom("locks").select("name").execute()).toEqual([]);
  });

  it("runs afterCommit callbacks once the change is visible, and never after a rollback", async () => {
    const { store } = await openTestStore(kind);
    const seen: string[] = [];
    await store.transaction(async () => {
      await store.db
        .insertInto("locks")
        .values({ name: "x", owner: "o", lease_until: 1 })
        .execute();
      store.afterCommit(() => seen.push("committed"));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(["committed"]);
    await store
      .transaction(async () => {
        store.afterCommit(() => seen.push("rolled back"));
        throw new Error("no");
      })
      .catch(() => undefined);
    expect(seen).toEqual(["committed"]);
  });

  it("loses no update when two transactions read and write one row at once", async () => {
    const { store } = await openTestStore(kind);
    await store.db
      .insertInto("locks")
      .values({ name: "counter", owner: "o", lease_until: 0 })
      .execute();
    const bump = () =>
      store.transaction(async () => {
        // PostgreSQL needs the row lock (FOR UPDATE); SQLite's write lock is the transaction's.
        const read = store.db
          .selectFrom("locks")
          .select("lease_until")
          .where("name", "=", "counter");
        const row = await store.forUpdate(read).executeTakeFirstOrThrow();
        await sql`SELECT 1`.execute(store.db);
        await store.db
          .updateTable("locks")
          .set({ lease_until: row.lease_until + 1 })
          .where("name", "=", "counter")
          .execute();
      });
    await Promise.all(Array.from({ length: 10 }, bump));
    const row = await store.db.selectFrom("locks").select("lease_until").executeTakeFirstOrThrow();
    expect(row.lease_until).toBe(10);
  });
});

describe("the migrations", () => {
  it("give both engines the same tables and columns", async () => {
    const columns = async (kind: "sqlite" | "postgres") => {
      const { store } = await openTestStore(kind);
      const tables = await store.db.introspection.getTables();
      const described = await Promise.all(
        tables
          .filter((table) => !["chatwarden_schema", "sqlite_sequence"].includes(table.name))
          .map(async (table) => {
            // SQLite lets a primary key other than an INTEGER one hold NULL unless it says NOT
            // NULL, so introspection calls those nullable; no row of ours ever has one.
            const keys =
              kind === "sqlite"
                ? (
                    await sql<{
                      name: string;
                    }>`SELECT name FROM pragma_table_info(${table.name}) WHERE pk > 0`.execute(
                      store.db,
                    )
                  ).rows.map((row) => row.name)
                : [];
            const names = table.columns.map(
              (column) =>
                `${column.name}${column.isNullable && !keys.includes(column.name) ? "?" : ""}`,
            );
            return [table.name, names.sort()] as const;
          }),
      );
      return Object.fromEntries(described.sort(([a], [b]) => a.localeCompare(b)));
    };
    const [sqlite, postgres] = await Promise.all([columns("sqlite"), columns("postgres")]);
    expect(Object.keys(sqlite)).toHaveLength(15);
    expect(postgres).toEqual(sqlite);
    expect(migrations).toHaveLength(19);
  });
});

/** Before migration 7 (reports by generation): one card against alice-1 holding report 1. */
const BEFORE_GENERATIONS = 6;
const ROWS_BEFORE_GENERATIONS = `
  INSERT INTO report_cards (card_id, target, opened_at, state) VALUES (1, 'alice-1', 1, 'open');
  INSERT INTO reports (report_id, target, body, fingerprint, seen_at, card_id)
    VALUES (1, 'alice-1', '{"kept":true}', '1|x', 1, 1), (2, 'carol-3', '{}', '1|x', 1, NULL);
`;

/** A store as a bot from before migration 7 left it, with its rows; a newer bot opens it next. */
function storeBeforeGenerations(kind: StoreKind): Promise<TestStoreLocation> {
  return storeAt(kind, BEFORE_GENERATIONS, ROWS_BEFORE_GENERATIONS);
}

/** A store as a bot that ran `version` migrations left it, holding `rows` (SQL both engines run). */
async function storeAt(kind: StoreKind, version: number, rows: string): Promise<TestStoreLocation> {
  const location = await freshStoreLocation(kind);
  if (location.databaseUrl === undefined) {
    const sqlite = new BetterSqlite3(join(location.dataDir, DATABASE_FILE));
    for (const migration of migrations.slice(0, version)) migration.sqlite(sqlite);
    sqlite.exec(rows);
    sqlite.pragma(`user_version = ${version}`);
    sqlite.close();
    return location;
  }
  const client = new pg.Client({ connectionString: location.databaseUrl });
  await client.connect();
  try {
    await client.query("CREATE TABLE chatwarden_schema (version INTEGER NOT NULL)");
    await client.query(`INSERT INTO chatwarden_schema (version) VALUES (${version})`);
    for (const migration of migrations.slice(0, version)) {
      await client.query(migration.postgres);
    }
    await client.query(rows);
  } finally {
    await client.end();
  }
  return location;
}

describe.each(STORE_KINDS)("migration 7 (reports by generation) on %s", (kind) => {
  it("keeps every report as generation 0, on its card, and lets an id name a second report", async () => {
    const { store } = await openTestStore(kind, await storeBeforeGenerations(kind));
    const rows = await store.db
      .selectFrom("reports")
      .select(["report_id", "generation", "target", "body", "card_id"])
      .orderBy("report_id")
      .execute();
    expect(rows).toEqual([
      { report_id: 1, generation: 0, target: "alice-1", body: '{"kept":true}', card_id: 1 },
      { report_id: 2, generation: 0, target: "carol-3", body: "{}", card_id: null },
    ]);
    const second = {
      target: "bob-2",
      reporter: "",
      body: "{}",
      fingerprint: "1|y",
      seen_at: 2,
      card_id: null,
    };
    await store.db
      .insertInto("reports")
      .values({ report_id: 1, generation: 1, ...second })
      .execute();
    await expect(
      store.db
        .insertInto("reports")
        .values({ report_id: 1, generation: 1, ...second })
        .execute(),
    ).rejects.toThrow();
  });
});

/** Before migration 10 (cards read in constant time): a card of three reports, one of two. */
const ROWS_BEFORE_CARD_COUNTS = `
  INSERT INTO report_cards (card_id, target, opened_at, state)
    VALUES (1, 'alice-1', 1, 'open'), (2, 'bob-2', 1, 'open'), (3, 'carol-3', 1, 'open');
  INSERT INTO reports (report_id, generation, target, body, fingerprint, seen_at, card_id)
    VALUES (1, 0, 'alice-1', '{}', '1|x', 1, 1), (2, 0, 'alice-1', '{}', '1|x', 1, 1),
           (3, 0, 'alice-1', '{}', '1|x', 1, 1), (4, 0, 'bob-2', '{}', '1|x', 1, 2),
           (5, 0, 'bob-2', '{}', '1|x', 1, 2), (6, 0, 'dave-4', '{}', '1|x', 1, NULL);
`;

describe.each(STORE_KINDS)("migration 10 (cards read in constant time) on %s", (kind) => {
  it("counts the reports already on each card", async () => {
    const { store } = await openTestStore(kind, await storeAt(kind, 9, ROWS_BEFORE_CARD_COUNTS));
    const cards = await store.db
      .selectFrom("report_cards")
      .select(["card_id", "report_count"])
      .orderBy("card_id")
      .execute();
    expect(cards).toEqual([
      { card_id: 1, report_count: 3 },
      { card_id: 2, report_count: 2 },
      { card_id: 3, report_count: 0 },
    ]);
  });
});

/** Before migration 11 (a player's reports by index): reports whose bodies name the reporter. */
const ROWS_BEFORE_REPORTERS = `
  INSERT INTO reports (report_id, generation, target, body, fingerprint, seen_at, card_id)
    VALUES (1, 0, 'alice-1', '{"from_gamer_id":"carol-3","message":"a\\u0000b"}', '1|x', 1, NULL),
           (2, 0, 'bob-2', '{"from_gamer_id":"dave\\u00004","message":"hi"}', '1|x', 1, NULL);
`;

describe.each(STORE_KINDS)("migration 11 (a player's reports by index) on %s", (kind) => {
  it("reads each stored report's reporter from its body, a NUL as the stand-in ␀", async () => {
    const { store } = await openTestStore(kind, await storeAt(kind, 10, ROWS_BEFORE_REPORTERS));
    const rows = await store.db
      .selectFrom("reports")
      .select(["report_id", "reporter"])
      .orderBy("report_id")
      .execute();
    expect(rows).toEqual([
      { report_id: 1, reporter: "carol-3" },
      { report_id: 2, reporter: "dave␀4" },
    ]);
    const identity = await store.db
      .selectFrom("store_identity")
      .select(["feed_polled_at", "feed_fresh_until"])
      .executeTakeFirstOrThrow();
    expect(identity).toEqual({ feed_polled_at: null, feed_fresh_until: null });
  });
});

/** Before migration 14 (triage, alerts): a card, and three deliveries, one of them in flight. */
const ROWS_BEFORE_ALERTS = `
  INSERT INTO report_cards (target, opened_at, state) VALUES ('alice-1', 1, 'open');
  INSERT INTO outbox (destination, kind, subject, state, attempts, due_at, created_at)
    VALUES ('discord:report', 'post-card', 1, 'done', 1, 1, 1),
           ('slack:report', 'post-card', 1, 'pending', 0, 1, 1);
  INSERT INTO outbox (destination, kind, subject, state, attempts, due_at, lease_owner,
      lease_until, created_at, in_flight_since, attempted_until)
    VALUES ('discord:audit', 'post-case', 7, 'in_flight', 2, 5, 'host:1', 9, 2, 4, 6);
`;

describe.each(STORE_KINDS)("migration 14 (triage and alerts) on %s", (kind) => {
  it("keeps every delivery as it was, gives no id twice, and takes alerts", async () => {
    const { store } = await openTestStore(kind, await storeAt(kind, 13, ROWS_BEFORE_ALERTS));
    const kept = await store.db
      .selectFrom("outbox")
      .select(["id", "destination", "kind", "state", "attempts", "lease_owner", "attempted_until"])
      .orderBy("id")
      .execute();
    expect(kept).toEqual([
      {
        id: 1,
        destination: "discord:report",
        kind: "post-card",
        state: "done",
        attempts: 1,
        lease_owner: null,
        attempted_until: null,
      },
      {
        id: 2,
        destination: "slack:report",
        kind: "post-card",
        state: "pending",
        attempts: 0,
        lease_owner: null,
        attempted_until: null,
      },
      {
        id: 3,
        destination: "discord:audit",
        kind: "post-case",
        state: "in_flight",
        attempts: 2,
        lease_owner: "host:1",
        attempted_until: 6,
      },
    ]);
    const alert = await store.db
      .insertInto("outbox")
      .values({
        destination: "discord:report",
        kind: "post-alert",
        subject: 1,
        state: "pending",
        due_at: 1,
        created_at: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(alert.id).toBe(4);
    const card = await store.db
      .selectFrom("report_cards")
      .select("alerted_at")
      .executeTakeFirstOrThrow();
    expect(card.alerted_at).toBeNull();
  });
});

/** Before migration 16 (ban sync): two of the bot's cases, and a store that has never synced. */
const ROWS_BEFORE_BAN_SYNC = `
  INSERT INTO cases (at, platform, actor_id, actor_name, command, target, args, outcome)
    VALUES ('2026-11-20T10:00:00.000Z', 'discord', '100', 'Mina', 'ban', 'alice-1', '{}', 'success'),
           ('2026-11-20T10:01:00.000Z', 'slack', 'U1', 'Ari', 'unban', 'alice-1', '{}', 'success');
`;

describe.each(STORE_KINDS)("migration 16 (ban sync) on %s", (kind) => {
  it("keeps the bot's cases as they were, none of them a sync's, and has not synced yet", async () => {
    const { store } = await openTestStore(kind, await storeAt(kind, 15, ROWS_BEFORE_BAN_SYNC));
    const kept = await store.db
      .selectFrom("cases")
      .select(["number", "command", "platform", "sync_key"])
      .orderBy("number")
      .execute();
    expect(kept).toEqual([
      { number: 1, command: "ban", platform: "discord", sync_key: null },
      { number: 2, command: "unban", platform: "slack", sync_key: null },
    ]);
    const identity = await store.db
      .selectFrom("store_identity")
      .select(["ban_syncs", "ban_synced_at"])
      .executeTakeFirstOrThrow();
    expect(identity).toEqual({ ban_syncs: 0, ban_synced_at: null });
    expect(await store.db.selectFrom("listed_bans").selectAll().execute()).toEqual([]);
  });
});

/**
 * Before migration 13 (the player directory): two reports naming three players (one name with a
 * NUL escape, as an old body may hold it), and cases against a player no report names.
 */
const ROWS_BEFORE_PLAYERS = `
  INSERT INTO reports (report_id, generation, target, reporter, body, fingerprint, seen_at, card_id)
    VALUES (1, 0, '10003', '10001',
            '{"to_gamer_name":"ShadowFox","from_gamer_name":"Kim\\u0000Min"}', '1|x', 1000, NULL),
           (2, 0, '10003', '10002',
            '{"to_gamer_name":"ShadowFox","from_gamer_name":"달빛기사"}', '1|x', 5000, NULL);
  INSERT INTO cases (at, platform, actor_id, actor_name, command, target, args, outcome)
    VALUES ('1970-01-01T00:00:07.000Z', 'cli', 'op', 'op', 'ban', 'gamer-42', '{}', 'success'),
           ('1970-01-01T00:00:09.000Z', 'cli', 'op', 'op', 'unban', 'gamer-42', '{}', 'success'),
           ('1970-01-01T00:00:09.000Z', 'cli', 'op', 'op', 'badwords add', NULL, '{}', 'success');
`;

describe.each(STORE_KINDS)("migration 13 (the player directory) on %s", (kind) => {
  it("learns the players of the stored reports and cases, with when they were seen", async () => {
    const { store } = await openTestStore(kind, await storeAt(kind, 12, ROWS_BEFORE_PLAYERS));
    const rows = await store.db
      .selectFrom("player_names")
      .select(["gamer_id", "name", "name_key", "first_seen_at", "last_seen_at"])
      .orderBy("gamer_id")
      .orderBy("name")
      .execute();
    expect(rows).toEqual([
      {
        gamer_id: "10001",
        name: "Kim␀Min",
        name_key: "kim␀min",
        first_seen_at: 1000,
        last_seen_at: 1000,
      },
      {
        gamer_id: "10002",
        name: "달빛기사",
        name_key: "달빛기사",
        first_seen_at: 5000,
        last_seen_at: 5000,
      },
      {
        gamer_id: "10003",
        name: "ShadowFox",
        name_key: "shadowfox",
        first_seen_at: 1000,
        last_seen_at: 5000,
      },
      { gamer_id: "gamer-42", name: "", name_key: "", first_seen_at: 7000, last_seen_at: 9000 },
    ]);
  });
});

/**
 * Before migration 18 (statistics): a report with a create_at and a category, one whose body has
 * a NUL escape and no category, and one whose body has neither field.
 */
const ROWS_BEFORE_STATISTICS = `
  INSERT INTO reports (report_id, generation, target, reporter, body, fingerprint, seen_at, card_id)
    VALUES (1, 0, 'p-1', 'r-1',
            '{"create_at":"2026-11-20 09:00:00","keyword":"SPAM"}', '1|x', 1000, NULL),
           (2, 0, 'p-1', 'r-2',
            '{"create_at":"2026-11-21 00:30:00","message":"a\\u0000b"}', '1|x', 2000, NULL),
           (3, 0, 'p-2', 'r-3', '{}', '1|x', 3000, NULL);
`;

describe.each(STORE_KINDS)("migration 18 (statistics) on %s", (kind) => {
  it("gives each stored report its create_at and category from its body", async () => {
    const { store } = await openTestStore(kind, await storeAt(kind, 17, ROWS_BEFORE_STATISTICS));
    const rows = await store.db
      .selectFrom("reports")
      .select(["report_id", "created_local", "keyword"])
      .orderBy("report_id")
      .execute();
    expect(rows).toEqual([
      { report_id: 1, created_local: "2026-11-20 09:00:00", keyword: "SPAM" },
      { report_id: 2, created_local: "2026-11-21 00:30:00", keyword: "" },
      { report_id: 3, created_local: "", keyword: "" },
    ]);
  });
});
