// The hostile corpus (../hostile-corpus.ts) sent for real, as report cards, through discord.js
// to the fake Discord: what reaches Discord is inert and pings nobody. discord.js paces the
// dozen cards by the fake's rate-limit headers (5 posts per 5 s in a channel), on the host's
// clock: about ten seconds, so this file is in the full tier only (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DiscordMessage } from "../../../adapters/discord/render.js";
import { CORPUS, expectDiscordInert, injectCorpus } from "../hostile-corpus.js";
import { type DiscordHarness, REPORT_CHANNEL, startDiscordHarness } from "./harness.js";

/** Twelve cards at 5 per 5 s take about ten seconds; more on a loaded machine. */
const PACED_MS = 30_000;

describe("report cards with the hostile corpus, through discord.js to the fake Discord", () => {
  let discord: DiscordHarness;
  beforeAll(async () => {
    discord = await startDiscordHarness({ audit: false });
    // The first poll (of an empty chat API) is over, so every corpus report is new, none backfill.
    await discord.feed.pollNow();
    injectCorpus(discord.emulator.state);
  });
  afterAll(() => discord?.close());

  it("posts every card inert, nobody pinged", async () => {
    await discord.feed.pollNow();
    const posts = await vi.waitFor(
      () => {
        const found = discord.discord.log.filter(
          (call) => call.method === "POST" && call.path === `/channels/${REPORT_CHANNEL}/messages`,
        );
        if (found.length < CORPUS.length) throw new Error(`${found.length} cards posted`);
        return found;
      },
      { timeout: PACED_MS, interval: 25 },
    );
    for (const [index, item] of CORPUS.entries()) {
      const post = posts.find((call) => JSON.stringify(call.body).includes(`(hostile-${index})`));
      expect(post, item.name).toBeDefined();
      const body = post?.body as DiscordMessage & { allowed_mentions: unknown };
      expect(body.allowed_mentions, item.name).toEqual({ parse: [] });
      expectDiscordInert(body, item);
    }
  }, 40_000);
});
