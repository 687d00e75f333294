// A reminder through discord.js to the fake Discord: each waiting card is a masked link to its
// message (https://discord.com/channels/<guild>/<channel>/<message>), pinging nobody, and the
// player's name in the link's text stays inert: its brackets escaped, so it cannot end the link
// early or make one of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscordMessage } from "../../../adapters/discord/render.js";
import { Reminders } from "../../../src/feed/reminders.js";
import { type DiscordHarness, REPORT_CHANNEL, startDiscordHarness } from "./harness.js";

const HOUR_MS = 3_600_000;

describe("a reminder of waiting cards, through discord.js to the fake Discord", () => {
  let d: DiscordHarness;
  beforeAll(async () => {
    d = await startDiscordHarness({ audit: false });
    await d.feed.pollNow();
  });
  afterAll(() => d?.close());

  it("links each card to its message, its name inert, nobody pinged", async () => {
    d.emulator.state.injectReport({
      to_gamer_id: "waiting",
      to_gamer_name: "@everyone](https://evil.test) [x",
    });
    await d.feed.pollNow();
    await d.discord.log.waitFor(
      (call) =>
        call.method === "POST" &&
        call.path === `/channels/${REPORT_CHANNEL}/messages` &&
        JSON.stringify(call.body).includes("(waiting)"),
      { timeoutMs: 10_000 },
    );
    const cardId = d.discord.channelMessages(REPORT_CHANNEL)[0]?.id;
    const reminders = new Reminders(d.core.store, d.core.outbox, d.core.reports, [
      "discord:report",
    ]);
    expect(await reminders.remindDue(new Date(Date.now() + 2 * HOUR_MS), HOUR_MS)).toHaveLength(1);
    const post = await d.discord.log.waitFor(
      (call) =>
        call.method === "POST" &&
        call.path === `/channels/${REPORT_CHANNEL}/messages` &&
        JSON.stringify(call.body).includes("Still waiting"),
      { timeoutMs: 10_000 },
    );
    const body = post.body as DiscordMessage & { allowed_mentions: unknown };
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const fields = JSON.stringify(body.embeds);
    const url = `https://discord.com/channels/${d.discord.guildId}/${REPORT_CHANNEL}/${cardId}`;
    // The one link is the card's: the name's ] and ( are escaped, its @everyone broken.
    expect(fields.match(/\]\(https?:/g)).toHaveLength(1);
    expect(fields).toContain(`](${url})`);
    expect(fields).not.toContain("@everyone]");
  });
});
