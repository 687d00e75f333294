// What one Slack slash command costs the process that serves it: the built `chatwarden serve` in
// HTTP mode (SQLite store, default log level) answering signed `/bans`, 8 in flight at once,
// against the floor (slack-floor-server.mjs: verify the signature, ack, the same chat API call,
// post to the response_url), in the same run. Each runs in a child process of its own and its CPU
// time is read from /proc, so neither the load generator here nor the emulator (another child)
// is counted; rounds of the two alternate, and each round's ratio is taken against the floor's
// round next to it. Every answer must reach its response_url and name a banned player.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Pool } from "undici";
import { z } from "zod";
import { slashCommandPayload } from "../test/fakes/slack/payloads.js";
import { startFakeSlack } from "../test/fakes/slack/server.js";
import { slackSignature } from "../test/fakes/slack/signing.js";
import { BENCH_TOKEN } from "./bench-core.js";
import { CLI, startEmulatorProcess } from "./emulator-process.js";
import { type Comparison, type Figure, median, pairedRatio } from "./measure.js";
import { cpuMsOf, memoryOf } from "./process-usage.js";
import { firstLine, lineMatching, stopChild } from "./processes.js";

const FLOOR = fileURLToPath(new URL("./slack-floor-server.mjs", import.meta.url));
const SIGNING_SECRET = "bench-signing-secret";
const MODERATOR = { id: "U0MOD", name: "ari" };
/** Banned in the emulator's demo seed: every answer must name this player. */
const BANNED = "10004";
const CONCURRENCY = 8;
/** Commands each side answers before anything is measured, in alternating rounds like those measured. */
const WARM_UP = 6_000;
const COMMANDS_PER_ROUND = 600;
const ROUNDS = 9;

interface ServingProcess {
  child: ChildProcess;
  port: number;
}

export async function benchSlackCommands(): Promise<[Comparison, Figure]> {
  const dir = mkdtempSync(join(tmpdir(), "chatwarden-slack-bench-"));
  const emulator = await startEmulatorProcess({ token: BENCH_TOKEN, seed: "demo" });
  const slack = await startFakeSlack();
  // A member Slack describes, as in a workspace: the bot asks users.info once, then keeps it.
  slack.api.members.set({ ...MODERATOR, locale: "en-US" });
  const sink = await startAnswerSink();
  const started: ServingProcess[] = [];
  try {
    const bot = await startServe(dir, {
      CHAT_API_BASE_URL: emulator.baseUrl,
      CHAT_API_TOKEN: BENCH_TOKEN,
      SLACK_API_URL: slack.apiUrl,
    });
    started.push(bot);
    const floor = await startFloor(emulator.baseUrl);
    started.push(floor);
    const botLoad = new Load(bot.port, sink);
    const floorLoad = new Load(floor.port, sink);
    // Both reach their steady state (the JIT, the connection pools) before the first round: with
    // 400 commands each, the next 3,600 still got faster round by round.
    for (let round = 0; round < WARM_UP / COMMANDS_PER_ROUND; round++) {
      await floorLoad.run(COMMANDS_PER_ROUND);
      await botLoad.run(COMMANDS_PER_ROUND);
    }
    const rounds = { bot: [] as Round[], floor: [] as Round[] };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.floor.push(await measureRound(floor, floorLoad));
      rounds.bot.push(await measureRound(bot, botLoad));
    }
    const cpu = (side: Round[]) => side.map((round) => round.cpuMs / COMMANDS_PER_ROUND);
    const rate = (side: Round[]) =>
      median(side.map((round) => (COMMANDS_PER_ROUND * 1000) / round.wallMs));
    const memory = { bot: memoryOf(bot.child.pid ?? 0), floor: memoryOf(floor.child.pid ?? 0) };
    const comparison: Comparison = {
      name: `Slack \`/bans\` signed, ${CONCURRENCY} at a time: CPU time of the serving process per command, chatwarden serve vs the floor (verify, ack, the same chat API call, post to response_url)`,
      baselineMs: median(cpu(rounds.floor)),
      subjectMs: median(cpu(rounds.bot)),
      ratio: pairedRatio(cpu(rounds.bot), cpu(rounds.floor)),
      target: 4,
      sides: { baseline: "floor", subject: "serve" },
    };
    const mib = (value: number) => `${value.toFixed(0)} MiB`;
    const figure: Figure = {
      name: `Slack \`/bans\`, ${CONCURRENCY} at a time: commands answered per second, and memory after ${(WARM_UP + ROUNDS * COMMANDS_PER_ROUND).toLocaleString("en")} commands`,
      summary: `serve ${rate(rounds.bot).toFixed(0)}/s, RSS ${mib(memory.bot.rssMiB)} (peak ${mib(memory.bot.peakMiB)}); floor ${rate(rounds.floor).toFixed(0)}/s, RSS ${mib(memory.floor.rssMiB)} (peak ${mib(memory.floor.peakMiB)})`,
    };
    return [comparison, figure];
  } finally {
    for (const server of started) await stopChild(server.child);
    await sink.close();
    await slack.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Round {
  cpuMs: number;
  wallMs: number;
}

async function measureRound(server: ServingProcess, load: Load): Promise<Round> {
  const pid = server.child.pid ?? 0;
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  await load.run(COMMANDS_PER_ROUND);
  return { wallMs: performance.now() - started, cpuMs: cpuMsOf(pid) - cpuBefore };
}

/** Signed `/bans` posted to one server, `CONCURRENCY` in flight, each awaited to its answer. */
class Load {
  private readonly pool: Pool;

  constructor(
    port: number,
    private readonly sink: AnswerSink,
  ) {
    this.pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY });
  }

  async run(commands: number): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < commands) {
        next++;
        await this.command();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }

  private async command(): Promise<void> {
    const { url, answered } = this.sink.newUrl();
    const body = new URLSearchParams(
      slashCommandPayload({ command: "/bans", text: "", user: MODERATOR, responseUrl: url }),
    ).toString();
    const timestamp = Math.floor(Date.now() / 1000);
    const ack = await this.pool.request({
      method: "POST",
      path: "/slack/events",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-slack-request-timestamp": String(timestamp),
        "x-slack-signature": slackSignature(SIGNING_SECRET, timestamp, body),
      },
      body,
    });
    await ack.body.dump();
    if (ack.statusCode !== 200) throw new Error(`/bans was answered ${ack.statusCode}`);
    const answer = await answered;
    if (!answer.includes(BANNED)) throw new Error(`the answer to /bans names no ban: ${answer}`);
  }
}

interface AnswerSink {
  /** A fresh response_url, and the body posted to it once it is. */
  newUrl(): { url: string; answered: Promise<string> };
  close(): Promise<void>;
}

/** Where the response_urls point: each is answered 200 and its body handed to its waiter. */
async function startAnswerSink(): Promise<AnswerSink> {
  const waiting = new Map<string, (body: string) => void>();
  let next = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      const path = request.url ?? "";
      waiting.get(path)?.(Buffer.concat(chunks).toString("utf8"));
      waiting.delete(path);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    newUrl() {
      const path = `/respond/${next++}`;
      const answered = new Promise<string>((resolve) => waiting.set(path, resolve));
      return { url: `${origin}${path}`, answered };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `chatwarden serve` with Slack in HTTP mode on a free port, once it has said which. */
async function startServe(dataDir: string, env: NodeJS.ProcessEnv): Promise<ServingProcess> {
  const child = spawn(process.execPath, [CLI, "serve"], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: "0",
      SLACK_BOT_TOKEN: "bench-bot-token",
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_MODERATOR_USER_IDS: MODERATOR.id,
      ...env,
    },
    // No stdin: stopChild stops it with SIGTERM, as an operator would.
    stdio: ["ignore", "pipe", "ignore"],
  });
  const said = await lineMatching(child, /HTTP on port \d+/);
  // What it prints later is read and dropped, never left to fill the pipe.
  child.stdout?.resume();
  return { child, port: Number(/HTTP on port (\d+)/.exec(said)?.[1]) };
}

const floorReadySchema = z.object({ port: z.number().int() });

async function startFloor(chatApiBaseUrl: string): Promise<ServingProcess> {
  const child = spawn(process.execPath, [FLOOR, chatApiBaseUrl, BENCH_TOKEN, SIGNING_SECRET], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const { port } = floorReadySchema.parse(JSON.parse(await firstLine(child)));
  return { child, port };
}
