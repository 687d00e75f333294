// The Catalogue type: the one place command names are read as groups and subcommands. Every
// surface asks it, so a command added as an extra shows up on each with no other edit.
import { describe, expect, it } from "vitest";
import { commandCompleter } from "../../adapters/console/completion.js";
import { commandHelpText, usageText } from "../../adapters/console/usage.js";
import { commandDefinitions } from "../../adapters/discord/definitions.js";
import { slackManifest } from "../../adapters/slack/manifest.js";
import { planSlashCommand, slashCommandNames } from "../../adapters/slack/parse.js";
import { usageView } from "../../adapters/slack/usage.js";
import { gamerIdArgument, positiveIntegerArgument } from "../../src/catalogue/arguments.js";
import { defineCommand } from "../../src/catalogue/command.js";
import { parseCommandText } from "../../src/catalogue/text-parser.js";
import { createCatalogue } from "../../src/command-list.js";
import { helpView } from "../../src/commands/help.js";
import { operatorActor } from "../../src/moderation/roles.js";

const settings = {
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
};

/** A new group of two subcommands, declared as a contributor would in one file. */
const muteCommands = [
  defineCommand({
    name: "mute add",
    summary: "Mute a player for some minutes",
    args: {
      gamer_id: gamerIdArgument("the player to mute"),
      minutes: positiveIntegerArgument("minutes", "how long, in minutes", "30", 1440),
    },
    role: "moderator",
    mutates: true,
    async handle({ gamer_id, minutes }) {
      return {
        outcome: "success",
        title: `Muted ${gamer_id} for ${minutes}`,
        visibility: "public",
      };
    },
  }),
  defineCommand({
    name: "mute list",
    summary: "List the muted players",
    args: {},
    role: "moderator",
    mutates: false,
    async handle() {
      return { outcome: "info", title: "Muted players", visibility: "private" };
    },
  }),
];

const catalogue = createCatalogue(settings);
const extended = createCatalogue(settings, muteCommands);

describe("Catalogue", () => {
  it("finds a command by its full name or by the words that name it", () => {
    expect(catalogue.find("ban")?.name).toBe("ban");
    expect(catalogue.find("channels delete")?.name).toBe("channels delete");
    expect(catalogue.findPath(["channels", "delete"])?.name).toBe("channels delete");
    expect(catalogue.findPath(["ban"])?.name).toBe("ban");
    expect(catalogue.find("channels")).toBeUndefined();
    expect(catalogue.findPath(["channels", "rename"])).toBeUndefined();
  });

  it("lists the top-level names in catalogue order, each once", () => {
    expect(catalogue.topLevelNames()).toEqual([
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
      "stats",
      "take",
      "unban",
    ]);
  });

  it("knows the groups and their subcommands, and which group a command is in", () => {
    expect(catalogue.groups()).toEqual(["badwords", "channels"]);
    expect(catalogue.isGroup("channels")).toBe(true);
    expect(catalogue.isGroup("ban")).toBe(false);
    expect(catalogue.subcommandsOf("channels").map(({ word }) => word)).toEqual([
      "create",
      "delete",
      "list",
    ]);
    expect(catalogue.subcommandsOf("channels")[1]?.command.name).toBe("channels delete");
    expect(catalogue.subcommandsOf("ban")).toEqual([]);
    expect(catalogue.groupOf("badwords add")).toBe("badwords");
    expect(catalogue.groupOf("ban")).toBeUndefined();
  });

  it("names what help explains: one command, a whole group, or nothing", () => {
    const names = (wanted: string) => catalogue.commandsNamed(wanted).map(({ name }) => name);
    expect(names("ban")).toEqual(["ban"]);
    expect(names(" Channels ")).toEqual(["channels create", "channels delete", "channels list"]);
    expect(names("channels list")).toEqual(["channels list"]);
    expect(names("frobnicate")).toEqual([]);
  });

  it("gives usage and form fields from the declarations", () => {
    const ban = catalogue.find("ban");
    if (!ban) throw new Error("no ban");
    expect(catalogue.usageOf(ban)).toBe("ban <gamer_id> <days> [--reason R]");
    expect(catalogue.formFields(ban, { gamer_id: "gamer-42" }).map(([name]) => name)).toEqual([
      "days",
      "reason",
    ]);
    // Arguments read as plain specs: no cast between the catalogue and a surface.
    expect(ban.args.days?.kind).toBe("days");
  });

  it("holds a copy: changing the list it was built from changes nothing", () => {
    const commands = [...muteCommands];
    const built = createCatalogue(settings, commands);
    commands.pop();
    expect(built.find("mute list")).toBeDefined();
    expect(Object.isFrozen(built.all)).toBe(true);
  });
});

describe("a command added as an extra", () => {
  it("is in the catalogue's answers", () => {
    expect(extended.all.slice(-2).map(({ name }) => name)).toEqual(["mute add", "mute list"]);
    expect(extended.topLevelNames().at(-1)).toBe("mute");
    expect(extended.groups()).toEqual(["badwords", "channels", "mute"]);
    expect(extended.subcommandsOf("mute").map(({ word }) => word)).toEqual(["add", "list"]);
  });

  it("is a Discord slash command with its subcommands", () => {
    const mute = commandDefinitions(extended).find((definition) => definition.name === "mute");
    expect(mute?.options?.map((option) => option.name)).toEqual(["add", "list"]);
  });

  it("is a Slack slash command, read and explained like the built-in ones", () => {
    expect(slashCommandNames(extended)).toContain("mute");
    expect(slackManifest(extended, { mode: "socket" })).toContain("command: /mute");
    expect(planSlashCommand("mute", "add gamer-7 30", extended)).toEqual({
      kind: "run",
      command: "mute add",
      args: { gamer_id: "gamer-7", minutes: "30" },
    });
    const usage = usageView(extended, { slash: "mute", group: "mute" });
    expect(usage.fields?.map(({ label }) => label)).toEqual([
      "/mute add <gamer_id> <minutes>",
      "/mute list",
    ]);
  });

  it("is typed, completed and explained in the console and the one-shot CLI", () => {
    const parsed = parseCommandText("mute add gamer-7 30", extended);
    expect(parsed.ok && parsed.command.name).toBe("mute add");
    const complete = commandCompleter(extended);
    expect(complete("mu")).toEqual([["mute "], "mu"]);
    expect(complete("mute l")).toEqual([["list "], "l"]);
    expect(usageText(extended)).toContain("mute add <gamer_id> <minutes>");
    expect(commandHelpText(extended, "mute")).toContain("chatwarden mute list");
    const help = helpView(extended, operatorActor("cli"), "mute");
    expect(help.fields?.map(({ label }) => label)).toEqual([
      "mute add <gamer_id> <minutes>",
      "mute list",
    ]);
  });

  it("is not in a catalogue built without it", () => {
    expect(catalogue.find("mute add")).toBeUndefined();
    expect(slashCommandNames(catalogue)).not.toContain("mute");
    expect(parseCommandText("mute list", catalogue)).toMatchObject({ ok: false });
  });
});
