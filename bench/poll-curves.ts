// Growth curves of a running feed's poll on SQLite, the list served by body-server.ts in another
// process. Each size has a store and a poller of its own; the sizes are measured round by round.
// Costs are this process's CPU time (user + system): SQLite runs in it, the server does not, and
// on a machine shared with other work CPU time moves far less than wall time.
// 1. Edits: n reports, each on a card of its own (all posted and delivered), all change in one
//    poll (their status flips every round): n cards owe an edit. The poll is measured whole
//    (fetch, parse, diff, the transaction); it should grow as n does (linear).
// 2. New players: n reports against n players the feed has never seen arrive in one poll, so n
//    cards are opened, each with its report, and owe their posts. Measured against fetch +
//    JSON.parse of the same body in the same round: the ratio should not grow with n (flat).
import { Pool } from "undici";
import type { PollResult, ReportPoller } from "../src/feed/poller.js";
import { BENCH_TOKEN, type BenchCore, pollerOf, startBenchCore } from "./bench-core.js";
import { type BodyServer, startBodyServer } from "./body-server.js";
import { type Curve, measureCurve } from "./curve.js";
import { syntheticReportList } from "./report-list.js";

const EDIT_SIZES = [16_000, 32_000, 64_000];
const NEW_PLAYER_SIZES = [4_000, 8_000, 16_000, 32_000];
const ROUNDS = 3;

/** A body server and the stores of one curve, closed together. */
async function withServer<T>(
  work: (server: BodyServer, start: () => Promise<BenchCore>) => Promise<T>,
) {
  const server = await startBodyServer();
  const cores: BenchCore[] = [];
  try {
    return await work(server, async () => {
      const bench = await startBenchCore(server.baseUrl);
      cores.push(bench);
      return bench;
    });
  } finally {
    for (const bench of cores) await bench.close();
    await server.close();
  }
}

/** This process's CPU time in ms (user + system) spent in `work`. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** The CPU time of one poll, which must have `count` cards `opened` or `updated`. */
async function pollCpuMs(
  poller: ReportPoller,
  what: "opened" | "updated",
  count: number,
): Promise<number> {
  let result: PollResult | undefined;
  const ms = await cpuMs(async () => {
    result = await poller.poll();
  });
  const cards = result?.[what].length;
  if (cards !== count) throw new Error(`expected ${count} cards ${what}, the poll had ${cards}`);
  return ms;
}

export function benchPollEdits(): Promise<Curve> {
  return withServer((server, start) =>
    measureCurve({
      name: "Poll with every report changed, each on a card of its own",
      unit: "ms CPU per poll",
      sizeUnit: "cards edited",
      growth: "linear",
      sizes: EDIT_SIZES,
      rounds: ROUNDS,
      prepare: async (size) => {
        const { core } = await start();
        const bodies = [0, 1].map((status) => `edits-${size}-status-${status}`);
        for (const [status, name] of bodies.entries()) {
          await server.store(name, JSON.stringify(syntheticReportList(size, 1, status)));
        }
        // The first poll of an empty store, backfilling every report: n cards, posts delivered.
        const poller = pollerOf(core, size);
        await server.serve("/report_list", bodies[1] ?? "");
        if ((await poller.poll()).opened.length !== size) throw new Error("first poll: cards");
        const delivered = () =>
          core.store.db.updateTable("outbox").set({ state: "done" }).execute();
        await delivered();
        let round = 0;
        return async () => {
          await server.serve("/report_list", bodies[round++ % 2] ?? "");
          const ms = await pollCpuMs(poller, "updated", size);
          await delivered();
          return ms;
        };
      },
    }),
  );
}

export function benchPollNewPlayers(): Promise<Curve> {
  return withServer(async (server, start) => {
    const raw = new Pool(server.origin, { connections: 1 });
    const path = `${new URL(server.baseUrl).pathname}/report_list`;
    const fetchAndParse = async () => {
      const response = await raw.request({
        method: "GET",
        path,
        headers: { authorization: `Bearer ${BENCH_TOKEN}` },
      });
      return JSON.parse(await response.body.text());
    };
    try {
      return await measureCurve({
        name: "Poll of reports against players never seen, vs fetch + JSON.parse of the same body",
        unit: "× fetch + JSON.parse",
        sizeUnit: "new players in the poll",
        growth: "flat",
        sizes: NEW_PLAYER_SIZES,
        rounds: ROUNDS,
        prepare: async (size) => {
          const { core } = await start();
          const poller = pollerOf(core, 10);
          // The first poll (of an empty list) is behind it: what comes next is news.
          await server.store("empty", "[]");
          await server.serve("/report_list", "empty");
          await poller.poll();
          let round = 0;
          return async () => {
            // Ids and players no round has used; only this round's reports are listed.
            const body = `new-players-${size}`;
            await server.store(body, JSON.stringify(syntheticReportList(size, 1 + round++ * size)));
            await server.serve("/report_list", body);
            globalThis.gc?.();
            const baselineMs = await cpuMs(fetchAndParse);
            globalThis.gc?.();
            return (await pollCpuMs(poller, "opened", size)) / baselineMs;
          };
        },
      });
    } finally {
      await raw.close();
    }
  });
}
