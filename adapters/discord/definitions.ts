// The slash commands, derived from the catalogue and nothing else: a command named `ban` becomes
// /ban; commands named `channels list`, `channels create` become /channels with subcommands.
// Options come from the argument declarations (command-options.ts), required ones first as
// Discord demands. Adding a command to the catalogue adds it here with no change in this folder.
import {
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandSubcommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import type { Catalogue } from "../../src/catalogue/catalogue.js";
import type { AnyCommand } from "../../src/catalogue/command.js";
import { ROLES_LOW_TO_HIGH, type Role } from "../../src/moderation/roles.js";
import { checkName, commandOption } from "./command-options.js";
import { LIMITS } from "./limits.js";
import { cut } from "./text.js";

export type CommandDefinition = RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * Who sees a command in Discord's picker before a server admin changes it under Server Settings
 * → Integrations. It only hides; the bot itself checks DISCORD_*_ROLE_IDS on every use.
 * Chat moderators usually hold Manage Messages, server admins Manage Server.
 */
const VISIBLE_TO: Record<Role, bigint | null> = {
  anyone: null,
  moderator: PermissionFlagsBits.ManageMessages,
  admin: PermissionFlagsBits.ManageGuild,
};

export function commandDefinitions(catalogue: Catalogue): CommandDefinition[] {
  return catalogue.topLevelNames().map((name) => {
    const command = catalogue.find(name);
    if (command && !catalogue.isGroup(name)) return topLevel(name, command);
    if (command) {
      // Only a catalogue built without createCatalogue's checks can hold both.
      throw new Error(`"${name}" clashes with the subcommands of "${name}" on Discord`);
    }
    return withSubcommands(name, catalogue);
  });
}

function topLevel(name: string, command: AnyCommand): CommandDefinition {
  return {
    type: ApplicationCommandType.ChatInput,
    name: checkName(name, "command"),
    description: cut(command.summary, LIMITS.commandDescription),
    options: options(command),
    default_member_permissions: permissionsFor(command.role),
  };
}

/**
 * A group's visibility follows its least demanding subcommand, so moderators see
 * `/channels list` and the bot refuses them `/channels create` itself.
 */
function withSubcommands(group: string, catalogue: Catalogue): CommandDefinition {
  const members = catalogue.subcommandsOf(group);
  const subcommands = members.map(
    ({ word, command }): APIApplicationCommandSubcommandOption => ({
      type: ApplicationCommandOptionType.Subcommand,
      name: checkName(word, "subcommand"),
      description: cut(command.summary, LIMITS.commandDescription),
      options: options(command),
    }),
  );
  const commands = members.map(({ command }) => command);
  const lowest =
    ROLES_LOW_TO_HIGH.find((role) => commands.some((command) => command.role === role)) ?? "admin";
  return {
    type: ApplicationCommandType.ChatInput,
    name: checkName(group, "command"),
    description: cut(
      `${group}: ${subcommands.map((sub) => sub.name).join(", ")}`,
      LIMITS.commandDescription,
    ),
    options: subcommands,
    default_member_permissions: permissionsFor(lowest),
  };
}

function options(command: AnyCommand): APIApplicationCommandBasicOption[] {
  const declared = Object.entries(command.args);
  if (declared.length > LIMITS.optionsPerCommand) {
    throw new Error(`${command.name} has more than ${LIMITS.optionsPerCommand} arguments`);
  }
  // Discord refuses a required option after an optional one; the sort keeps declared order.
  const ordered = [
    ...declared.filter(([, spec]) => spec.required),
    ...declared.filter(([, spec]) => !spec.required),
  ];
  return ordered.map(([name, spec]) => commandOption(name, spec));
}

function permissionsFor(role: Role): string | null {
  const bits = VISIBLE_TO[role];
  return bits === null ? null : bits.toString();
}
