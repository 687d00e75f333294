// The ban sync (src/moderation/ban-sync.ts) against the size of the chat API's ban list, on
// SQLite: a sync of an unchanged list (every run once the store has synced: read, parse, compare
// with the stored list, write nothing), and a store's first sync (every ban recorded as a case,
// once). Both grow with the list, and only linearly: the stored list is read once, and every
// write is a batch. The chat API is a server of fixed bodies in another process (body-server.ts).
import { type BenchCore, startBenchCore } from "./bench-core.js";
import { type BodyServer, startBodyServer } from "./body-server.js";
import { type Curve, measureCurve } from "./curve.js";
import { syntheticBans } from "./data.js";

const SIZES = [5_000, 10_000, 20_000];
const ROUNDS = 5;
const PATH = "/block_user_list";

export async function benchBanSync(): Promise<Curve[]> {
  const server: BodyServer = await startBodyServer();
  const cores: BenchCore[] = [];
  const fresh = async () => {
    const bench = await startBenchCore(server.baseUrl);
    cores.push(bench);
    return bench;
  };
  try {
    for (const size of SIZES)
      await server.store(`bans-${size}`, JSON.stringify(syntheticBans(size)));
    const timed = async (core: BenchCore, size: number) => {
      await server.serve(PATH, `bans-${size}`);
      const started = performance.now();
      const result = await core.core.banSync.sync();
      if (result.kind !== "synced") throw new Error(`the sync was ${result.kind}`);
      return performance.now() - started;
    };
    const unchanged = await measureCurve({
      name: "a ban sync of an unchanged list, on SQLite",
      unit: "ms",
      sizeUnit: "bans listed by the chat API",
      growth: "linear",
      sizes: SIZES,
      rounds: ROUNDS,
      prepare: async (size) => {
        const bench = await fresh();
        await timed(bench, size);
        return () => timed(bench, size);
      },
    });
    const first = await measureCurve({
      name: "a store's first ban sync (every ban recorded as a case), on SQLite",
      unit: "ms",
      sizeUnit: "bans listed by the chat API",
      growth: "linear",
      sizes: SIZES,
      rounds: 3,
      prepare: async (size) => async () => {
        const bench = await fresh();
        const ms = await timed(bench, size);
        await bench.close();
        return ms;
      },
    });
    return [unchanged, first];
  } finally {
    for (const bench of cores.reverse()) await bench.close().catch(() => undefined);
    await server.close();
  }
}
