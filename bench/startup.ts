// Start-up of the built `chatwarden` command, as whole processes, in the same run:
// 1. `chatwarden help` against `node -e 0`: wall time, and peak memory (the kernel's high-water
//    mark of resident memory, read at exit by a preloaded hook: max-rss-hook.mjs).
// 2. `chatwarden bans` against an emulator in another process (`chatwarden emulator`), against a
//    plain Node script that makes the same GET with undici and prints it (plain-get.mjs).
// The children run in an empty directory, so no .env is read, with DATA_DIR there too.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { CLI, startEmulatorProcess } from "./emulator-process.js";
import { type BenchResult, compare, median } from "./measure.js";
import { type NodeRun, peakMemory, runNode } from "./processes.js";

const PLAIN_GET = fileURLToPath(new URL("./plain-get.mjs", import.meta.url));
const TOKEN = "bench-token";
const MEMORY_RUNS = 5;
const MIB = 1_048_576;
const bannedIdsSchema = z.array(z.looseObject({ gamer_id: z.string() }));

export async function benchStartup(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "chatwarden-startup-"));
  const env: NodeJS.ProcessEnv = { ...withoutChatwardenSettings(process.env), DATA_DIR: dir };
  const node = (args: string[], extra: NodeJS.ProcessEnv = {}): NodeRun => ({
    args,
    cwd: dir,
    env: { ...env, ...extra },
  });
  const emulator = await startEmulatorProcess({ token: TOKEN, seed: "demo", cwd: dir, env });
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

    const { baseUrl } = emulator;
    const bans = node([CLI, "bans"], { CHAT_API_BASE_URL: baseUrl, CHAT_API_TOKEN: TOKEN });
    const plain = node([PLAIN_GET, baseUrl, TOKEN]);
    // Both must show the same bans before either is timed.
    const listed = bannedIdsSchema.parse(JSON.parse((await runNode(plain)).stdout));
    const shown = (await runNode(bans)).stdout;
    const missing = listed.filter((ban) => !shown.includes(ban.gamer_id));
    if (listed.length === 0 || missing.length > 0) {
      throw new Error(
        `chatwarden bans did not show the emulator's ${listed.length} bans:\n${shown}`,
      );
    }
    const bansTime = await compare({
      name: "`chatwarden bans` vs a plain undici GET + print, emulator in another process, wall time",
      baseline: () => runNode(plain),
      subject: () => runNode(bans),
      iterations: 1,
      rounds: 11,
      target: 1.5,
    });
    return [helpTime, helpMemory, bansTime];
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The environment without any chatwarden setting the bench was started with. */
export function withoutChatwardenSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const settings = /^(CHAT_|DISCORD_|SLACK_|DATA_DIR$|LOG_|REPORT_|METRICS_|DATABASE_URL$|PORT$)/;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !settings.test(name)));
}
