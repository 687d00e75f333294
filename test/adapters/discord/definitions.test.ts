// Slash-command definitions derived from the real catalogue, and the comparison that decides
// whether they need registering again.
import { PermissionFlagsBits, ApplicationCommandOptionType as Type } from "discord.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { commandDefinitions } from "../../../adapters/discord/definitions.js";
import { sameCommands } from "../../../adapters/discord/registration.js";
import { checkedCatalogue } from "../../../src/catalogue/catalogue.js";
import { defineCommand } from "../../../src/catalogue/command.js";
import { DeclarationError } from "../../../src/catalogue/declaration-rules.js";
import { createCatalogue } from "../../../src/command-list.js";
import { checkCommands } from "../../fakes/discord/command-check.js";

const settings = {
  maxBanDays: 3650,
  confirmBanDaysOver: 30,
  requireReason: false,
  chatTimeZone: "UTC",
};
const definitions = commandDefinitions(createCatalogue(settings));
const byName = (name: string) => {
  const found = definitions.find((definition) => definition.name === name);
  if (!found) throw new Error(`no /${name}`);
  return found;
};

describe("commandDefinitions", () => {
  it("passes Discord's checks", () => {
    expect(checkCommands(definitions).problems).toEqual([]);
  });

  it("maps argument kinds to option types, with bounds, autocomplete and required first", () => {
    expect(byName("ban").options).toEqual([
      {
        name: "gamer_id",
        description: "the player to ban: a gamer_id, or a name the bot has seen",
        required: true,
        type: Type.String,
        // A name may be longer than an id.
        max_length: 100,
        autocomplete: true,
      },
      // days is a string so that 3d and 2w work; the bounds are in the description.
      {
        name: "days",
        description: "ban length in days, 1 to 3650 (3, 3d, 3 days, 2w or 2 weeks)",
        required: true,
        type: Type.String,
      },
      {
        name: "reason",
        description: "why, for the case record and the audit channel",
        required: false,
        type: Type.String,
        max_length: 500,
      },
    ]);
    const create = byName("channels").options?.find((option) => option.name === "create");
    expect(create).toMatchObject({
      type: Type.Subcommand,
      options: [
        { name: "group", type: Type.String, required: true, autocomplete: true },
        { name: "name", type: Type.String, required: true, autocomplete: true },
        { name: "max_count", type: Type.Integer, required: true, min_value: 1, max_value: 100_000 },
        { name: "default", type: Type.Boolean, required: false },
      ],
    });
    const add = byName("badwords").options?.find((option) => option.name === "add");
    expect(add).toMatchObject({
      options: [{ name: "language" }, { name: "words", type: Type.String, required: true }],
    });
  });

  it("says how the one words field is read: commas, or spaces and quotes", () => {
    for (const sub of ["add", "remove"]) {
      const group = byName("badwords").options?.find((option) => option.name === sub);
      const words =
        group && "options" in group
          ? group.options?.find((option) => option.name === "words")
          : undefined;
      expect(words?.description).toBe(
        'words or phrases, e.g. scam, gold seller or scam "gold seller" (with no comma, spaces separate)',
      );
      expect(words?.description.length).toBeLessThanOrEqual(100);
    }
  });

  it("shows commands by role: help to all, moderator commands to Manage Messages, admin-only groups to Manage Server", () => {
    expect(byName("help").default_member_permissions).toBeNull();
    expect(byName("ban").default_member_permissions).toBe(
      PermissionFlagsBits.ManageMessages.toString(),
    );
    // channels list is for moderators, so the group is visible to them; create is refused by the bot.
    expect(byName("channels").default_member_permissions).toBe(
      PermissionFlagsBits.ManageMessages.toString(),
    );
    const adminOnly = commandDefinitions(
      checkedCatalogue([
        defineCommand({
          name: "config set",
          summary: "s",
          args: {},
          role: "admin",
          mutates: true,
          handle: async () => ({ outcome: "info", title: "", visibility: "private" }),
        }),
      ]),
    );
    expect(adminOnly[0]?.default_member_permissions).toBe(
      PermissionFlagsBits.ManageGuild.toString(),
    );
  });

  /** A one-argument command: the catalogue's rules check both names. */
  const declared = (name: string, argument: string, description = "d") =>
    defineCommand({
      name,
      summary: "s",
      args: {
        [argument]: { description, example: "e", kind: "text", required: true, schema: z.string() },
      },
      role: "anyone",
      mutates: false,
      handle: async () => ({ outcome: "info", title: "", visibility: "private" }),
    });

  it("cuts option descriptions to Discord's 100 characters (the catalogue allows 2000)", () => {
    const [long] = commandDefinitions(
      checkedCatalogue([declared("long", "note", "d".repeat(300))]),
    );
    expect(long?.options?.[0]?.description).toHaveLength(100);
  });

  it("cannot be handed a name Discord would refuse: every catalogue is checked", () => {
    expect(() => checkedCatalogue([declared("Bad Name!", "x")])).toThrow(DeclarationError);
    expect(() => checkedCatalogue([declared("x", "Two Words")])).toThrow(
      /argument name "Two Words"/,
    );
  });
});

describe("sameCommands", () => {
  it("ignores what Discord adds and the defaults it fills in, and sees any real change", () => {
    const asDiscordReturnsThem = definitions.map((definition) => ({
      ...definition,
      id: "1",
      version: "2",
      application_id: "3",
      nsfw: false,
      description_localizations: null,
      options: definition.options?.map((option) => ({ ...option, name_localizations: null })),
    }));
    expect(sameCommands(asDiscordReturnsThem.reverse(), definitions)).toBe(true);
    const changed = definitions.map((definition) =>
      definition.name === "ban" ? { ...definition, description: "Ban someone" } : definition,
    );
    expect(sameCommands(changed, definitions)).toBe(false);
    expect(sameCommands(definitions.slice(1), definitions)).toBe(false);
  });
});
