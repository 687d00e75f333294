// A command's cost after a long uptime: `bans` (a paged list: it stores a page-turn button) run
// in-process on a core that has already run 20,000 commands, against the same on a fresh core, in
// the same run on the same emulator. The earlier commands are `bans` and `reports` (both longer
// than a page) on pages 1 and 2, so 20,000 page buttons are stored and none has expired (a page
// button lives 15 minutes). Both cores register a button per measured run as well. The emulator
// runs in a child process (`chatwarden emulator`), so its work is not the measuring process's.
import type { Actor } from "../src/moderation/roles.js";
import { BENCH_TOKEN, startBenchCore } from "./bench-core.js";
import { startEmulatorProcess } from "./emulator-process.js";
import { type Comparison, compare } from "./measure.js";

const EARLIER_COMMANDS = 20_000;
/** Commands in flight at once while the history is built: a busy server, and a shorter wait. */
const CONCURRENCY = 8;
const ROWS = 15;

const moderator: Actor = {
  platform: "discord",
  id: "200000000000000001",
  displayName: "mina",
  role: "moderator",
};

export async function benchCommandThroughput(): Promise<Comparison> {
  const emulator = await startEmulatorProcess({
    token: BENCH_TOKEN,
    seed: "empty",
    controls: true,
  });
  const aged = await startBenchCore(emulator.baseUrl);
  const fresh = await startBenchCore(emulator.baseUrl);
  try {
    for (let i = 0; i < ROWS; i++) {
      await aged.core.api.banUser({ gamer_id: `banned-${i}`, days: 1 + i });
      await emulator.injectReport({
        to_gamer_id: `player-${i}`,
        from_gamer_id: `reporter-${i}`,
        message: `message number ${i} with some words`,
        reason: "spam",
      });
    }
    const earlier = (n: number) =>
      aged.core.runner.run({
        command: n % 2 === 0 ? "bans" : "reports",
        args: {},
        actor: moderator,
        page: 1 + (Math.floor(n / 2) % 2),
      });
    for (let n = 0; n < EARLIER_COMMANDS; n += CONCURRENCY) {
      await Promise.all(Array.from({ length: CONCURRENCY }, (_, k) => earlier(n + k)));
    }
    const stored = await aged.core.store.db
      .selectFrom("pending_actions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    if (stored.n < EARLIER_COMMANDS) {
      throw new Error(`only ${stored.n} page buttons stored after ${EARLIER_COMMANDS} commands`);
    }

    const bans = (core: typeof aged.core) => async () => {
      const view = await core.runner.run({ command: "bans", args: {}, actor: moderator });
      if (view.page?.count !== 2) throw new Error(`bans answered ${view.outcome}: ${view.title}`);
    };
    return await compare({
      name: `bans (${ROWS} bans, paged) after ${EARLIER_COMMANDS.toLocaleString("en")} earlier commands (${stored.n.toLocaleString("en")} stored page buttons) vs on a fresh core`,
      baseline: bans(fresh.core),
      subject: bans(aged.core),
      // Short rounds, many of them: other work on the machine lands on both sides alike.
      iterations: 50,
      rounds: 41,
      target: 1.1,
    });
  } finally {
    await aged.close();
    await fresh.close();
    await emulator.close();
  }
}
