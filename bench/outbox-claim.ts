// What one delivery costs the outbox as its backlog grows: a curve of claimNext + complete (a
// drainer's cycle with no platform behind it) at 2,000, 20,000 and 200,000 pending deliveries
// to one destination, on SQLite and on PostgreSQL. A claim takes the first due delivery in line;
// it should cost the same however long the line is (flat), as it does when an index holds the
// rows in that order. A bot back from a day-long platform outage drains such a backlog, behind
// as many deliveries done before it (the outbox keeps them).
// Each round claims and completes CLAIMS_PER_ROUND deliveries (timed), then owes as many new ones
// (not timed), so every round finds the same backlog.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import type { DestinationName } from "../src/feed/destination.js";
import { Outbox } from "../src/feed/outbox.js";
import { openStore } from "../src/store/open-store.js";
import type { Store } from "../src/store/store.js";
import { type Curve, measureCurve } from "./curve.js";
import { freshDatabase } from "./postgres.js";

const SIZES = [2_000, 20_000, 200_000];
const CLAIMS_PER_ROUND = 100;
const ROUNDS = 5;
const DESTINATION: DestinationName = "discord:report";

export async function benchOutboxClaim(): Promise<Curve[]> {
  const dataDirs: string[] = [];
  const stores: Store[] = [];
  const open = async (databaseUrl?: string) => {
    const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-bench-"));
    dataDirs.push(dataDir);
    const store = await openStore({ dataDir, databaseUrl });
    stores.push(store);
    return store;
  };
  try {
    const curves: Curve[] = [];
    for (const engine of ["SQLite", "PostgreSQL"] as const) {
      curves.push(
        await measureCurve({
          name: `Outbox claim + complete on ${engine}, one destination's backlog`,
          unit: "ms per delivery",
          sizeUnit: "pending deliveries",
          growth: "flat",
          sizes: SIZES,
          rounds: ROUNDS,
          prepare: async (size) => {
            const store = await open(engine === "PostgreSQL" ? await freshDatabase() : undefined);
            return backlogOf(store, size);
          },
        }),
      );
    }
    return curves;
  } finally {
    for (const store of stores) await store.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A store owing `size` deliveries; answers what times one round of claims on it. */
async function backlogOf(store: Store, size: number): Promise<() => Promise<number>> {
  const outbox = new Outbox(store);
  let subject = 0;
  const owe = (count: number) => {
    const subjects = Array.from({ length: count }, () => ++subject);
    return store.transaction(() => outbox.enqueueAll([DESTINATION], "post-card", subjects));
  };
  // A bot that has delivered as many before: the history stays in the table, done.
  await owe(size);
  await store.db.updateTable("outbox").set({ state: "done", finished_at: Date.now() }).execute();
  await owe(size);
  // As PostgreSQL's autovacuum would have by the time a backlog this size is drained: the
  // statistics read, and the history's earlier row versions gone.
  if (store.dialect === "postgres") await sql`VACUUM ANALYZE outbox`.execute(store.db);
  return async () => {
    const started = performance.now();
    for (let n = 0; n < CLAIMS_PER_ROUND; n++) {
      const delivery = await outbox.claimNext(DESTINATION);
      if (!delivery) throw new Error(`the backlog of ${size} ran dry`);
      await outbox.complete(delivery.id, `message-${delivery.id}`);
    }
    const perDelivery = (performance.now() - started) / CLAIMS_PER_ROUND;
    await owe(CLAIMS_PER_ROUND);
    return perDelivery;
  };
}
