// A rolling restart, as a deploy does it: SIGTERM to replica A, A started again, then SIGTERM to
// B, B started again, while a report arrives every 1.2 s and moderators send Slack commands to
// whichever replica is up (a load balancer sends nothing to one that is stopping). A leader
// stopped gracefully finishes what it is sending and hands over at once, with no heartbeat to
// wait out; no report is lost or posted twice on either platform, every command is answered, and
// there is never more than one gateway session or poller.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { STOP_GRACE_MS } from "../../app/lifecycle.js";
import type { Delivered } from "../adapters/slack/drivers.js";
import { textsOf } from "../adapters/slack/message-text.js";
import { seatPlayers } from "../helpers/emulator.js";
import { slackModerator } from "./bot-process.js";
import { replicaOf } from "./replica-door.js";
import {
  bansIn,
  LEADS,
  pollsIn,
  type ReplicaName,
  type ReplicaWorld,
  reportTitles,
  startNewsReplicaWorld,
} from "./replica-world.js";

/** A successor campaigns every second; one that had to wait out a heartbeat would take ≈ 6 s. */
const CLEAN_HANDOVER_MS = 3_000;
/** A little slower than the bot's own Slack pace (1 post per 1.1 s), so the feed keeps up. */
const ARRIVAL_EVERY_MS = 1_200;
let r: ReplicaWorld;
let arrivals: NodeJS.Timeout | undefined;

beforeEach(async () => {
  r = await startNewsReplicaWorld();
}, 60_000);
afterEach(async () => {
  clearInterval(arrivals);
  await r?.close();
});

const discordTitles = () => reportTitles(r.world).discord;
const slackTexts = () => reportTitles(r.world).slack;
/** Resolves once both platforms show `count` reports (or more). */
const posted = (count: number, timeout = 20_000) =>
  vi.waitFor(
    () => {
      expect(discordTitles().length).toBeGreaterThanOrEqual(count);
      expect(slackTexts().length).toBeGreaterThanOrEqual(count);
    },
    { timeout, interval: 50 },
  );

it("loses and doubles nothing, and answers every Slack command, through a rolling restart", async () => {
  const { world } = r;
  let reports = 0;
  const arrive = () => world.emulator.state.injectReport({ to_gamer_id: `rolling-${reports++}` });
  // A deployment that has been running: its store has seen reports (replicas-failover.test.ts
  // shows what goes wrong when it has not).
  arrive();
  await posted(1);
  arrivals = setInterval(arrive, ARRIVAL_EVERY_MS);

  const commands: { gamer: string; via: ReplicaName; sent: Delivered }[] = [];
  const ban = async (via: ReplicaName) => {
    const gamer = `roll-${commands.length}`;
    seatPlayers(r.world.emulator.state, gamer);
    const sent = await r.slack(via).slash(slackModerator, "/ban", `${gamer} 1`);
    expect(sent.status).toBe(200);
    commands.push({ gamer, via, sent });
  };
  /**
   * SIGTERM to the leader `from`: it finishes what it is sending, lets go, and exits 0; `to`
   * leads as soon as it has let go, without waiting out a heartbeat, and posts what arrives.
   */
  const handOver = async (from: ReplicaName, to: ReplicaName) => {
    // Sent to the leader just before its signal: answered all the same.
    await ban(from);
    const exited = r.stop(from, "SIGTERM").then((code) => ({ code, at: performance.now() }));
    await ban(to);
    await r.untilLeads(to, STOP_GRACE_MS + 2_000);
    const ledAt = performance.now();
    const exit = await exited;
    expect(exit.code).toBe(0);
    // Within a campaign round of the old leader's exit (usually before it), where a successor
    // of a leader that did not let go would wait out its heartbeat, about 6 s.
    expect(ledAt - exit.at).toBeLessThan(CLEAN_HANDOVER_MS);
    const waitedOut = r
      .replica(to)
      .logs.some((line) => line.msg.includes("did not let go cleanly"));
    expect(waitedOut).toBe(false);
    await ban(to);
    // The next report to arrive is posted by the leader now.
    await posted(reports + 1);
  };
  /** `name` started again: it stands by while `leader` goes on leading; both take commands. */
  const restart = async (name: ReplicaName, leader: ReplicaName) => {
    await r.start(name);
    await vi.waitFor(async () => expect(await r.leaderLine(name)).toMatch(/^standby: /), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await r.leaderLine(leader)).toBe(LEADS);
    await ban(name);
    await ban(leader);
    // The next report to arrive is posted by the leader now.
    await posted(reports + 1);
  };

  await ban("A");
  await ban("B");
  await handOver("A", "B");
  await restart("A", "B");
  await handOver("B", "A");
  await restart("B", "A");
  clearInterval(arrivals);

  // Every command answered, each ban made once, by the replica it was sent to.
  for (const { gamer, via, sent } of commands) {
    const answer = await world.slack.responses.answer(sent.responseUrl);
    expect(textsOf(answer.body).join("\n")).toContain(`Banned ${gamer} for 1 day`);
    expect(bansIn(world.emulator.requests, gamer).map(replicaOf)).toEqual([via]);
  }

  // Every report that arrived is on each platform, once.
  await posted(reports, 30_000);
  for (let n = 0; n < reports; n++) {
    expect(discordTitles().filter((title) => title.includes(`(rolling-${n})`))).toHaveLength(1);
    expect(slackTexts().filter((text) => text.includes(`(rolling-${n})`))).toHaveLength(1);
  }
  expect(discordTitles()).toHaveLength(reports);
  expect(slackTexts()).toHaveLength(reports);

  // Leadership went A, B, A (the restarted A): one gateway session and one poller at a time.
  expect(world.discord.gateway.identifies).toHaveLength(3);
  expect(world.discord.gateway.mostConnectedAtOnce).toBe(1);
  const pollers = pollsIn(world.emulator.requests).map(replicaOf);
  const terms = pollers.filter((name, n) => name !== pollers[n - 1]);
  expect(terms).toEqual(["A", "B", "A"]);
}, 120_000);
