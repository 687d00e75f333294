// How the database runs the statements code sends it: a store that records each statement it
// runs (the same database and connections as the store it wraps), and the plan the engine
// chooses for a recorded statement (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL, which
// plans with the statement's parameters as the code sent them, and runs nothing).
import { CompiledQuery, type KyselyPlugin } from "kysely";
import { z } from "zod";
import { Store } from "../../src/store/store.js";

/** `store`, but every statement run through it is kept in `statements`, in order. */
export function recordingStore(store: Store): { store: Store; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const executor = store.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const recording = new Store({
    dialect: store.dialect,
    kysely: store.db.withPlugin(recorder),
    location: store.location,
    failureText: store.failureText,
  });
  return { store: recording, statements };
}

const sqlitePlanRow = z.object({ detail: z.string() });
const postgresPlanRow = z.object({ "QUERY PLAN": z.string() });

/** The engine's plan for `statement`, one line per step. */
export async function planOf(store: Store, statement: CompiledQuery): Promise<string[]> {
  const explain = store.dialect === "sqlite" ? "EXPLAIN QUERY PLAN" : "EXPLAIN";
  const { rows } = await store.db.executeQuery(
    CompiledQuery.raw(`${explain} ${statement.sql}`, [...statement.parameters]),
  );
  return rows.map((row) =>
    store.dialect === "sqlite"
      ? sqlitePlanRow.parse(row).detail
      : postgresPlanRow.parse(row)["QUERY PLAN"],
  );
}
