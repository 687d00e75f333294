// Every command of the catalogue through Discord: deferred at once, answered with an embed,
// public when it changed something, private otherwise; confirmations and pages as buttons.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTCOME_COLOURS } from "../../../adapters/discord/render.js";
import { openChannel } from "../../helpers/emulator.js";
import {
  buttonId,
  buttonsOf,
  callbackOf,
  EPHEMERAL,
  embedOf,
  messageOf,
  textOf,
} from "./answers.js";
import { admin, type DiscordHarness, moderator, startDiscordHarness } from "./harness.js";

let h: DiscordHarness;
beforeAll(async () => {
  h = await startDiscordHarness({ audit: false });
});
afterAll(() => h.close());

/** Runs a slash command; returns its callback and its final answer (the edit of the reply). */
async function slash(
  user: typeof moderator,
  name: string,
  values: Record<string, string | number | boolean> = {},
) {
  const sent = h.discord.slash(user, name, values);
  const callback = callbackOf(await sent.callback());
  const answer = await sent.edit();
  return { sent, callback, answer };
}

describe("commands that change something answer in the channel", () => {
  it("ban: deferred publicly, then the result with the ban's end as UTC and relative time", async () => {
    await h.see("gamer-1");
    const { callback, answer } = await slash(moderator, "ban", {
      gamer_id: "gamer-1",
      days: "2w",
      reason: "spam",
    });
    expect(callback).toEqual({ type: 5, ephemeral: false });
    const embed = embedOf(answer);
    expect(embed.title).toBe("Banned gamer-1 for 14 days");
    expect(embed.color).toBe(OUTCOME_COLOURS.success);
    const until = embed.fields?.find((field) => field.name === "Until")?.value;
    expect(until).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC \(<t:\d+:R>\)$/);
    expect(embed.footer?.text).toMatch(/^Case #\d+$/);
    expect(messageOf(answer).allowed_mentions).toEqual({ parse: [] });
  });

  it("ban: the days option takes the unit as a word", async () => {
    await h.see("gamer-2");
    const { answer } = await slash(moderator, "ban", { gamer_id: "gamer-2", days: "2 weeks" });
    expect(embedOf(answer).title).toBe("Banned gamer-2 for 14 days");
  });

  it("unban", async () => {
    h.emulator.state.ban("gamer-unban", 2);
    const { callback, answer } = await slash(moderator, "unban", { gamer_id: "gamer-unban" });
    expect(callback.ephemeral).toBe(false);
    expect(embedOf(answer).title).toBe("Unbanned gamer-unban");
  });

  it("channels create and delete (admin), the delete after a confirmation only the invoker sees", async () => {
    const created = await slash(admin, "channels create", {
      group: "global",
      name: "server-9",
      max_count: 50,
    });
    expect(created.callback.ephemeral).toBe(false);
    expect(embedOf(created.answer).title).toBe("Created channel server-9 in global");

    const sent = h.discord.slash(admin, "channels delete", { group: "global", name: "server-9" });
    // The question is for the invoker alone: the reply is deferred privately and becomes it.
    expect(callbackOf(await sent.callback()).ephemeral).toBe(true);
    const question = await sent.edit();
    expect(embedOf(question).title).toBe("Please confirm");
    expect(embedOf(question).color).toBe(OUTCOME_COLOURS.confirm);
    expect(sent.original()?.flags).toBe(EPHEMERAL);

    const pressed = h.discord.button(admin, buttonId(question, "Confirm"), sent.original());
    expect(callbackOf(await pressed.callback()).type).toBe(6);
    const result = await pressed.followUp();
    expect(messageOf(result).flags ?? 0).toBe(0);
    expect(embedOf(result).title).toBe("Deleted channel server-9 of global");
    await pressed.deleted();
  });

  it("badwords add and remove (remove confirmed), words in one option", async () => {
    const added = await slash(admin, "badwords add", {
      language: "en-us",
      words: "scam, gold seller",
    });
    expect(textOf(added.answer)).toContain("gold seller");

    const sent = h.discord.slash(admin, "badwords remove", { language: "en-us", words: "scam" });
    const question = await sent.edit();
    const pressed = h.discord.button(admin, buttonId(question, "Confirm"), sent.original());
    expect(textOf(await pressed.followUp())).toContain("scam");
  });

  it("announce (admin): the exact text asked privately, then sent to every channel number", async () => {
    openChannel(h.emulator, "global", "announce-room", 2);
    const text = "Maintenance at 10:00 UTC, back by 10:30 @everyone";
    const sent = h.discord.slash(admin, "announce", {
      group: "global",
      channel: "announce-room",
      message: text,
    });
    expect(callbackOf(await sent.callback()).ephemeral).toBe(true);
    const question = await sent.edit();
    expect(embedOf(question).title).toBe("Please confirm");
    // Shown as typed, made inert: the mention reads, and pings nobody.
    expect(embedOf(question).description).toContain(
      "Maintenance at 10:00 UTC, back by 10:30 @\u200beveryone",
    );
    expect(messageOf(question).allowed_mentions).toEqual({ parse: [] });
    expect(h.emulator.state.systemMessages).toEqual([]);

    const pressed = h.discord.button(admin, buttonId(question, "Confirm"), sent.original());
    const result = await pressed.followUp();
    expect(embedOf(result).title).toBe("Announced in announce-room of global");
    expect(embedOf(result).footer?.text).toMatch(/Case #\d+/);
    expect(h.emulator.state.systemMessages.map((m) => [m.channel_name, m.message])).toEqual([
      ["announce-room", text],
      ["announce-room", text],
    ]);
  });

  it("announce on a chat API without system messages says so", async () => {
    openChannel(h.emulator, "global", "no-endpoint");
    h.emulator.setBehaviour({ systemMessage: "absent" });
    try {
      const sent = h.discord.slash(admin, "announce", {
        group: "global",
        channel: "no-endpoint",
        message: "hello",
      });
      const question = await sent.edit();
      const pressed = h.discord.button(admin, buttonId(question, "Confirm"), sent.original());
      // A failure is private: it takes the private question's place.
      const result = await pressed.edit();
      expect(embedOf(result).color).toBe(OUTCOME_COLOURS.error);
      expect(textOf(result)).toContain("This chat API does not offer system messages");
    } finally {
      h.emulator.setBehaviour({ systemMessage: "offered" });
    }
  });

  it("a cancelled confirmation is replaced in place and nothing happens", async () => {
    const sent = h.discord.slash(moderator, "ban", { gamer_id: "gamer-long", days: 400 });
    const question = await sent.edit();
    const pressed = h.discord.button(moderator, buttonId(question, "Cancel"), sent.original());
    const edit = await pressed.edit();
    expect(embedOf(edit).title).toBe("Cancelled");
    expect(buttonsOf(edit)).toEqual([]);
    expect(h.emulator.state.listBans().some((ban) => ban.gamer_id === "gamer-long")).toBe(false);
  });
});

describe("lists and help answer only the invoker", () => {
  it("help", async () => {
    const { callback, answer } = await slash(moderator, "help");
    expect(callback).toEqual({ type: 5, ephemeral: true });
    expect(embedOf(answer).title).toBe("chatwarden commands");
    expect(embedOf(answer).color).toBe(OUTCOME_COLOURS.info);
    const explained = await slash(moderator, "help", { command: "ban" });
    expect(textOf(explained.answer)).toContain("the player to ban");
  });

  it("bans, reports and history", async () => {
    h.emulator.state.ban("gamer-7", 3);
    h.emulator.state.injectReport({
      to_gamer_id: "gamer-7",
      from_gamer_id: "gamer-8",
      reason: "insults",
    });
    const bans = await slash(moderator, "bans");
    expect(bans.callback.ephemeral).toBe(true);
    expect(textOf(bans.answer)).toContain("gamer-7");
    const reports = await slash(moderator, "reports", { gamer_id: "gamer-7" });
    expect(textOf(reports.answer)).toContain("insults");
    const history = await slash(moderator, "history", { gamer_id: "gamer-7" });
    expect(embedOf(history.answer).title).toBe("History of a0 (gamer-7)");
  });

  it("channels list and badwords list", async () => {
    const channels = await slash(moderator, "channels list");
    expect(embedOf(channels.answer).title).toMatch(/^Channel groups: \d+$/);
    const group = await slash(moderator, "channels list", { group: "global" });
    expect(embedOf(group.answer).title).toMatch(/^Channels of global/);
    const words = await slash(moderator, "badwords list", { language: "en-us" });
    expect(embedOf(words.answer).title).toBe("Filtered words for en-us");
  });

  it("long lists page with buttons, and a page turn edits the message in place", async () => {
    for (let n = 0; n < 12; n += 1) h.emulator.state.ban(`paged-${n}`, 5 + n);
    const { answer } = await slash(moderator, "bans");
    expect(embedOf(answer).footer?.text).toContain("Page 1 of 2");
    const pressed = h.discord.button(moderator, buttonId(answer, "Next page"), {
      flags: EPHEMERAL,
    });
    expect(callbackOf(await pressed.callback()).type).toBe(6);
    const next = await pressed.edit();
    expect(embedOf(next).footer?.text).toContain("Page 2 of 2");
    expect(buttonsOf(next).map((button) => button.label)).toEqual(["Previous page"]);
  });

  it("Next turns the list as shown while reports arrive, and says how many arrived", async () => {
    // Issue 20: Next started again at a row page 1 had shown, 5 new reports later.
    const start = Date.now() - 3_600_000;
    for (let id = 1; id <= 36; id++) {
      h.emulator.state.injectReport({
        report_id: 7000 + id,
        to_gamer_id: "dc-paged",
        createdAt: new Date(start + id * 60_000),
      });
    }
    const { answer } = await slash(moderator, "reports", { gamer_id: "dc-paged" });
    // Each row is a field named by its report number, the # escaped for Discord's markdown.
    const rowNames = (call: typeof answer) =>
      (embedOf(call).fields ?? []).map((field) => field.name);
    expect(rowNames(answer)).toEqual(Array.from({ length: 10 }, (_, n) => `\\#${7036 - n}`));
    for (let n = 0; n < 5; n++) h.emulator.state.injectReport({ to_gamer_id: "dc-paged" });

    const pressed = h.discord.button(moderator, buttonId(answer, "Next page"), {
      flags: EPHEMERAL,
    });
    const next = await pressed.edit();
    expect(embedOf(next).title).toBe("Reports against or by a0 (dc-paged): 36");
    expect(rowNames(next)).toEqual(Array.from({ length: 10 }, (_, n) => `\\#${7026 - n}`));
    expect(embedOf(next).footer?.text).toBe(
      "5 new reports since this list: run reports again · Page 2 of 4",
    );
  });
});
