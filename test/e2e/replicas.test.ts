// Two built `serve` replicas on one PostgreSQL, with one emulator, one fake Discord and one fake
// Slack (replica-world.ts): A leads, B stands by. Only the leader holds the gateway session and
// polls; a confirmation asked on one replica is answered on the other; case numbers stay unique
// when both record cases at once.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { buttonsOf, textsOf } from "../adapters/slack/message-text.js";
import { seatPlayers } from "../helpers/emulator.js";
import { slackModerator } from "./bot-process.js";
import { replicaOf } from "./replica-door.js";
import { bansIn, LEADS, pollsIn, type ReplicaWorld, startReplicaWorld } from "./replica-world.js";

let r: ReplicaWorld;
beforeEach(async () => {
  r = await startReplicaWorld();
}, 60_000);
afterEach(() => r?.close());

const bansOf = (gamerId: string) => bansIn(r.world.emulator.requests, gamerId);

it("holds one gateway session and one poller, on the replica /readyz and /metrics name", async () => {
  const pidA = r.replica("A").process.pid;
  // Four more polls, one a second: long enough for a second poller to show.
  const from = pollsIn(r.world.emulator.requests).length;
  await vi.waitFor(
    () => expect(pollsIn(r.world.emulator.requests).length).toBeGreaterThanOrEqual(from + 4),
    { timeout: 10_000, interval: 50 },
  );
  const polls = pollsIn(r.world.emulator.requests);
  expect(new Set(polls.map(replicaOf))).toEqual(new Set(["A"]));
  // B does reach the emulator through its door (its start-up probe): it just does not poll.
  expect(r.requestsBy("B").length).toBeGreaterThan(0);

  expect(r.world.discord.gateway.identifies).toHaveLength(1);
  expect(r.world.discord.gateway.mostConnectedAtOnce).toBe(1);
  const a = await r.readiness("A");
  const b = await r.readiness("B");
  expect(a.leader?.detail).toBe(LEADS);
  expect(b.leader?.detail).toMatch(new RegExp(`^standby: .+:${pidA} leads since `));
  expect(a.discord?.ready).toBe(true);
  expect(a.poller).toBeDefined();
  expect(b.discord).toBeUndefined();
  expect(b.poller).toBeUndefined();
  expect(await r.leaderGauge("A")).toBe(1);
  expect(await r.leaderGauge("B")).toBe(0);
});

it("asks a Slack confirmation through A and takes the press through B: one ban, answered", async () => {
  seatPlayers(r.world.emulator.state, "confirm-me");
  const asked = await r.slack("A").slash(slackModerator, "/ban", "confirm-me 60 repeat offender");
  expect(asked.status).toBe(200);
  const question = await r.world.slack.responses.answer(asked.responseUrl);
  expect(textsOf(question.body).join("\n")).toContain("Ban confirm-me for 60 days?");
  const confirm = buttonsOf(question.body).get("Confirm");
  expect(confirm).toBeDefined();
  expect(bansOf("confirm-me")).toHaveLength(0);

  const pressed = await r.slack("B").click(slackModerator, confirm?.actionId ?? "", {
    value: confirm?.value,
  });
  expect(pressed.status).toBe(200);
  const answer = await r.world.slack.responses.posts.waitFor(
    (post) =>
      post.url === pressed.responseUrl &&
      textsOf(post.body).join("\n").includes("Banned confirm-me for 60 days"),
    "the ban's answer at the press's response_url",
  );
  expect(textsOf(answer.body).join("\n")).toMatch(/Case #\d+/);
  expect(bansOf("confirm-me").map(replicaOf)).toEqual(["B"]);
  expect(r.world.emulator.state.runningBan("confirm-me")).toBeDefined();

  // The decision is in the store: the same button pressed again, on A, was already answered.
  const again = await r.slack("A").click(slackModerator, confirm?.actionId ?? "", {
    value: confirm?.value,
  });
  const late = await r.world.slack.responses.answer(again.responseUrl);
  expect(textsOf(late.body).join("\n")).toContain("already answered by ari");
  expect(bansOf("confirm-me")).toHaveLength(1);
});

it("numbers 50 cases uniquely when 25 bans arrive at each replica at once", async () => {
  const targets = Array.from({ length: 50 }, (_, n) => ({
    gamer: `crowd-${n}`,
    via: n % 2 === 0 ? ("A" as const) : ("B" as const),
  }));
  seatPlayers(r.world.emulator.state, ...targets.map(({ gamer }) => gamer));
  const sent = await Promise.all(
    targets.map(({ gamer, via }) => r.slack(via).slash(slackModerator, "/ban", `${gamer} 1`)),
  );
  expect(sent.map((delivered) => delivered.status)).toEqual(Array(50).fill(200));
  const answers = await Promise.all(
    sent.map((delivered) => r.world.slack.responses.answer(delivered.responseUrl)),
  );
  const numbers = answers.map((answer, n) => {
    const text = textsOf(answer.body).join("\n");
    expect(text).toContain(`Banned ${targets[n]?.gamer} for 1 day`);
    return Number(/Case #(\d+)/.exec(text)?.[1]);
  });
  expect(new Set(numbers).size).toBe(50);
  expect(numbers.every((number) => Number.isInteger(number) && number > 0)).toBe(true);
  for (const { gamer, via } of targets) {
    expect(bansOf(gamer).map(replicaOf)).toEqual([via]);
    expect(r.world.emulator.state.runningBan(gamer)).toBeDefined();
  }
}, 60_000);
