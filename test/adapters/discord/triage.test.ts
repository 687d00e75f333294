// What a report card says of its player, through the real discord.js client and the fake
// Discord: its priority and why under its state, changed on the one message as reporters join;
// and the sanction ladder's suggestion, the card's first button, which names the step and why,
// carries its days in its custom_id, and bans for those days when a moderator presses it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscordMessage } from "../../../adapters/discord/render.js";
import { reportedBy } from "../../helpers/emulator.js";
import { embedOf, textOf } from "./answers.js";
import {
  ADMIN_ROLE,
  type DiscordHarness,
  MODERATOR_ROLE,
  moderator,
  REPORT_CHANNEL,
  startDiscordHarness,
} from "./harness.js";

const DAY_MS = 86_400_000;

describe("a report card's priority and suggested ban, through Discord", () => {
  let h: DiscordHarness;
  beforeAll(async () => {
    h = await startDiscordHarness({ audit: false });
    // The first poll (of an empty chat API) is over, so the next report is new, not backfill.
    await h.feed.pollNow();
  });
  afterAll(() => h?.close());

  it("is the card's first button, named with the offence, and bans for its days", async () => {
    const { state } = h.emulator;
    // Banned twice before, the second time running now: the chat API counts 2.
    state.ban("dc-repeat", 1, "extend", new Date(state.now().getTime() - 40 * DAY_MS));
    state.ban("dc-repeat", 3);
    const report = state.injectReport({ to_gamer_id: "dc-repeat" });
    await h.feed.pollNow();
    const post = await h.discord.log.waitFor(
      (call) =>
        call.method === "POST" &&
        call.path === `/channels/${REPORT_CHANNEL}/messages` &&
        JSON.stringify(call.body).includes("dc-repeat"),
    );
    const buttons = (post.body as DiscordMessage).components.flatMap((row) => row.components);
    expect(buttons.map((button) => ("label" in button ? button.label : undefined))).toEqual([
      "Ban 30d · 3rd offence",
      "Ban…",
      "Dismiss",
      "History",
      "Filter…",
      "Take",
    ]);
    const suggestion = buttons[0];
    expect(suggestion?.custom_id).toBe(`cw:report:${report.report_id}:ban30`);

    const pressed = h.discord.button(moderator, suggestion?.custom_id ?? "");
    expect(embedOf(await pressed.followUp()).title).toBe("Banned a0 (dc-repeat) for 30 days");
    const ban = state.runningBan("dc-repeat");
    expect(ban?.count).toBe(3);
    expect(Date.parse(ban?.end_time ?? "") - Date.parse(ban?.start_time ?? "")).toBe(30 * DAY_MS);
    // The card everywhere says what was done, and keeps only History.
    const edit = await h.discord.log.waitFor(
      (call) =>
        call.method === "PATCH" &&
        call.path.startsWith(`/channels/${REPORT_CHANNEL}/messages/`) &&
        JSON.stringify(call.body).includes("Banned for 30 days by Mina"),
    );
    expect(textOf(edit)).toContain("dc-repeat");
  });

  it("shows the priority under the card's state, and raises it on the same message as reporters join", async () => {
    const { state } = h.emulator;
    reportedBy(state, "dc-rising", ["r-0"], "CHEATING");
    await h.feed.pollNow();
    const isCard = (call: { method: string; path: string; body: unknown }) =>
      call.path.startsWith(`/channels/${REPORT_CHANNEL}/messages`) &&
      JSON.stringify(call.body).includes("dc-rising");
    const post = await h.discord.log.waitFor((call) => call.method === "POST" && isCard(call));
    expect(embedOf(post).description).toBe(
      "Open: 1 report waiting for a moderator.\nMedium: 1 reporter in 24 h · CHEATING",
    );
    reportedBy(state, "dc-rising", ["r-1", "r-2", "r-3"], "CHEATING");
    await h.feed.pollNow();
    const edit = await h.discord.log.waitFor((call) => call.method === "PATCH" && isCard(call));
    expect(embedOf(edit).description).toBe(
      "Open: 4 reports waiting for a moderator.\nHigh: 4 reporters in 24 h · CHEATING",
    );
    const posts = h.discord.log.calls.filter((call) => call.method === "POST" && isCard(call));
    expect(posts).toHaveLength(1);
  });

  it("/reports open:True lists the waiting cards, highest priority first, each with why", async () => {
    const { state } = h.emulator;
    reportedBy(state, "dc-open-low", ["r-1"], "SPAM");
    await h.feed.pollNow();
    reportedBy(state, "dc-open-high", ["r-1", "r-2", "r-3", "r-4"], "CHEATING");
    await h.feed.pollNow();
    const sent = h.discord.slash(moderator, "reports", { open: true });
    const answer = await sent.edit();
    const embed = embedOf(answer);
    expect(embed.title).toMatch(/^Open report cards: \d+, highest priority first$/);
    // One field per card, named by its priority; the player and why in its lines.
    const fields = embed.fields ?? [];
    const at = (player: string) => fields.findIndex((field) => field.value.includes(player));
    expect(at("dc-open-high")).toBeGreaterThanOrEqual(0);
    expect(at("dc-open-high")).toBeLessThan(at("dc-open-low"));
    expect(fields[at("dc-open-high")]?.name).toBe("High");
    expect(fields[at("dc-open-high")]?.value).toContain("4 reporters in 24 h · CHEATING");
    expect(fields[at("dc-open-low")]?.name).toBe("Low");
  });
});

describe("the high-priority alert, through Discord", () => {
  let h: DiscordHarness;
  beforeAll(async () => {
    // The moderators' role is the one alerted, as a deployment would configure it.
    h = await startDiscordHarness({
      audit: false,
      priorityAlert: { discordRoleId: MODERATOR_ROLE },
    });
    await h.feed.pollNow();
  });
  afterAll(() => h?.close());

  it("mentions exactly the configured role, once, and nothing that player text says", async () => {
    const { state } = h.emulator;
    // A name that tries to ping everyone, the admins and a user.
    const hostile = `@everyone <@&${ADMIN_ROLE}> <@${moderator.id}>`;
    for (const reporter of ["r-1", "r-2", "r-3"]) {
      state.injectReport({
        to_gamer_id: "dc-alerted",
        to_gamer_name: hostile,
        from_gamer_id: reporter,
        from_gamer_name: hostile,
        keyword: "CHEATING",
        message: hostile,
      });
    }
    await h.feed.pollNow();
    const alert = await h.discord.log.waitFor(
      (call) =>
        call.method === "POST" &&
        call.path === `/channels/${REPORT_CHANNEL}/messages` &&
        (call.body as { content?: string }).content !== undefined,
    );
    expect(alert.body).toMatchObject({
      content: `<@&${MODERATOR_ROLE}>`,
      allowed_mentions: { parse: [], roles: [MODERATOR_ROLE] },
    });
    expect(embedOf(alert).description).toContain("High: 3 reporters in 24 h · CHEATING");
    const messages = () => h.discord.channelMessages(REPORT_CHANNEL);
    const pinged = (message: ReturnType<typeof messages>[number]) => ({
      roles: message.mention_roles,
      users: message.mentions,
      everyone: message.mention_everyone,
    });
    const alerts = () => messages().filter((message) => message.content !== "");
    expect(alerts().map(pinged)).toEqual([{ roles: [MODERATOR_ROLE], users: [], everyone: false }]);
    // The card itself, with the same hostile text, pings nobody.
    const cards = messages().filter((message) => message.content === "");
    expect(cards.map(pinged)).toEqual([{ roles: [], users: [], everyone: false }]);

    // More reports join the card: it is edited, and nobody is alerted again.
    reportedBy(state, "dc-alerted", ["r-4", "r-5"], "CHEATING");
    await h.feed.pollNow();
    await h.discord.log.waitFor(
      (call) => call.method === "PATCH" && JSON.stringify(call.body).includes("5 reports against"),
    );
    await h.feed.pollNow();
    expect(alerts()).toHaveLength(1);
  });
});
