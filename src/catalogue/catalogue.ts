// The catalogue: the commands the bot has, in the order help lists them, and the one place names
// are read as groups and subcommands. Which commands there are is src/command-list.ts's business;
// every declaration is checked here (declaration-rules.ts) when a catalogue is built, so a bad
// one fails at start-up and in tests, on no platform.
import type { ArgumentSpec } from "./arguments.js";
import { type AnyCommand, type CommandIndex, splitName } from "./command.js";
import { checkCatalogue } from "./declaration-rules.js";
import { formArguments, usageOf } from "./parse-arguments.js";

/**
 * The catalogue of these commands, after checking every declaration. Throws a DeclarationError
 * naming each bad declaration and the rule it breaks.
 */
export function checkedCatalogue(commands: readonly AnyCommand[]): Catalogue {
  return Catalogue.checked(commands);
}

/**
 * The commands and every question about them that more than one surface asks: which command a
 * name or typed words mean, which top-level names there are (a slash command each on Slack and
 * Discord, a first word in a terminal), which of them are groups of subcommands, and what a form
 * or a usage line shows. Adapters ask it rather than split names themselves.
 *
 * Every Catalogue is checked: the constructor is private and `checked` runs the declaration rules
 * first. So an adapter holding one need not defend itself against a name its platform refuses,
 * too many arguments or a command that is also a group: the rules are the strictest platform's.
 */
export class Catalogue implements CommandIndex {
  readonly all: readonly AnyCommand[];
  private readonly byName: ReadonlyMap<string, AnyCommand>;
  /** Each top-level name with the commands under it, in catalogue order. */
  private readonly byTopLevel: ReadonlyMap<string, readonly AnyCommand[]>;

  /** The catalogue of these commands; throws a DeclarationError naming each bad declaration. */
  static checked(commands: readonly AnyCommand[]): Catalogue {
    checkCatalogue(commands);
    return new Catalogue(commands);
  }

  private constructor(commands: readonly AnyCommand[]) {
    this.all = Object.freeze([...commands]);
    this.byName = new Map(this.all.map((command) => [command.name, command]));
    const byTopLevel = new Map<string, AnyCommand[]>();
    for (const command of this.all) {
      const { group } = splitName(command.name);
      byTopLevel.set(group, [...(byTopLevel.get(group) ?? []), command]);
    }
    this.byTopLevel = byTopLevel;
  }

  /** The command of this full name: `ban`, `channels list`. */
  find(name: string): AnyCommand | undefined {
    return this.byName.get(name);
  }

  /** The command the words name: `["ban"]`, `["channels", "delete"]`. */
  findPath(words: readonly string[]): AnyCommand | undefined {
    return this.byName.get(words.join(" "));
  }

  /** What may be typed first, in catalogue order: each command's name or its group's. */
  topLevelNames(): string[] {
    return [...this.byTopLevel.keys()];
  }

  /** The top-level names that are groups of subcommands (`channels`, `badwords`). */
  groups(): string[] {
    return this.topLevelNames().filter((name) => this.isGroup(name));
  }

  isGroup(name: string): boolean {
    return this.subcommandsOf(name).length > 0;
  }

  /** The group `name` belongs to (`channels` for `channels list`); undefined for `ban`. */
  groupOf(name: string): string | undefined {
    const { group, sub } = splitName(name);
    return sub === undefined ? undefined : group;
  }

  /** A group's subcommands in catalogue order, each with its word: `list` of `channels list`. */
  subcommandsOf(group: string): Subcommand[] {
    return this.commandsUnder(group).flatMap((command) => {
      const { sub } = splitName(command.name);
      return sub === undefined ? [] : [{ word: sub, command }];
    });
  }

  /** The commands a top-level name stands for: the one command, or every subcommand of it. */
  commandsUnder(topLevel: string): readonly AnyCommand[] {
    return this.byTopLevel.get(topLevel) ?? [];
  }

  /** What `help <wanted>` explains: one command (`channels list`) or a group (`channels`). */
  commandsNamed(wanted: string): readonly AnyCommand[] {
    const name = wanted.trim().toLowerCase();
    const under = this.commandsUnder(name);
    if (under.length > 0) return under;
    const command = this.find(name);
    return command ? [command] : [];
  }

  /** `ban <gamer_id> <days> [--reason R]`; see parse-arguments.ts. */
  usageOf(command: AnyCommand, known: Record<string, string> = {}): string {
    return usageOf(command, known);
  }

  /** The arguments a form for `command` asks for, given the ones `preset`. */
  formFields(command: AnyCommand, preset: Record<string, unknown>): [string, ArgumentSpec][] {
    return formArguments(command, preset);
  }
}

export interface Subcommand {
  /** The subcommand's own word: `list`. */
  word: string;
  command: AnyCommand;
}
