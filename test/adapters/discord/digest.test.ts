// The shift digest through discord.js to the fake Discord: posted in the report channel, pinging
// nobody, with the players' names it lists (the oldest waiting card's, the bans ending) inert,
// and the bans past the listed ten said as "and N more".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscordMessage } from "../../../adapters/discord/render.js";
import { ENDING_BANS_LISTED } from "../../../src/feed/digest-view.js";
import { CORPUS, expectDiscordInert } from "../hostile-corpus.js";
import { type DiscordHarness, REPORT_CHANNEL, startDiscordHarness } from "./harness.js";

const HOUR_MS = 3_600_000;

describe("the shift digest, through discord.js to the fake Discord", () => {
  let d: DiscordHarness;
  beforeAll(async () => {
    d = await startDiscordHarness({ audit: false, digestCron: "* * * * *" });
    await d.feed.pollNow();
  });
  afterAll(() => d?.close());

  it("lists hostile names inert, pings nobody, and cuts the bans to ten", async () => {
    const { state } = d.emulator;
    state.injectReport({ to_gamer_id: "oldest", to_gamer_name: "@everyone <@&123> **gg**" });
    await d.feed.pollNow();
    for (const [index, item] of CORPUS.entries()) {
      await d.see(`hostile-${index}=${item.text}`);
      state.ban(`hostile-${index}`, 1, "extend", new Date(Date.now() - 2 * HOUR_MS));
    }
    await d.feed.digestSchedule?.lookNow();
    const post = await d.discord.log.waitFor(
      (call) =>
        call.method === "POST" &&
        call.path === `/channels/${REPORT_CHANNEL}/messages` &&
        JSON.stringify(call.body).includes("Shift digest"),
      { timeoutMs: 10_000 },
    );
    const body = post.body as DiscordMessage & { allowed_mentions: unknown };
    expect(body.allowed_mentions).toEqual({ parse: [] });
    // The first ten, soonest to end (all end together: in the list's order), are listed.
    for (const item of CORPUS.slice(0, ENDING_BANS_LISTED)) expectDiscordInert(body, item);
    const text = JSON.stringify(body);
    expect(text).toContain("Shift digest: 1 card waiting");
    expect(text).toContain(`and ${CORPUS.length - ENDING_BANS_LISTED} more ban`);
  });
});
