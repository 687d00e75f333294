// The outbox's throughput on each engine: deliveries enqueued in one transaction (as a poll
// does), then claimed and marked done one at a time (claimNext + complete: a drainer's cycle with
// no platform behind it), per second, on SQLite and on PostgreSQL in the same run. And on
// PostgreSQL with two claimers (two stores, as two replicas, on one database) draining the same
// destination at once: every delivery must come out done exactly once, and the lease claim (one
// UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)) should let the pair go at least as
// fast as one. No target: a platform's pace (Slack about one post per second per channel)
// bounds a drainer long before the store does; the figures say how far.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DestinationName } from "../src/feed/destination.js";
import { Outbox } from "../src/feed/outbox.js";
import { openStore } from "../src/store/open-store.js";
import type { Store } from "../src/store/store.js";
import { type Figure, median, pairedRatio } from "./measure.js";
import { freshDatabase } from "./postgres.js";

const DELIVERIES = 2_000;
const WARM_UP_DELIVERIES = 200;
const ROUNDS = 3;
const DESTINATION: DestinationName = "discord:report";

/** A claimer as a replica runs one: its own store (connection pool) and lease owner. */
interface Claimer {
  store: Store;
  outbox: Outbox;
}

function claimerOn(store: Store, owner: string): Claimer {
  // Owners on another "host", so neither takes the other's leases for a dead process's.
  return { store, outbox: new Outbox(store, Date.now, `bench-${owner}:${process.pid}`) };
}

/** Claims and completes until nothing is left; answers the ids this claimer finished. */
async function drain(claimer: Claimer): Promise<number[]> {
  const finished: number[] = [];
  for (;;) {
    const delivery = await claimer.outbox.claimNext(DESTINATION);
    if (!delivery) return finished;
    await claimer.outbox.complete(delivery.id, `message-${delivery.id}`);
    finished.push(delivery.id);
  }
}

/**
 * One round on `claimers` (all on one database): `count` deliveries enqueued, then drained by all
 * of them at once; answers deliveries per second of the drain, after checking every delivery of
 * the round was finished by exactly one claimer and reads done in the store.
 */
async function round(claimers: readonly Claimer[], label: string, count = DELIVERIES) {
  const [first] = claimers;
  if (!first) throw new Error("no claimer");
  const before = await maxId(first.store);
  const subjects = Array.from({ length: count }, (_, i) => i + 1);
  await first.store.transaction(() =>
    first.outbox.enqueueAll([DESTINATION], "post-card", subjects),
  );
  globalThis.gc?.();
  const started = performance.now();
  const finished = await Promise.all(claimers.map(drain));
  const seconds = (performance.now() - started) / 1000;

  const ids = finished.flat();
  const distinct = new Set(ids);
  const done = await first.store.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("id", ">", before)
    .where("state", "=", "done")
    .executeTakeFirstOrThrow();
  if (ids.length !== count || distinct.size !== count || Number(done.n) !== count) {
    throw new Error(
      `${label}: ${ids.length} completions of ${distinct.size} deliveries, ${done.n} done, of ${count}`,
    );
  }
  if (claimers.length > 1 && finished.some((mine) => mine.length === 0)) {
    throw new Error(`${label}: a claimer got nothing (${finished.map((m) => m.length)})`);
  }
  return count / seconds;
}

async function maxId(store: Store): Promise<number> {
  const row = await store.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function benchOutboxThroughput(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-bench-"));
  const stores: Store[] = [];
  const open = async (databaseUrl?: string) => {
    const store = await openStore({ dataDir, databaseUrl });
    stores.push(store);
    return store;
  };
  try {
    const sqlite = [claimerOn(await open(), "sqlite")];
    const postgres = [claimerOn(await open(await freshDatabase()), "pg")];
    const pairUrl = await freshDatabase();
    const pair = [claimerOn(await open(pairUrl), "a"), claimerOn(await open(pairUrl), "b")];

    // A warm-up of each (connections made, code compiled), then rounds interleaved, so a
    // load that comes and goes moves all three alike; ratios are taken round by round.
    for (const claimers of [sqlite, postgres, pair]) {
      await round(claimers, "warm-up", WARM_UP_DELIVERIES);
    }
    const rates = { sqlite: [] as number[], postgres: [] as number[], pair: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      rates.sqlite.push(await round(sqlite, "SQLite"));
      rates.postgres.push(await round(postgres, "PostgreSQL"));
      rates.pair.push(await round(pair, "PostgreSQL, two claimers"));
    }
    const perSecond = (values: number[]) =>
      `${Math.round(median(values)).toLocaleString("en")} deliveries/s`;
    const count = DELIVERIES.toLocaleString("en");
    return [
      {
        name: `Outbox, ${count} deliveries claimed and marked done, one claimer: PostgreSQL vs SQLite`,
        summary: `PostgreSQL ${perSecond(rates.postgres)}, SQLite ${perSecond(rates.sqlite)}: ${pairedRatio(rates.postgres, rates.sqlite).toFixed(2)}x SQLite's rate`,
      },
      {
        name: `Outbox, ${count} deliveries on PostgreSQL, two claimers (two stores on one database) vs one`,
        summary: `${perSecond(rates.pair)}: ${pairedRatio(rates.pair, rates.postgres).toFixed(2)}x one claimer's rate; every delivery done exactly once in each of ${ROUNDS + 1} rounds`,
      },
    ];
  } finally {
    for (const store of stores) await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
