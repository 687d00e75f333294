// The slash commands, derived from the catalogue and nothing else: a command named `ban` becomes
// /ban; commands named `channels list`, `channels create` become /channels with subcommands.
// Options come from the argument declarations (command-options.ts), required ones first as
// Discord demands. Adding a command to the catalogue adds it here with no change in this folder.
//
// Every command, subcommand, option and choice carries its Korean name and description
// (`name_localizations`, `description_localizations`: { ko }), so a Korean client shows Korean
// commands while the command itself stays the word it is (interactions name it in English).
// https://discord.com/developers/docs/interactions/application-commands#localization: the keys
// are Discord's locales (`ko`), each name follows the naming rule of names and each description
// the 1-100 characters of descriptions. The names come from the catalogue (`slash.*`), the
// descriptions are the catalogue's summaries and argument descriptions read in Korean.
import {
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandSubcommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import {
  type AnyCommand,
  type ArgumentSpec,
  type Catalogue,
  catalogued,
  localizedWord,
  PLAIN_PRESENTATION,
  type Presentation,
  presenting,
  ROLES_LOW_TO_HIGH,
  type Role,
  t,
} from "../../src/index.js";
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

/** Discord's locale for each language chatwarden speaks besides English (its default). */
const LOCALIZED: readonly { discord: "ko"; presentation: Presentation }[] = [
  { discord: "ko", presentation: { locale: "ko", timeZone: "UTC" } },
];

type Localizations = Partial<Record<"ko", string>>;

/**
 * `read` in each localized language, where it says something of its own: a language whose
 * catalogue is not loaded reads as English, and English is no localization; nor is a text with a
 * plain string of a declaration in it, partly in English (wording.ts `catalogued`).
 */
function localized(read: () => string | undefined): Localizations {
  const english = presenting(PLAIN_PRESENTATION, read);
  const entries = LOCALIZED.map(({ discord, presentation }) => [
    discord,
    presenting(presentation, () => catalogued(read)),
  ]);
  return Object.fromEntries(entries.filter(([, text]) => text !== undefined && text !== english));
}

/** A command's, subcommand's or option's localized name and description, where it has them. */
function localizedNaming(word: string, description: () => string) {
  return {
    ...field(
      "name_localizations",
      localized(() => localizedWord(word)),
    ),
    ...field(
      "description_localizations",
      localized(() => cut(plainLine(description()), LIMITS.commandDescription)),
    ),
  };
}

/** `{ [name]: localizations }`, or nothing for none. */
function field<Name extends string>(
  name: Name,
  localizations: Localizations,
): Partial<Record<Name, Localizations>> {
  return Object.keys(localizations).length > 0
    ? ({ [name]: localizations } as Record<Name, Localizations>)
    : {};
}

/**
 * The slash commands as Discord registers them. The catalogues of the languages localized
 * (loadLocales) must be loaded first: a language not loaded reads as English.
 */
export function commandDefinitions(catalogue: Catalogue): CommandDefinition[] {
  // English is the default every other client sees, whoever asks for the definitions.
  return presenting(PLAIN_PRESENTATION, () =>
    // The catalogue's rules refuse a name that is both a command and a group.
    catalogue.topLevelNames().map((name) => {
      const command = catalogue.find(name);
      return command ? topLevel(name, command) : withSubcommands(name, catalogue);
    }),
  );
}

function topLevel(name: string, command: AnyCommand): CommandDefinition {
  return {
    type: ApplicationCommandType.ChatInput,
    name,
    description: cut(plainLine(command.summary), LIMITS.commandDescription),
    ...localizedNaming(name, () => command.summary),
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
      ...localizedNaming(word, () => command.summary),
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
    ...localizedNaming(group, () =>
      t("slash.groupDescription", {
        group: localizedWord(group) ?? group,
        subcommands: members.map(({ word }) => localizedWord(word) ?? word).join(", "),
      }),
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
  return ordered.map(([name, spec]) => localizedOption(name, spec));
}

/** The option, its name, description and choices localized too. */
function localizedOption(name: string, spec: ArgumentSpec): APIApplicationCommandBasicOption {
  const option = commandOption(name, spec);
  const naming = localizedNaming(name, () =>
    // One field of words: how it is read, as command-options.ts says it in English.
    spec.kind === "words" ? t("slash.wordsField") : commandOption(name, spec).description,
  );
  if (!("choices" in option) || !option.choices) return { ...option, ...naming };
  const choices = option.choices.map((choice) => ({
    ...choice,
    ...field(
      "name_localizations",
      localized(() => localizedWord(String(choice.value), "choice")),
    ),
  }));
  return { ...option, ...naming, choices } as APIApplicationCommandBasicOption;
}

function permissionsFor(role: Role): string | null {
  const bits = VISIBLE_TO[role];
  return bits === null ? null : bits.toString();
}
