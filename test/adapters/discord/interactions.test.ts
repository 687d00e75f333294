// Autocomplete, forms (a modal derived from a command's arguments), permission denials, chat
// API errors and a chat API slower than Discord's 3 s window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTCOME_COLOURS } from "../../../adapters/discord/render.js";
import { formActionId } from "../../../src/view/form-action.js";
import { shownModalSchema } from "../../fakes/discord/interactions.js";
import type { RecordedCall } from "../../fakes/discord/server.js";
import { callbackOf, EPHEMERAL, embedOf, messageOf, textOf } from "./answers.js";
import { admin, type DiscordHarness, moderator, player, startDiscordHarness } from "./harness.js";

let h: DiscordHarness;
beforeAll(async () => {
  h = await startDiscordHarness({ audit: false });
  const { state } = h.emulator;
  state.createChannel({
    channel_group: "global",
    channel_name: "server-1",
    max_count: 10,
    is_default: true,
  });
  state.createChannel({
    channel_group: "guild-chat",
    channel_name: "guild-1",
    max_count: 10,
    is_default: false,
  });
  state.putBadWords("ko-kr", ["word"], "replace");
  state.ban("banned-1", 3);
  state.ban("10008", 3);
});
afterAll(() => h.close());

const choicesOf = (call: RecordedCall) =>
  (call.body as { data: { choices: { name: string; value: unknown }[] } }).data.choices;

describe("autocomplete", () => {
  it("suggests channel groups, channel names of the group typed, languages and banned players", async () => {
    const groups = h.discord.autocomplete(moderator, "channels list", { group: "gl" }, "group");
    const groupsAnswer = await groups.callback();
    expect(callbackOf(groupsAnswer).type).toBe(8);
    expect(choicesOf(groupsAnswer)).toEqual([{ name: "global", value: "global" }]);

    const names = h.discord.autocomplete(
      admin,
      "channels delete",
      { group: "guild-chat", name: "" },
      "name",
    );
    expect(choicesOf(await names.callback())).toEqual([{ name: "guild-1", value: "guild-1" }]);

    const languages = h.discord.autocomplete(
      moderator,
      "badwords list",
      { language: "ko" },
      "language",
    );
    expect(choicesOf(await languages.callback())).toEqual([{ name: "ko-kr", value: "ko-kr" }]);

    // Typed, as other tests here ban players of their own (the form's gamer-42).
    const banned = h.discord.autocomplete(moderator, "unban", { gamer_id: "banned" }, "gamer_id");
    expect(choicesOf(await banned.callback())).toEqual([{ name: "banned-1", value: "banned-1" }]);
  });

  it("suggests players by the start of a name or an id, shown Name (id) and given as the id", async () => {
    await h.see("10003=ShadowFox", "20017=shadowfox", "10008=MoonWalker", "shadow-9");
    // Names case-insensitively; ids as they are written.
    const shouted = h.discord.autocomplete(moderator, "ban", { gamer_id: "SHAD" }, "gamer_id");
    expect(choicesOf(await shouted.callback())).toHaveLength(2);
    const byName = h.discord.autocomplete(moderator, "ban", { gamer_id: "shad" }, "gamer_id");
    const named = choicesOf(await byName.callback());
    expect(named).toEqual(
      expect.arrayContaining([
        { name: "ShadowFox (10003)", value: "10003" },
        { name: "shadowfox (20017)", value: "20017" },
        { name: "shadow-9", value: "shadow-9" },
      ]),
    );
    expect(named).toHaveLength(3);
    const byId = h.discord.autocomplete(moderator, "history", { gamer_id: "1000" }, "gamer_id");
    expect(choicesOf(await byId.callback())).toEqual([
      { name: "ShadowFox (10003)", value: "10003" },
      { name: "MoonWalker (10008)", value: "10008" },
    ]);
    // unban offers the banned among them (10008), by name too.
    const banned = h.discord.autocomplete(moderator, "unban", { gamer_id: "moon" }, "gamer_id");
    expect(choicesOf(await banned.callback())).toEqual([
      { name: "MoonWalker (10008)", value: "10008" },
    ]);
  });

  it("suggests nothing to someone who may not run the command", async () => {
    const banned = h.discord.autocomplete(player, "unban", { gamer_id: "" }, "gamer_id");
    expect(choicesOf(await banned.callback())).toEqual([]);
  });
});

describe("forms", () => {
  it("a form button opens a modal for the arguments not given, and its submission runs the command", async () => {
    await h.see("gamer-42");
    const customId = formActionId({ command: "ban", args: { gamer_id: "gamer-42" } });
    expect(customId).toBe("cwform:ban?gamer_id=gamer-42");
    const pressed = h.discord.button(moderator, customId ?? "");
    const modal = shownModalSchema.parse((await pressed.callback()).body);
    expect(modal.data.custom_id).toBe(customId);
    expect(modal.data.title).toBe("ban gamer-42");
    expect(
      modal.data.components.map((field) => [field.component.custom_id, field.component.required]),
    ).toEqual([
      ["days", true],
      ["reason", false],
    ]);

    const submitted = h.discord.modalSubmit(moderator, modal.data.custom_id, {
      days: "7d",
      reason: "gold spam",
    });
    expect(callbackOf(await submitted.callback())).toEqual({ type: 5, ephemeral: false });
    const answer = await submitted.edit();
    expect(embedOf(answer).title).toBe("Banned gamer-42 for 7 days");
    expect(textOf(answer)).toContain("gold spam");
  });

  it("a form the presser may not use is refused without a modal", async () => {
    const pressed = h.discord.button(
      player,
      formActionId({ command: "ban", args: { gamer_id: "x" } }) ?? "",
    );
    expect(callbackOf(await pressed.callback())).toEqual({ type: 5, ephemeral: true });
    expect(embedOf(await pressed.edit()).title).toBe("Not allowed");
  });
});

describe("refusals are private; an error after a public deferral keeps a public line", () => {
  it("a player without a configured role is denied, privately", async () => {
    const sent = h.discord.slash(player, "ban", { gamer_id: "gamer-5", days: "1" });
    expect(callbackOf(await sent.callback())).toEqual({ type: 5, ephemeral: true });
    const answer = await sent.edit();
    expect(embedOf(answer).title).toBe("Not allowed");
    expect(embedOf(answer).color).toBe(OUTCOME_COLOURS.denied);
    expect(h.emulator.state.listBans().some((ban) => ban.gamer_id === "gamer-5")).toBe(false);
  });

  it("a moderator running an admin command is denied, privately", async () => {
    const sent = h.discord.slash(moderator, "channels create", {
      group: "g",
      name: "n",
      max_count: 5,
    });
    expect(callbackOf(await sent.callback()).ephemeral).toBe(true);
    expect(embedOf(await sent.edit()).description).toContain("needs the admin role");
  });

  it("a chat API error on a public command: the channel reads that it failed, the invoker why", async () => {
    await h.see("gamer-err");
    h.emulator.faults.add({
      method: "PUT",
      path: "/block_user_chat",
      respond: { status: 500, body: "<html>proxy error</html>", contentType: "text/html" },
      times: 5,
    });
    const sent = h.discord.slash(moderator, "ban", { gamer_id: "gamer-err", days: "1" });
    expect(callbackOf(await sent.callback()).ephemeral).toBe(false);
    // The loading message, public, is resolved first into a short line; only then does a
    // follow-up make a message of its own, which can be private.
    const line = await sent.edit();
    expect(embedOf(line).title).toBe("ban failed");
    expect(embedOf(line).description).toBe("Only the moderator who ran the command can see why.");
    expect(sent.original()?.flags).toBe(0);
    const answer = await sent.followUp(line.seq);
    expect(messageOf(answer).flags).toBe(EPHEMERAL);
    expect(embedOf(answer).title).toBe("ban failed");
    expect(embedOf(answer).color).toBe(OUTCOME_COLOURS.error);
    expect(sent.answers().map((message) => message.flags)).toEqual([0, EPHEMERAL]);
    h.emulator.faults.clear();
  });
});

describe("a chat API slower than Discord's 3 s", () => {
  it("is deferred at once, and the deferred reply is edited with the result", async () => {
    h.emulator.faults.add({ method: "GET", path: "/block_user_list", latencyMs: 3500 });
    const sent = h.discord.slash(moderator, "bans");
    const callback = await sent.callback();
    // The fake refuses a callback after 3 s as Discord does; this one was accepted.
    expect(callback.status).toBe(204);
    expect(callbackOf(callback)).toEqual({ type: 5, ephemeral: true });
    expect(sent.calls().filter((call) => call.method === "PATCH")).toEqual([]);
    const answer = await sent.edit(callback.seq);
    expect(answer.status).toBe(200);
    expect(textOf(answer)).toContain("banned-1");
  });
});
