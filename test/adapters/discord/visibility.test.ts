// Who sees each answer, judged by what Discord shows and not by the flags the bot asked for:
// the fake applies the first follow-up after a deferral to the loading message, keeping the
// deferral's visibility, as Discord does (test/fakes/discord/rest.ts). So the audience is chosen
// when deferring: questions, refusals and argument errors privately, results of changes
// publicly. An answer for the other audience (a chat API error after a public deferral, a
// question only the API's state brings up) first resolves the loading message into a line, then
// follows up as a message of its own; a failure's public line stays, any other line goes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTCOME_COLOURS } from "../../../adapters/discord/render.js";
import { defineCommand } from "../../../src/catalogue/command.js";
import type { OptionValues } from "../../fakes/discord/interactions.js";
import type { FakeMessage, FakeUser } from "../../fakes/discord/server.js";
import { buttonId, callbackOf, EPHEMERAL, embedOf, textOf } from "./answers.js";
import { admin, type DiscordHarness, moderator, player, startDiscordHarness } from "./harness.js";

// Two commands whose answer goes to the other audience than the one the deferral chose, as a
// confirmation that depends on the chat API's state would (the arguments cannot foretell it).
const askingLate = defineCommand({
  name: "asklate",
  summary: "A change whose answer turns out to be a private question",
  args: {},
  role: "moderator",
  mutates: true,
  handle: async () => ({
    outcome: "confirm",
    title: "Please confirm",
    description: "Only now is it clear that this needs a second yes.",
    visibility: "private",
  }),
});
const announcing = defineCommand({
  name: "showall",
  summary: "A look-up whose answer is for the channel",
  args: {},
  role: "moderator",
  mutates: false,
  handle: async () => ({ outcome: "info", title: "For everyone", visibility: "public" }),
});

let h: DiscordHarness;
beforeAll(async () => {
  h = await startDiscordHarness({ audit: false, extraCommands: [askingLate, announcing] });
});
afterAll(() => h.close());

const isPrivate = (message: FakeMessage | undefined) =>
  message !== undefined && (message.flags & EPHEMERAL) !== 0;
const inChannel = (id: string | undefined) =>
  h.discord.channelMessages(h.discord.channelId).some((message) => message.id === id);
const titled = (title: string) =>
  h.discord
    .channelMessages(h.discord.channelId)
    .filter((message) => JSON.stringify(message.embeds).includes(JSON.stringify(title)));

interface Confirmed {
  what: string;
  user: FakeUser;
  command: string;
  values: OptionValues;
  /** How the result's title begins. */
  result: string;
  prepare: () => void;
  done: () => void;
}

describe("a confirmation is shown only to the invoker, and can be confirmed", () => {
  it.each<Confirmed>([
    {
      what: "a ban longer than CONFIRM_BAN_DAYS_OVER",
      user: moderator,
      command: "ban",
      values: { gamer_id: "long-ban", days: 400 },
      result: "Banned long-ban for 400 days",
      prepare: () => {},
      done: () => expect(h.emulator.state.runningBan("long-ban")?.count).toBe(1),
    },
    {
      what: "a channel deletion",
      user: admin,
      command: "channels delete",
      values: { group: "global", name: "doomed-1" },
      result: "Deleted channel doomed-1 of global",
      prepare: () => {
        h.emulator.state.createChannel({
          channel_group: "global",
          channel_name: "doomed-1",
          max_count: 10,
          is_default: false,
        });
      },
      done: () =>
        expect(h.emulator.state.listChannels("global").map((c) => c.channel_name)).not.toContain(
          "doomed-1",
        ),
    },
    {
      what: "a removal of filtered words",
      user: admin,
      command: "badwords remove",
      values: { language: "en-gb", words: "scam" },
      result: "Removed 1 word from the en-gb filter",
      prepare: () => {
        h.emulator.state.putBadWords("en-gb", ["scam", "spam"], "replace");
      },
      done: () =>
        expect(
          h.emulator.state.listBadWords().find((entry) => entry.language === "en-gb")?.filters,
        ).toEqual(["spam"]),
    },
  ])("$what", async ({ user, command, values, result, prepare, done }) => {
    prepare();
    const sent = h.discord.slash(user, command, values);
    const question = await sent.answer();
    expect(embedOf(question).title).toBe("Please confirm");
    // What Discord shows: the deferred reply became the question, and only the invoker sees it.
    const shown = sent.original();
    expect(isPrivate(shown)).toBe(true);
    expect(inChannel(shown?.id)).toBe(false);

    const pressed = h.discord.button(user, buttonId(question, "Confirm"), { id: shown?.id });
    expect(callbackOf(await pressed.callback()).type).toBe(6);
    const answer = await pressed.followUp();
    expect(embedOf(answer).title.startsWith(result)).toBe(true);
    // The result is for the channel; the answered question goes.
    expect(titled(embedOf(answer).title)).toHaveLength(1);
    await pressed.deleted();
    expect(h.discord.message(shown?.id ?? "")).toBeUndefined();
    done();
    // The question was never shown to the channel, nor deleted from under the invoker.
    expect(sent.calls().filter((call) => call.method === "DELETE")).toEqual([]);
  });
});

describe("an error after a public deferral", () => {
  it("leaves a short public line in place of the loading message, and the detail goes to the invoker only", async () => {
    await h.see("gamer-err");
    h.emulator.faults.add({
      method: "PUT",
      path: "/block_user_chat",
      respond: { status: 500, body: "<html>proxy error</html>", contentType: "text/html" },
      times: 5,
    });
    const sent = h.discord.slash(moderator, "ban", { gamer_id: "gamer-err", days: "1" });
    // A ban that will run is deferred publicly: the channel sees "chatwarden is thinking…".
    expect(callbackOf(await sent.callback())).toEqual({ type: 5, ephemeral: false });

    const line = await sent.answer();
    expect(line.method).toBe("PATCH");
    expect(embedOf(line)).toMatchObject({
      title: "ban failed",
      description: "Only the moderator who ran the command can see why.",
      color: OUTCOME_COLOURS.error,
    });
    const original = sent.original();
    expect(isPrivate(original)).toBe(false);
    expect(inChannel(original?.id)).toBe(true);

    const detail = await sent.followUp(line.seq);
    expect(embedOf(detail).title).toBe("ban failed");
    expect(textOf(detail)).toContain("chat API");
    // The loading message was resolved first, so the detail is a new message, and private.
    const [publicLine, privateDetail, ...more] = sent.answers();
    expect(more).toEqual([]);
    expect(publicLine?.id).toBe(original?.id);
    expect(isPrivate(privateDetail)).toBe(true);
    expect(JSON.stringify(privateDetail?.embeds)).toContain("chat API");
    expect(sent.calls().filter((call) => call.method === "DELETE")).toEqual([]);
    expect(h.emulator.state.runningBan("gamer-err")).toBeUndefined();
    h.emulator.faults.clear();
  });
});

describe("refusals and argument errors are private from the start", () => {
  it.each([
    { what: "a player without a role", user: player, values: { gamer_id: "p-1", days: "1" } },
    {
      what: "days out of range",
      user: moderator,
      values: { gamer_id: "p-2", days: "9999" },
    },
  ])("$what: deferred privately, answered in place", async ({ user, values }) => {
    const sent = h.discord.slash(user, "ban", values);
    expect(callbackOf(await sent.callback())).toEqual({ type: 5, ephemeral: true });
    const answer = await sent.answer();
    expect(answer.method).toBe("PATCH");
    expect(["Not allowed", "Invalid arguments for ban"]).toContain(embedOf(answer).title);
    expect(isPrivate(sent.original())).toBe(true);
    expect(inChannel(sent.original()?.id)).toBe(false);
    expect(h.emulator.state.runningBan(values.gamer_id)).toBeUndefined();
  });

  it("an admin command run by a moderator", async () => {
    const sent = h.discord.slash(moderator, "channels delete", { group: "global", name: "x" });
    expect(callbackOf(await sent.callback()).ephemeral).toBe(true);
    expect(embedOf(await sent.answer()).color).toBe(OUTCOME_COLOURS.denied);
    expect(isPrivate(sent.original())).toBe(true);
  });
});

describe("an answer for the other audience than the deferral's", () => {
  it("a question only the chat API's state brings up: a passing public line, then the question privately", async () => {
    const sent = h.discord.slash(moderator, "asklate");
    expect(callbackOf(await sent.callback()).ephemeral).toBe(false);
    const line = await sent.answer();
    expect(line.method).toBe("PATCH");
    expect(embedOf(line).title).toBe("Waiting for a confirmation");
    const question = await sent.followUp(line.seq);
    expect(embedOf(question).title).toBe("Please confirm");
    // The line only held the place: once the question is delivered, it goes.
    await sent.deleted();
    const [privateQuestion, ...more] = sent.answers();
    expect(more).toEqual([]);
    expect(isPrivate(privateQuestion)).toBe(true);
    expect(JSON.stringify(privateQuestion?.embeds)).toContain("second yes");
  });

  it("a re-ban that would end a running ban sooner is asked privately, and Confirm bans", async () => {
    h.emulator.state.ban("reban-1", 100);
    const sent = h.discord.slash(moderator, "ban", { gamer_id: "reban-1", days: 3 });
    const line = await sent.answer();
    const question = await sent.followUp(line.seq);
    expect(embedOf(question).title).toBe("Please confirm");
    await sent.deleted();
    const [shown, ...more] = sent.answers();
    expect(more).toEqual([]);
    expect(isPrivate(shown)).toBe(true);

    const pressed = h.discord.button(moderator, buttonId(question, "Confirm"), shown);
    const result = await pressed.followUp();
    expect(embedOf(result).title).toMatch(/^Banned reban-1 for 3 days/);
    expect(titled(embedOf(result).title)).toHaveLength(1);
    await pressed.deleted();
  });

  it("public after a private deferral: the answer goes to the channel, the private placeholder goes", async () => {
    const sent = h.discord.slash(moderator, "showall");
    expect(callbackOf(await sent.callback()).ephemeral).toBe(true);
    const line = await sent.answer();
    expect(line.method).toBe("PATCH");
    const answer = await sent.followUp(line.seq);
    expect(embedOf(answer).title).toBe("For everyone");
    await sent.deleted();
    const [only, ...more] = sent.answers();
    expect(more).toEqual([]);
    expect(inChannel(only?.id)).toBe(true);
    expect(titled("For everyone")).toHaveLength(1);
  });
});
