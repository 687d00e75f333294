// Many cases written straight into the store's table, as a bot leaves them over months: for
// tests and benchmarks that need thousands of cases (or a million), which recording each
// through CaseStore would take minutes to make. One ban every `everyMs` from `from`.
import type { Store } from "../../src/store/store.js";

const ROWS_PER_INSERT = 1_000;

export interface CaseRowsPlan {
  count: number;
  from: Date;
  everyMs: number;
  /** Characters of filler in each case's args, to make each row as long as a test needs. */
  padding?: number;
}

export async function insertCaseRows(store: Store, plan: CaseRowsPlan): Promise<void> {
  const filler = "x".repeat(plan.padding ?? 0);
  await store.transaction(async () => {
    for (let first = 0; first < plan.count; first += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, plan.count - first) }, (_, i) => {
        const n = first + i;
        const target = `gamer-${n}`;
        return {
          at: new Date(plan.from.getTime() + n * plan.everyMs).toISOString(),
          platform: "discord",
          actor_id: "100",
          actor_name: "Mina",
          command: "ban",
          target,
          args: JSON.stringify({ gamer_id: target, days: 3, ...(filler ? { filler } : {}) }),
          reason: "spam",
          outcome: "success" as const,
        };
      });
      await store.db.insertInto("cases").values(rows).execute();
    }
  });
}
