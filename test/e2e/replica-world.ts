// Two built `chatwarden serve` replicas, A and B, on one fresh PostgreSQL database, sharing the
// world of bot-process.ts: one emulator, one fake Discord, one fake Slack. A starts first and
// leads; B stands by. Each replica reaches the emulator through a door of its own
// (replica-door.ts), so the emulator's log says which one polled or banned. A test stops, kills
// and starts replicas by name, sends Slack requests (HTTP mode, signed) to each one's port, and
// asks each who leads, through /readyz and /metrics as an operator would.
import { expect, vi } from "vitest";
import { z } from "zod";
import type { RecordedRequest } from "../../emulator/server.js";
import { httpDriver, SIGNING_SECRET, type SlackDriver } from "../adapters/slack/drivers.js";
import type { FakeDiscordOptions } from "../fakes/discord/server.js";
import type { FakeSlackOptions } from "../fakes/slack/server.js";
import { freshPostgresUrl } from "../helpers/postgres/databases.js";
import {
  type BotWorld,
  DISCORD_REPORTS,
  type RunningBot,
  SLACK_REPORTS,
  startBot,
  startBotWorld,
} from "./bot-process.js";
import { openReplicaDoor, replicaOf } from "./replica-door.js";

export type ReplicaName = "A" | "B";
const NAMES: readonly ReplicaName[] = ["A", "B"];

/** What /readyz answers: each component's state, in words. */
const readinessSchema = z.object({
  components: z.record(z.string(), z.object({ ready: z.boolean(), detail: z.string().optional() })),
});

/** The `leader` line of /readyz on the replica that leads. */
export const LEADS = "this replica leads";

export interface ReplicaWorld {
  /** The emulator, the fakes and the environment both replicas share. */
  world: BotWorld;
  /** The replica's process now: the last one started under that name. */
  replica(name: ReplicaName): RunningBot;
  /** Starts the replica (again), with the same environment and door. */
  start(name: ReplicaName): Promise<RunningBot>;
  /** Sends `signal` and resolves with the exit code once the process has ended. */
  stop(name: ReplicaName, signal: NodeJS.Signals): Promise<number | null>;
  /** Slack in HTTP mode, signed, to the replica's port as it is now. */
  slack(name: ReplicaName): SlackDriver;
  /** The components /readyz names, with their state in words. */
  readiness(name: ReplicaName): Promise<Record<string, { ready: boolean; detail?: string }>>;
  /** The `leader` line of /readyz: "this replica leads", or "standby: host:pid leads since …". */
  leaderLine(name: ReplicaName): Promise<string>;
  /** Resolves once /readyz says the replica leads; fails after `timeoutMs` (default 15 s). */
  untilLeads(name: ReplicaName, timeoutMs?: number): Promise<void>;
  /** `chatwarden_leader` on the replica's /metrics. */
  leaderGauge(name: ReplicaName): Promise<number>;
  /** The requests the emulator got through the replica's door. */
  requestsBy(name: ReplicaName): RecordedRequest[];
  /**
   * Kills every replica process still running (SIGKILL), then closes the world and the doors;
   * once, however often it is called.
   */
  close(): Promise<void>;
}

export async function startReplicaWorld(
  options: {
    discord?: FakeDiscordOptions;
    slack?: FakeSlackOptions;
    env?: Record<string, string>;
    /** The database both replicas share: a fresh one on the run's PostgreSQL unless given. */
    databaseUrl?: string;
  } = {},
): Promise<ReplicaWorld> {
  const doors = { A: await openReplicaDoor("A"), B: await openReplicaDoor("B") };
  const started: RunningBot[] = [];
  let world: BotWorld | undefined;
  try {
    world = await startBotWorld({
      ...options,
      env: {
        DATABASE_URL: options.databaseUrl ?? (await freshPostgresUrl()),
        CHAT_API_BASE_URL: doors.A.baseUrl,
        // The signing secret the Slack test drivers sign with.
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        ...options.env,
      },
      // The doors lead to the emulator as soon as it runs, before A's first request.
      before: (emulator) => {
        for (const name of NAMES) doors[name].leadTo(emulator.origin);
      },
    });
  } catch (error) {
    await Promise.all(NAMES.map((name) => doors[name].close()));
    throw error;
  }
  const shared = world;
  const current: Partial<Record<ReplicaName, RunningBot>> = { A: shared.bot };
  started.push(shared.bot);
  let closing: Promise<void> | undefined;

  const replica = (name: ReplicaName): RunningBot => {
    const bot = current[name];
    if (!bot) throw new Error(`replica ${name} has not been started`);
    return bot;
  };
  const url = (name: ReplicaName, path: string) => `http://127.0.0.1:${replica(name).port}${path}`;

  const replicas: ReplicaWorld = {
    world: shared,
    replica,
    async start(name) {
      const bot = await startBot(
        { ...shared.env, CHAT_API_BASE_URL: doors[name].baseUrl },
        shared.dataDir,
      );
      started.push(bot);
      current[name] = bot;
      return bot;
    },
    stop: (name, signal) => replica(name).stop(signal),
    slack: (name) => httpDriver(url(name, "/slack/events"), shared.slack),
    async readiness(name) {
      const answer = await fetch(url(name, "/readyz"));
      return readinessSchema.parse(await answer.json()).components;
    },
    async leaderLine(name) {
      return (await replicas.readiness(name)).leader?.detail ?? "(no leader component)";
    },
    async untilLeads(name, timeoutMs = 15_000) {
      await vi.waitFor(async () => expect(await replicas.leaderLine(name)).toBe(LEADS), {
        timeout: timeoutMs,
        interval: 50,
      });
    },
    async leaderGauge(name) {
      const text = await (await fetch(url(name, "/metrics"))).text();
      const value = /^chatwarden_leader (\d+)$/m.exec(text)?.[1];
      if (value === undefined) throw new Error(`no chatwarden_leader in ${name}'s /metrics`);
      return Number(value);
    },
    requestsBy: (name) => shared.emulator.requests.filter((r) => replicaOf(r) === name),
    close() {
      closing ??= (async () => {
        await Promise.all(started.map((bot) => bot.stop("SIGKILL")));
        await shared.close();
        await Promise.all(NAMES.map((name) => doors[name].close()));
      })();
      return closing;
    },
  };

  try {
    // A leads before B exists; B then finds the lock held and stands by, naming A.
    await replicas.untilLeads("A");
    await replicas.start("B");
    const holder = new RegExp(`^standby: .+:${replica("A").process.pid} leads since `);
    await vi.waitFor(async () => expect(await replicas.leaderLine("B")).toMatch(holder), {
      timeout: 10_000,
      interval: 50,
    });
  } catch (error) {
    await replicas.close();
    throw error;
  }
  return replicas;
}

/** The polls of the report list (the feed's GET) among `requests`. */
/**
 * Two replicas at the platforms' real limits (the bot paces itself below them), with
 * REPORT_BACKFILL=0, once A has polled the empty list: every report after that is news, not
 * backlog, so each one must be posted.
 */
export async function startNewsReplicaWorld(
  options: { databaseUrl?: string } = {},
): Promise<ReplicaWorld> {
  const world = await startReplicaWorld({
    discord: { channelRateLimit: { limit: 5, windowMs: 5_000 } },
    slack: { postRateLimit: { burst: 3, intervalMs: 1_000 } },
    env: { REPORT_BACKFILL: "0" },
    ...options,
  });
  await vi.waitFor(() => expect(pollsIn(world.requestsBy("A")).length).toBeGreaterThanOrEqual(2), {
    timeout: 10_000,
    interval: 50,
  });
  return world;
}

export function pollsIn(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((r) => r.method === "GET" && r.path === "/report_list");
}

/** The bans of `gamerId` (PUT /block_user_chat) among `requests`. */
export function bansIn(requests: readonly RecordedRequest[], gamerId: string): RecordedRequest[] {
  return requests.filter(
    (r) =>
      r.method === "PUT" &&
      r.path === "/block_user_chat" &&
      (r.body as { gamer_id?: string } | undefined)?.gamer_id === gamerId,
  );
}

/** The title of each report message on each platform: "Report #3 against Night (gamer-7)". */
export function reportTitles(world: BotWorld): { discord: string[]; slack: string[] } {
  return {
    discord: world.discord
      .channelMessages(DISCORD_REPORTS)
      .map((m) => String((m.embeds[0] as { title?: string } | undefined)?.title)),
    // Slack's notification text starts with the title.
    slack: world.slack.api.messages(SLACK_REPORTS).map((m) => m.text.split(":")[0] ?? m.text),
  };
}
