// The report feed's drainer posting 50 report cards through the real discord.js client to a fake
// Discord that allows 5 message posts per 500 ms in a channel: the wall time from the drainer's
// start until the outbox is empty, against the least the limit allows (the first five at once,
// then nine more windows of five: 4.5 s). The fake answers any request over the limit with 429;
// discord.js reads the X-RateLimit-* headers and should wait instead, so the count must stay 0.
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { type Client, Events } from "discord.js";
import { discordDestination } from "../adapters/discord/destination.js";
import { createDiscordClient } from "../adapters/discord/discord-client.js";
import { startEmulator } from "../emulator/server.js";
import { ReportFeed } from "../src/feed/feed.js";
import { silentLogger } from "../src/log.js";
import { startFakeDiscord } from "../test/fakes/discord/server.js";
import { BENCH_TOKEN, pollerOf, startBenchCore } from "./bench-core.js";
import type { Comparison } from "./measure.js";

const CARDS = 50;
const RATE_LIMIT = { limit: 5, windowMs: 500 };
const ROUNDS = 3;
/** The first `limit` at once, then one window per further `limit`. */
const LIMIT_BOUND_MS = (Math.ceil(CARDS / RATE_LIMIT.limit) - 1) * RATE_LIMIT.windowMs;

export async function benchDiscordDelivery(): Promise<Comparison> {
  // A channel per round, so that no round starts inside another's rate-limit window.
  const channels = Array.from({ length: ROUNDS + 1 }, (_, i) => ({
    id: `70000000000000000${i}`,
    name: `reports-${i}`,
  }));
  const discord = await startFakeDiscord({ channels, channelRateLimit: RATE_LIMIT });
  const emulator = await startEmulator({ token: BENCH_TOKEN, seed: "empty" });
  let client: Client | undefined;
  try {
    for (let i = 0; i < CARDS; i++) {
      emulator.state.injectReport({
        to_gamer_id: `player-${i}`,
        to_gamer_name: `플레이어${i}`,
        from_gamer_id: `reporter-${i}`,
        from_gamer_name: `reporter${i}`,
        message: `message number ${i} with some words 비속어 포함`,
        keyword: "INAPPROPRIATE",
        reason: "비속어 및 성적 발언",
      });
    }
    const made = createDiscordClient(discord.apiUrl);
    client = made;
    const ready = once(made, Events.ClientReady);
    await made.login(discord.token);
    await ready;

    const drain = async (channelId: string): Promise<number> => {
      const bench = await startBenchCore(emulator.baseUrl);
      const { core } = bench;
      try {
        // The first poll of an empty store with a backfill of 50: a card per player, 50 posts owed.
        const polled = await pollerOf(core, CARDS).poll();
        const owed = await core.outbox.depth("discord:report");
        if (polled.opened.length !== CARDS || owed !== CARDS) {
          throw new Error(`expected ${CARDS} posts owed, found ${owed}`);
        }
        const feed = new ReportFeed({
          core,
          destinations: [discordDestination({ client: () => made, channelId, purpose: "report" })],
          poll: false,
          pollCron: "0 0 1 1 *",
          backfill: CARDS,
          groupMinutes: 60,
          logger: silentLogger,
        });
        const started = performance.now();
        feed.start();
        while ((await core.outbox.depth("discord:report")) > 0) await sleep(2);
        const elapsed = performance.now() - started;
        await feed.stop();
        const posted = discord.channelMessages(channelId).length;
        if (posted !== CARDS) throw new Error(`${posted} messages in the channel, not ${CARDS}`);
        return elapsed;
      } finally {
        await bench.close();
      }
    };

    // One message in channels[0] first: the client learns the route's bucket, as a running bot has.
    const [warmUp, ...measured] = channels;
    const warmUpChannel = warmUp ? await made.channels.fetch(warmUp.id) : null;
    if (!warmUpChannel?.isSendable()) throw new Error("the fake Discord has no warm-up channel");
    await warmUpChannel.send({ content: "warm-up" });
    const times: number[] = [];
    for (const channel of measured) times.push(await drain(channel.id));
    const refused = discord.calls.filter((call) => call.status === 429).length;
    const subjectMs = times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
    return {
      name: `${CARDS} report cards to a fake Discord at ${RATE_LIMIT.limit} per ${RATE_LIMIT.windowMs} ms (median of ${ROUNDS} drains; ${refused} answered 429, ${refused === 0 ? "must be 0" : "MUST BE 0"}): until the outbox is empty vs the limit-bound minimum`,
      baselineMs: LIMIT_BOUND_MS,
      subjectMs,
      // A 429 is a failure whatever the time.
      ratio: refused === 0 ? subjectMs / LIMIT_BOUND_MS : Number.POSITIVE_INFINITY,
      target: 1.2,
    };
  } finally {
    await client?.destroy();
    await discord.close();
    await emulator.close();
  }
}
