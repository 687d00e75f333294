// Fault injection: two built replicas on a PostgreSQL of this file's own, reached through a TCP
// proxy, meet the faults a production database really has, one after another, each during a
// report burst and with moderators at work:
// - a restart (`pg_ctl stop -m fast`, then start), an immediate stop (`-m immediate`),
// - `pg_terminate_backend` of the leader's lock session, and of every pool session,
// - a stall (the proxy holds all traffic), then resumed, or then reset.
// For each, the suite checks what an operator and a moderator would: one leader within 15 s of the
// database's return, every report of the burst on each platform exactly once, a ban made on each
// replica after the fault recorded once with its audit posts sent, a command during an outage
// answered in words, /readyz truthful throughout (never two leaders; not ready while the
// database is gone), and Discord gateway IDENTIFYs bounded (Discord allows about 1,000 a day).
// The figures of each run are printed as one line per fault: the matrix in docs/reliability.md.
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { CaseStore } from "../../src/moderation/cases.js";
import { LOCK_CONNECTION_NAME } from "../../src/store/postgres/leader-election.js";
import { openPostgresStore } from "../../src/store/postgres/open-postgres.js";
import { textsOf } from "../adapters/slack/message-text.js";
import { seatPlayers } from "../helpers/emulator.js";
import { createDatabase } from "../helpers/postgres/databases.js";
import {
  type RestartablePostgres,
  startRestartablePostgres,
} from "../helpers/postgres/restartable-postgres.js";
import { startTcpFaultProxy, type TcpFaultProxy } from "../helpers/tcp-fault-proxy.js";
import { DISCORD_AUDIT, SLACK_AUDIT, slackModerator } from "./bot-process.js";
import {
  bansIn,
  LEADS,
  type ReplicaName,
  type ReplicaWorld,
  reportTitles,
  startNewsReplicaWorld,
} from "./replica-world.js";

const BURST = 8;
const LEADER_WITHIN_MS = 15_000;
const DOWN_MS = 3_000;
const STALL_MS = 5_000;

let server: RestartablePostgres;
let proxy: TcpFaultProxy;
/** The database, reached directly (the test's own admin queries never pass the proxy). */
let directUrl: string;
let r: ReplicaWorld;

beforeAll(async () => {
  server = await startRestartablePostgres();
  directUrl = await createDatabase(server.url, "faults");
  const direct = new URL(directUrl);
  proxy = await startTcpFaultProxy({ host: "127.0.0.1", port: Number(direct.port) });
  const viaProxy = new URL(directUrl);
  viaProxy.port = String(proxy.port);
  r = await startNewsReplicaWorld({ databaseUrl: viaProxy.toString() });
}, 90_000);

afterAll(async () => {
  await r?.close();
  await proxy?.close();
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function terminate(where: string): Promise<number> {
  const admin = new pg.Client({ connectionString: directUrl });
  await admin.connect();
  try {
    const ended = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
      [`${LOCK_CONNECTION_NAME}%`],
    );
    return ended.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

interface Fault {
  name: string;
  /** Whether the replicas lose the database for a while (then /readyz must say so). */
  outage: boolean;
  /** Injects the fault, and resolves once it is over (the database is back, the stall ended). */
  inject(): Promise<void>;
}

const FAULTS: Fault[] = [
  {
    name: "restart (pg_ctl stop -m fast, 3 s down)",
    outage: true,
    async inject() {
      await server.stop("fast");
      await sleep(DOWN_MS);
      await server.start();
    },
  },
  {
    name: "immediate stop (pg_ctl stop -m immediate, 3 s down)",
    outage: true,
    async inject() {
      await server.stop("immediate");
      await sleep(DOWN_MS);
      await server.start();
    },
  },
  {
    name: "lock session terminated (pg_terminate_backend)",
    outage: false,
    async inject() {
      expect(await terminate("application_name LIKE $1")).toBeGreaterThanOrEqual(1);
    },
  },
  {
    name: "pool sessions terminated (pg_terminate_backend)",
    outage: false,
    async inject() {
      await terminate("application_name NOT LIKE $1");
    },
  },
  {
    name: "stall 5 s, then resumed",
    outage: true,
    async inject() {
      proxy.stall();
      await sleep(STALL_MS);
      proxy.resume();
    },
  },
  {
    name: "stall 5 s, then reset",
    outage: true,
    async inject() {
      proxy.stall();
      await sleep(STALL_MS);
      proxy.reset();
    },
  },
];

interface ReadinessSample {
  at: number;
  name: ReplicaName;
  status: number;
  leader: string;
  store: string;
}

/** Samples both replicas' /readyz every 200 ms until stopped, as a Kubernetes probe would. */
function watchReadiness(world: ReplicaWorld) {
  const samples: ReadinessSample[] = [];
  let watching = true;
  const loop = (async () => {
    while (watching) {
      await Promise.all(
        (["A", "B"] as const).map(async (name) => {
          try {
            const answer = await fetch(`http://127.0.0.1:${world.replica(name).port}/readyz`, {
              signal: AbortSignal.timeout(1_500),
            });
            const body = (await answer.json()) as {
              components: Record<string, { ready: boolean; detail?: string }>;
            };
            samples.push({
              at: Date.now(),
              name,
              status: answer.status,
              leader: body.components.leader?.detail ?? "",
              store: body.components.store?.detail ?? "",
            });
          } catch {
            // A probe that gets no answer is not a sample.
          }
        }),
      );
      await sleep(200);
    }
  })();
  return {
    samples,
    async stop() {
      watching = false;
      await loop;
    },
  };
}

/** The one replica that leads by /readyz and `chatwarden_leader`, once it is exactly one. */
async function oneLeader(timeoutMs: number): Promise<ReplicaName> {
  let leader: ReplicaName | undefined;
  await vi.waitFor(
    async () => {
      const lines = await Promise.all([r.leaderLine("A"), r.leaderLine("B")]);
      const gauges = await Promise.all([r.leaderGauge("A"), r.leaderGauge("B")]);
      const leading = (["A", "B"] as const).filter((_, index) => lines[index] === LEADS);
      expect(leading).toHaveLength(1);
      expect(gauges[0] + gauges[1]).toBe(1);
      leader = leading[0];
    },
    { timeout: timeoutMs, interval: 100 },
  );
  if (!leader) throw new Error("no leader");
  return leader;
}

/** The cases recorded against `gamer`, read from the database as an operator would. */
async function casesAgainst(gamer: string) {
  const store = await openPostgresStore(directUrl);
  try {
    return await new CaseStore(store).forTarget(gamer);
  } finally {
    await store.close();
  }
}

/** How many messages in a channel name `gamer` (Discord embeds or Slack blocks, as text). */
function auditPostsNaming(gamer: string) {
  return {
    discord: r.world.discord
      .channelMessages(DISCORD_AUDIT)
      .filter((message) => JSON.stringify(message).includes(gamer)).length,
    slack: r.world.slack.api
      .messages(SLACK_AUDIT)
      .filter((message) => JSON.stringify(message).includes(gamer)).length,
  };
}

const figures: string[] = [];

/** What a failure should show: what each platform has, and both replicas' warnings. */
function trouble(titles: { discord: string[]; slack: string[] }): string {
  const warnings = (["A", "B"] as const).flatMap((name) =>
    r
      .replica(name)
      .logs.filter((line) => line.level >= 40)
      .slice(-15)
      .map((line) => `${name}: ${line.msg}`),
  );
  return `discord: ${titles.discord.slice(-10).join("; ")}\nslack: ${titles.slack.slice(-10).join("; ")}\nwarnings:\n${warnings.join("\n")}`;
}

it.each(FAULTS)(
  "survives $name",
  async (fault) => {
    const key = fault.name.split(" ")[0]?.replace(/\W/g, "") ?? "fault";
    const tag = `${key}-${FAULTS.indexOf(fault)}`;
    const identifiesBefore = r.world.discord.gateway.identifies.length;
    const readiness = watchReadiness(r);
    for (let n = 0; n < BURST; n++)
      r.world.emulator.state.injectReport({ to_gamer_id: `${tag}-r${n}` });

    // A moderator at work while the fault lasts: answered in words, never left without a reply.
    // What went wrong is kept and asserted last, so that the other guarantees are checked too.
    let duringAnswer = "";
    let duringProblem: string | undefined = "the command was never sent";
    const during = async () => {
      await sleep(500);
      try {
        seatPlayers(r.world.emulator.state, `${tag}-during`);
        const sentAt = performance.now();
        const asked = await r.slack("B").slash(slackModerator, "/ban", `${tag}-during 1 spam`);
        // Slack shows the moderator "operation_timeout" unless the request is acknowledged within
        // 3 s (https://docs.slack.dev/tools/bolt-python/concepts/acknowledge: "you only have 3 seconds to
        // respond before Slack registers a timeout error").
        if (asked.ackedAt - sentAt > 3_000) {
          duringProblem = `acknowledged after ${Math.round(asked.ackedAt - sentAt)} ms`;
          return;
        }
        const answer = await r.world.slack.responses.answer(asked.responseUrl);
        duringAnswer = textsOf(answer.body).join("\n");
        duringProblem = asked.status === 200 ? undefined : `HTTP ${asked.status}`;
      } catch (error) {
        duringProblem = String(error);
      }
    };
    const faultAt = Date.now();
    // The fault ends on its own clock, whatever the moderator's command is waiting for.
    const duringDone = during();
    await fault.inject();
    const backAt = Date.now();
    await duringDone;

    const leader = await oneLeader(LEADER_WITHIN_MS);
    const leaderMs = Date.now() - backAt;

    // Bans on each replica after the fault: each recorded once, answered, and audited once.
    for (const name of ["A", "B"] as const) {
      const gamer = `${tag}-after-${name}`;
      seatPlayers(r.world.emulator.state, gamer);
      const asked = await r.slack(name).slash(slackModerator, "/ban", `${gamer} 1 spam`);
      expect(asked.status).toBe(200);
      const answer = await r.world.slack.responses.answer(asked.responseUrl);
      expect(textsOf(answer.body).join("\n")).toMatch(/Case #\d+/);
      expect(bansIn(r.world.emulator.requests, gamer)).toHaveLength(1);
    }

    // Every report of the burst on each platform exactly once.
    const ofBurst = (titles: string[]) => titles.filter((title) => title.includes(`(${tag}-r`));
    await vi.waitFor(
      () => {
        const titles = reportTitles(r.world);
        expect(ofBurst(titles.discord), trouble(titles)).toHaveLength(BURST);
        expect(ofBurst(titles.slack), trouble(titles)).toHaveLength(BURST);
      },
      { timeout: 60_000, interval: 100 },
    );
    const postedMs = Date.now() - faultAt;
    const titles = reportTitles(r.world);
    expect(new Set(ofBurst(titles.discord)).size).toBe(BURST);
    expect(new Set(ofBurst(titles.slack)).size).toBe(BURST);

    // Every case's audit post sent once on each platform.
    await vi.waitFor(
      () => {
        for (const name of ["A", "B"] as const) {
          expect(auditPostsNaming(`${tag}-after-${name}`)).toEqual({ discord: 1, slack: 1 });
        }
      },
      { timeout: 30_000, interval: 100 },
    );
    // Every case stored once, as it ended.
    for (const name of ["A", "B"] as const) {
      const cases = await casesAgainst(`${tag}-after-${name}`);
      expect(cases.map((found) => found.outcome)).toEqual(["success"]);
    }
    // The ban asked during the fault was either done (and audited once) or not done at all.
    const duringBans = bansIn(r.world.emulator.requests, `${tag}-during`).length;
    expect(duringBans).toBeLessThanOrEqual(1);
    expect((await casesAgainst(`${tag}-during`)).length).toBe(duringBans);
    if (duringBans === 1 && /Case #\d+/.test(duringAnswer)) {
      await vi.waitFor(
        () => expect(auditPostsNaming(`${tag}-during`)).toEqual({ discord: 1, slack: 1 }),
        { timeout: 30_000, interval: 100 },
      );
    }

    await readiness.stop();
    const samples = readiness.samples;
    // Never two replicas saying they lead at the same moment.
    const leadingAt = samples.filter((sample) => sample.leader === LEADS);
    for (const sample of leadingAt) {
      const other = samples.find(
        (s) => s.name !== sample.name && Math.abs(s.at - sample.at) < 50 && s.leader === LEADS,
      );
      expect(other, `both replicas said they lead at ${sample.at}`).toBeUndefined();
    }
    if (fault.outage) {
      // While the database was gone, each replica said it was not ready, and why.
      for (const name of ["A", "B"] as const) {
        const down = samples.filter(
          (s) => s.name === name && s.at > faultAt && s.at < backAt && s.status === 503,
        );
        expect(down.length, `${name} never said it was not ready during the fault`).toBeGreaterThan(
          0,
        );
      }
    }
    // Both are ready again once one leads.
    await vi.waitFor(
      async () => {
        for (const name of ["A", "B"] as const) {
          const answer = await fetch(`http://127.0.0.1:${r.replica(name).port}/readyz`);
          expect(answer.status, JSON.stringify(await answer.json())).toBe(200);
        }
      },
      { timeout: 15_000, interval: 200 },
    );

    const identifies = r.world.discord.gateway.identifies.length - identifiesBefore;
    // At most one new gateway session per change of leader: a flapping leader would spend dozens.
    expect(identifies).toBeLessThanOrEqual(2);
    expect(r.world.discord.gateway.mostConnectedAtOnce).toBe(1);
    figures.push(
      `| ${fault.name} | ${leader} after ${(leaderMs / 1000).toFixed(1)} s | ${BURST}/${BURST} once each, all posted ${(postedMs / 1000).toFixed(0)} s after the fault | ${identifies} | ${duringAnswer.split("\n")[0]} |`,
    );
    process.stdout.write(`fault matrix: ${figures.at(-1)}\n`);
    expect(duringProblem, "the command during the fault").toBeUndefined();
    expect(duringAnswer).not.toBe("");
  },
  150_000,
);
