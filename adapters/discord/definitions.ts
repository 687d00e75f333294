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
import { type AnyCommand, type Catalogue, ROLES_LOW_TO_HIGH, type Role } from "../../src/index.js";
import { commandOption } from "./command-options.js";
import { LIMITS } from "./limits.js";
import { cut, plainLine } from "./text.js";

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
  // The catalogue's rules refuse a name that is both a command and a group.
  return catalogue.topLevelNames().map((name) => {
    const command = catalogue.find(name);
    return command ? topLevel(name, command) : withSubcommands(name, catalogue);
  });
}

function topLevel(name: string, command: AnyCommand): CommandDefinition {
  return {
    type: ApplicationCommandType.ChatInput,
    name,
    description: cut(plainLine(command.summary), LIMITS.commandDescription),
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
      name: word,
      description: cut(plainLine(command.summary), LIMITS.commandDescription),
      options: options(command),
    }),
  );
  const commands = members.map(({ command }) => command);
  const lowest =
    ROLES_LOW_TO_HIGH.find((role) => commands.some((command) => command.role === role)) ?? "admin";
  return {
    type: ApplicationCommandType.ChatInput,
    name: group,
    description: cut(
      plainLine(`${group}: ${subcommands.map((sub) => sub.name).join(", ")}`),
      LIMITS.commandDescription,
    ),
    options: subcommands,
    default_member_permissions: permissionsFor(lowest),
  };
}

function options(command: AnyCommand): APIApplicationCommandBasicOption[] {
  // At most 25, as Discord allows: the catalogue's rules refuse more.
  const declared = Object.entries(command.args);
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
