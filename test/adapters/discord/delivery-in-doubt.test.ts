// A report card whose post may have reached Discord without the bot hearing so is posted again
// with the same nonce and enforce_nonce, soon enough for Discord to still recognise it: the
// report feed's drainer on a real core, the real discord.js client and the fake Discord. Discord
// recognises a repeated nonce only for "a few minutes"; the drainer's own backoff grows to five,
// so a post in doubt is retried within a fraction of that window, not after the backoff. The
// window is scaled down here (the fake's nonceWindowMs and the destination's nonceKeptMs alike),
// and so is the drainer's backoff, in production's proportions.
import { once } from "node:events";
import { type Client, Events } from "discord.js";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { discordDestination } from "../../../adapters/discord/destination.js";
import { createDiscordClient } from "../../../adapters/discord/discord-client.js";
import type { ReportFeed } from "../../../src/feed/feed.js";
import { silentLogger } from "../../../src/log.js";
import { type FakeDiscord, startFakeDiscord } from "../../fakes/discord/server.js";
import { type Harness, startHarness } from "../../helpers/core.js";
import { startAdapterFeed } from "../../helpers/feed.js";

const REPORTS = "600000000000000001";
const NAME = "discord:report";
/** How long the fake Discord recognises a nonce, and the bot assumes it does. */
const NONCE_KEPT_MS = 2_000;

let h: Harness;
let discord: FakeDiscord;
let client: Client;
let feed: ReportFeed | undefined;

beforeEach(async () => {
  h = await startHarness({ destinations: { report: [NAME], audit: [] } });
  discord = await startFakeDiscord({
    channels: [{ id: REPORTS, name: "reports" }],
    nonceWindowMs: NONCE_KEPT_MS,
  });
  client = createDiscordClient(discord.apiUrl);
  const ready = once(client, Events.ClientReady);
  await client.login(discord.token);
  await ready;
});
afterEach(async () => {
  await feed?.stop();
  feed = undefined;
  await client.destroy();
  await discord.close();
  await h.close();
});

it("a post Discord made before an outage is retried within the nonce's window, and appears once", async () => {
  const destination = discordDestination({
    client: () => client,
    channelId: REPORTS,
    purpose: "report",
    nonceKeptMs: NONCE_KEPT_MS,
  });
  // Production's backoff (1 s, doubling to 5 min) scaled down by five.
  feed = startAdapterFeed(h.core, [destination], silentLogger, {
    timing: { checkEveryMs: 50, firstRetryMs: 200, maxRetryMs: 60_000, waitForPostMs: 20 },
  });
  const posts = { method: "POST", path: /^\/channels\/\d+\/messages$/ };
  // Discord makes the message and its edge answers 502; then it stays down a while: discord.js
  // tries each post four times, so the drainer's first four attempts fail, the fifth gets in.
  discord.faults.add({ ...posts, status: 502, afterRoute: true });
  discord.faults.add({ ...posts, status: 503, times: 3 + 4 + 4 + 4 });

  h.emulator.state.injectReport({ to_gamer_id: "through-outage" });
  await feed.pollNow();
  await vi.waitFor(async () => expect(await h.core.outbox.depth(NAME)).toBe(0), {
    timeout: 10_000,
  });

  const messages = discord.channelMessages(REPORTS);
  expect(messages).toHaveLength(1);
  expect(JSON.stringify(messages[0]?.embeds)).toContain("through-outage");
  const sent = discord.log.filter((call) => call.method === "POST" && posts.path.test(call.path));
  expect(sent.map((call) => call.status)).toEqual([502, ...Array(15).fill(503), 200]);
  // Every try carried the same nonce, enforced.
  expect(
    new Set(sent.map((call) => JSON.stringify(call.body).match(/"nonce":"[^"]+"/)?.[0])).size,
  ).toBe(1);
  expect(sent.every((call) => (call.body as { enforce_nonce?: boolean }).enforce_nonce)).toBe(true);
  // The card knows its one message, so a moderator's action edits it.
  expect(await h.core.reports.messageRef(1, NAME)).toBe(messages[0]?.id);
});
