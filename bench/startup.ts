// Start-up of the built `chatwarden` command, as whole processes, in the same run:
// 1. `chatwarden help` against `node -e 0`: wall time, and peak memory (the kernel's high-water
//    mark of resident memory, read at exit by a preloaded hook: max-rss-hook.mjs).
// 2. `chatwarden bans` against a plain Node script that makes the same GET with undici and prints
//    it (plain-get.mjs), both reading 100 and then 100,000 bans from a server in another process
//    (body-server.ts): the same bytes for both.
// The children run in an empty directory, so no .env is read, with DATA_DIR there too.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { startBodyServer } from "./body-server.js";
import { syntheticBans } from "./data.js";
import { CLI } from "./emulator-process.js";
import { type BenchResult, type Comparison, compare, median } from "./measure.js";
import { type NodeRun, peakMemory, runNode } from "./processes.js";

const PLAIN_GET = fileURLToPath(new URL("./plain-get.mjs", import.meta.url));
const TOKEN = "bench-token";
const MEMORY_RUNS = 5;
const MIB = 1_048_576;
const bannedIdsSchema = z.array(z.looseObject({ gamer_id: z.string() }));
/** How many bans the list holds, and how many times the plain script's time `bans` may take. */
const BAN_LISTS = [
  { bans: 100, target: 1.5 },
  { bans: 100_000, target: 2 },
];

export async function benchStartup(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "chatwarden-startup-"));
  const env: NodeJS.ProcessEnv = { ...withoutChatwardenSettings(process.env), DATA_DIR: dir };
  const node = (args: string[], extra: NodeJS.ProcessEnv = {}): NodeRun => ({
    args,
    cwd: dir,
    env: { ...env, ...extra },
  });
  const server = await startBodyServer();
  try {
    const bare = node(["-e", "0"]);
    const help = node([CLI, "help"]);
    const helpTime = await compare({
      name: "`chatwarden help` vs `node -e 0`, wall time of the whole process",
      baseline: () => runNode(bare),
      subject: () => runNode(help),
      iterations: 1,
      rounds: 11,
      target: 3,
    });
    const helpPeak: number[] = [];
    const barePeak: number[] = [];
    for (let run = 0; run < MEMORY_RUNS; run++) {
      helpPeak.push(await peakMemory(help));
      barePeak.push(await peakMemory(bare));
    }
    const helpMemory: BenchResult = {
      name: "`chatwarden help` peak memory (maximum resident set)",
      value: median(helpPeak) / MIB,
      unit: "MiB",
      target: 70,
      detail: `node -e 0: ${(median(barePeak) / MIB).toFixed(1)} MiB (medians of ${MEMORY_RUNS} runs)`,
    };
    const bansTimes: Comparison[] = [];
    for (const { bans, target } of BAN_LISTS) {
      await server.store("bans", JSON.stringify(syntheticBans(bans)));
      await server.serve("/block_user_list", "bans");
      bansTimes.push(await compareBans(server.baseUrl, node, bans, target));
    }
    return [helpTime, helpMemory, ...bansTimes];
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `chatwarden bans` against the plain script, both reading the `count` bans the server holds. */
async function compareBans(
  baseUrl: string,
  node: (args: string[], extra?: NodeJS.ProcessEnv) => NodeRun,
  count: number,
  target: number,
): Promise<Comparison> {
  const bans = node([CLI, "bans"], { CHAT_API_BASE_URL: baseUrl, CHAT_API_TOKEN: TOKEN });
  const plain = node([PLAIN_GET, baseUrl, TOKEN]);
  // Both must read the same bans before either is timed: the plain script prints them all,
  // chatwarden counts them and shows the first page, the soonest to end first.
  const listed = bannedIdsSchema.parse(JSON.parse((await runNode(plain)).stdout));
  const shown = (await runNode(bans)).stdout;
  if (listed.length !== count || !shown.includes(`Chat bans: ${count} players`)) {
    throw new Error(`chatwarden bans did not show the server's ${count} bans:\n${shown}`);
  }
  return compare({
    name: `\`chatwarden bans\` with ${count.toLocaleString("en")} bans vs a plain undici GET + print, server in another process, wall time`,
    baseline: () => runNode(plain),
    subject: () => runNode(bans),
    iterations: 1,
    rounds: 11,
    target,
  });
}

/** The environment without any chatwarden setting the bench was started with. */
export function withoutChatwardenSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const settings = /^(CHAT_|DISCORD_|SLACK_|DATA_DIR$|LOG_|REPORT_|METRICS_|DATABASE_URL$|PORT$)/;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !settings.test(name)));
}
