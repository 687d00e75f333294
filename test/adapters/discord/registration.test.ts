// Start-up and registration: login with the Guilds intent only; the slash commands derived from
// the catalogue registered once, and not again when nothing changed. The adapter has no
// command-specific code: a command added to the catalogue (top-level, or as a subcommand of an
// existing group) is registered and answers, and a changed catalogue is registered again.
import { GatewayIntentBits } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { positiveIntegerArgument } from "../../../src/catalogue/arguments.js";
import { defineCommand } from "../../../src/catalogue/command.js";
import { loadLocales } from "../../../src/i18n/translate.js";
import { callbackOf, embedOf } from "./answers.js";
import { type DiscordHarness, moderator, startDiscordHarness } from "./harness.js";

const shout = defineCommand({
  name: "shout",
  summary: "Say something back, louder",
  args: {
    text: {
      description: "what to say",
      example: "hello",
      kind: "text",
      required: true,
      maxLength: 200,
      choices: ["hello", "goodbye"],
      schema: z.string(),
    },
    times: positiveIntegerArgument("times", "how many times", "2", 5),
  },
  role: "moderator",
  mutates: false,
  handle: async ({ text, times }) => ({
    outcome: "info",
    title: Array.from({ length: times }, () => text.toUpperCase()).join(" "),
    visibility: "private",
  }),
});

const countChannels = defineCommand({
  name: "channels count",
  summary: "Count the channel groups",
  args: {},
  role: "moderator",
  mutates: false,
  handle: async (_, { api }) => ({
    outcome: "info",
    title: `${(await api.listChannelGroups()).length} groups`,
    visibility: "private",
  }),
});

const startWithExtras = () =>
  startDiscordHarness({ audit: false, extraCommands: [shout, countChannels] });

// Tests that restart the bot, or start another on the same fake Discord, start a harness of
// their own: a restart logs in again and a second bot replaces the registered commands.
let h: DiscordHarness;
beforeAll(async () => {
  h = await startWithExtras();
});
afterAll(() => h.close());

const commandCalls = (method: string, on: DiscordHarness = h) =>
  on.discord.log.filter((call) => call.method === method && call.path.endsWith("/commands"));

describe("start-up", () => {
  it("logs in through DISCORD_API_URL with the Guilds intent only", () => {
    expect(h.discord.calls[0]?.path).toBe("/gateway/bot");
    expect(h.discord.gateway.identifies).toEqual([GatewayIntentBits.Guilds]);
    expect(h.adapter.client.isReady()).toBe(true);
    expect(h.adapter.client.options.allowedMentions).toEqual({ parse: [] });
  });

  it("registers every catalogue command with the guild", () => {
    expect(commandCalls("PUT")).toHaveLength(1);
    expect(
      h.discord
        .commands()
        .map((command) => command.name)
        .sort(),
    ).toEqual([
      "announce",
      "badwords",
      "ban",
      "bans",
      "channels",
      "dismiss",
      "filter",
      "help",
      "history",
      "report",
      "reports",
      "shout",
      "stats",
      "take",
      "unban",
    ]);
    const channels = h.discord.commands().find((command) => command.name === "channels");
    expect(channels?.options?.map((option) => option.name)).toEqual([
      "create",
      "delete",
      "list",
      "count",
    ]);
  });

  it("registers again a guild whose commands have no Korean names yet (registered before them)", async () => {
    await loadLocales(["ko"]);
    const own = await startWithExtras();
    try {
      // What an older chatwarden left in the guild: the same commands, no localizations.
      for (const command of own.discord.commands()) {
        delete command.name_localizations;
        delete command.description_localizations;
        for (const option of command.options ?? []) delete option.name_localizations;
      }
      await own.restart();
      expect(commandCalls("PUT", own)).toHaveLength(2);
      // Listed with their dictionaries, which Discord gives only when asked.
      expect(
        commandCalls("GET", own).every((call) => call.query.get("with_localizations") === "true"),
      ).toBe(true);
      const ban = own.discord.commands().find((command) => command.name === "ban");
      expect(ban?.name_localizations).toEqual({ ko: "채팅금지" });
      await own.restart();
      expect(commandCalls("PUT", own)).toHaveLength(2);
    } finally {
      await own.close();
    }
  });

  it("does not register again when nothing changed", async () => {
    const own = await startWithExtras();
    try {
      await own.restart();
      expect(commandCalls("GET", own)).toHaveLength(2);
      expect(commandCalls("PUT", own)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe("a command added to the catalogue", () => {
  it("is registered with its options, bounds and choices", () => {
    const registered = h.discord.commands().find((command) => command.name === "shout");
    expect(registered).toMatchObject({
      description: "Say something back, louder",
      default_member_permissions: "8192",
      options: [
        {
          name: "text",
          type: 3,
          required: true,
          max_length: 200,
          choices: [
            { name: "hello", value: "hello" },
            { name: "goodbye", value: "goodbye" },
          ],
        },
        { name: "times", type: 4, required: true, min_value: 1, max_value: 5 },
      ],
    });
  });

  it("works", async () => {
    const sent = h.discord.slash(moderator, "shout", { text: "hello", times: 2 });
    expect(callbackOf(await sent.callback()).ephemeral).toBe(true);
    expect(embedOf(await sent.edit()).title).toBe("HELLO HELLO");
    const counted = h.discord.slash(moderator, "channels count");
    expect(embedOf(await counted.edit()).title).toMatch(/^\d+ groups$/);
  });

  it("a changed catalogue is registered again on the next start", async () => {
    const own = await startWithExtras();
    try {
      expect(commandCalls("PUT", own)).toHaveLength(1);
      const plain = await startDiscordHarness({ audit: false, discord: own.discord });
      expect(commandCalls("PUT", own)).toHaveLength(2);
      expect(own.discord.commands().some((command) => command.name === "shout")).toBe(false);
      await plain.close();
    } finally {
      await own.close();
    }
  });
});
