// The report poll of report-poll.ts on PostgreSQL against the same on SQLite, in the same run,
// from the same bodies of the same server (body-server.ts): the target is PostgreSQL within 2x
// of SQLite at 100,000 reports. Four polls, each timed whole (fetch, digest, parse, validation,
// diff, and the transaction that writes what changed):
// 1. The first poll of an empty store: all 100,000 recorded (a batch per statement), the newest
//    10 posted. A store of its own each round: a new SQLite file, a new PostgreSQL database.
// 2. One report changed, the steady state: the poller keeps its fingerprint map across polls, so
//    the store sees one UPDATE and one outbox row.
// 3. Unchanged (the digest skip): nothing reaches the store; both engines should read alike.
// 4. One report changed, by a new poller, as after a restart or a fail-over to another replica:
//    it first reads the 100,000 fingerprints from the store.
import type { PollResult, ReportPoller } from "../src/feed/poller.js";
import { type BenchCore, pollerOf, startBenchCore } from "./bench-core.js";
import { type BodyServer, startBodyServer } from "./body-server.js";
import { megabytesOf } from "./data.js";
import { type Comparison, compare, median, pairedRatio } from "./measure.js";
import { freshDatabase } from "./postgres.js";
import { REPORT_COUNT, reportListBodies } from "./report-list.js";

const TARGET = 2;
const FIRST_POLL_ROUNDS = 3;
const ROUNDS = 5;
const SIDES = { baseline: "SQLite", subject: "PostgreSQL" };

type Body = "unchanged" | "changed";

/** One engine's store, its running poller, and which body the store reads as now. */
interface Engine {
  bench: BenchCore;
  poller: ReportPoller;
  stored: Body;
}

export async function benchReportPollEngines(): Promise<Comparison[]> {
  const server = await startBodyServer();
  const open: BenchCore[] = [];
  const start = async (databaseUrl?: string) => {
    const bench = await startBenchCore(server.baseUrl, databaseUrl);
    open.push(bench);
    return bench;
  };
  const closeAll = async () => {
    for (const bench of open.splice(0)) await bench.close();
  };
  try {
    const bodies = reportListBodies();
    await server.store("unchanged", bodies.unchanged);
    await server.store("changed", bodies.changed);
    const serve = (body: Body) => server.serve("/report_list", body);
    const about = `Poll of ${REPORT_COUNT.toLocaleString("en")} reports (${megabytesOf(bodies.unchanged)})`;

    // 1. First polls, each on an empty store; the last round's stores serve the other polls.
    const times = { sqlite: [] as number[], postgres: [] as number[] };
    let sqlite: Engine | undefined;
    let postgres: Engine | undefined;
    for (let round = 0; round < FIRST_POLL_ROUNDS; round++) {
      await closeAll();
      globalThis.gc?.();
      sqlite = await firstPoll(await start(), server, times.sqlite);
      globalThis.gc?.();
      postgres = await firstPoll(await start(await freshDatabase()), server, times.postgres);
    }
    if (!sqlite || !postgres) throw new Error("no first poll");
    const first: Comparison = {
      name: `${about}, first poll of an empty store (all recorded): PostgreSQL vs SQLite`,
      baselineMs: median(times.sqlite),
      subjectMs: median(times.postgres),
      ratio: pairedRatio(times.postgres, times.sqlite),
      target: TARGET,
      sides: SIDES,
    };

    // 2. The running poller, one report changed each time: back and forth between the bodies.
    const steady = (engine: Engine) => async () => {
      const next = other(engine.stored);
      await serve(next);
      expectOneChanged(await engine.poller.poll());
      engine.stored = next;
    };
    const changed = await compare({
      name: `${about}, one changed: PostgreSQL vs SQLite`,
      baseline: steady(sqlite),
      subject: steady(postgres),
      iterations: 1,
      rounds: ROUNDS,
      target: TARGET,
      sides: SIDES,
    });

    // 3. The body each poller saw last, again.
    const same = (engine: Engine) => async () => {
      await serve(engine.stored);
      const result = await engine.poller.poll();
      if (!result.unchanged)
        throw new Error(`expected an unchanged poll: ${JSON.stringify(result)}`);
    };
    const unchanged = await compare({
      name: `${about}, unchanged (digest skip): PostgreSQL vs SQLite`,
      baseline: same(sqlite),
      subject: same(postgres),
      iterations: 1,
      rounds: ROUNDS,
      target: TARGET,
      sides: SIDES,
    });

    // 4. A new poller each time, which reads the fingerprints from the store first.
    const restarted = (engine: Engine) => async () => {
      const next = other(engine.stored);
      await serve(next);
      expectOneChanged(await pollerOf(engine.bench.core, 10).poll());
      engine.stored = next;
    };
    const restart = await compare({
      name: `${about}, one changed, by a new poller (fingerprints read from the store): PostgreSQL vs SQLite`,
      baseline: restarted(sqlite),
      subject: restarted(postgres),
      iterations: 1,
      rounds: ROUNDS,
      target: TARGET,
      sides: SIDES,
    });
    return [first, changed, unchanged, restart];
  } finally {
    await closeAll();
    await server.close();
  }
}

/** The first poll of `bench`'s empty store, timed into `times`; answers the engine after it. */
async function firstPoll(bench: BenchCore, server: BodyServer, times: number[]): Promise<Engine> {
  await server.serve("/report_list", "unchanged");
  const poller = pollerOf(bench.core, 10);
  const started = performance.now();
  const result = await poller.poll();
  times.push(performance.now() - started);
  if (result.recordedOnly + result.opened.length !== REPORT_COUNT) {
    throw new Error(`the first poll recorded ${result.recordedOnly} + ${result.opened.length}`);
  }
  return { bench, poller, stored: "unchanged" };
}

function other(body: Body): Body {
  return body === "changed" ? "unchanged" : "changed";
}

function expectOneChanged(result: PollResult): void {
  if (result.unchanged || result.updated.length !== 1 || result.opened.length !== 0) {
    throw new Error(`expected a poll with one report changed: ${JSON.stringify(result)}`);
  }
}
