// The shape of a command declaration. A command is declared once, in one file of src/commands/:
// its name, summary, arguments, the role it needs, whether it mutates, when it must be
// confirmed, and its handler. Adapters derive everything they show from these declarations.
import type { ChatApiClient } from "../chat-api/client.js";
import type { CardTakes } from "../feed/card-takes.js";
import type { ReportKey, ReportStore } from "../feed/report-store.js";
import type { Triage } from "../feed/triage.js";
import type { CaseStore } from "../moderation/cases.js";
import type { PlayerDirectory } from "../moderation/player-directory.js";
import type { Actor, Role } from "../moderation/roles.js";
import type { StatisticsReads } from "../moderation/statistics-reads.js";
import type { Serialiser } from "../store/keyed-lock.js";
import type { View } from "../view/view.js";
import type { ArgumentSpec } from "./arguments.js";
import type { CommandAnswer } from "./item-table.js";
import type { ListSnapshot } from "./list-snapshot.js";
import { lookedUpWhenRead, say, type Wording } from "./wording.js";

/** The limits and policies the catalogue is built with (from the configuration). */
export interface ModerationSettings {
  maxBanDays: number;
  confirmBanDaysOver: number;
  requireReason: boolean;
  /** Zone of the API's `YYYY-MM-DD HH:MM:SS` timestamps. */
  chatTimeZone: string;
}

export type ArgumentSpecs = Record<string, ArgumentSpec>;

/** The handler's arguments: each declared argument, parsed by its schema. */
export type ParsedArguments<Specs extends ArgumentSpecs> = {
  [Name in keyof Specs]: Specs[Name] extends ArgumentSpec<infer Value> ? Value : never;
};

/** What a handler may use. Everything with side effects arrives here, nothing is global. */
export interface CommandContext {
  actor: Actor;
  api: ChatApiClient;
  cases: CaseStore;
  /** The reports the feed has seen and their cards: `report` and `dismiss` act on them. */
  reports: ReportStore;
  /** Who is looking at which card: `take` takes and releases them (card-takes.ts). */
  takes: CardTakes;
  /** What a card says of its player (the ladder's next step), as the feed's cards say it. */
  triage: Triage;
  /** Every player the bot has seen, with their names: answers show `Name (id)`. */
  players: PlayerDirectory;
  /** What `stats` reads of the store: a period's reports, cards and cases, and the backlog. */
  statistics: StatisticsReads;
  /**
   * Set when a report card's button runs the command: the exact report that card shows. A typed
   * report_id names the newest report the chat API listed with it (reportNamed).
   */
  pressed?: ReportKey;
  /** Set when the moderator answered yes to the question the command asked (or gave --yes). */
  confirmed?: boolean;
  /**
   * A list a handler shows passes through `snapshot.keep` before it is counted or limited: on a
   * page turn, it then holds only what the moderator saw (list-snapshot.ts).
   */
  snapshot: ListSnapshot;
  settings: ModerationSettings;
  /** Serialises read-modify-write edits of one word-list language. */
  wordListLocks: Serialiser;
  /** The catalogue itself, for `help`. */
  catalogue: CommandIndex;
  now: () => Date;
}

/**
 * What a handler answers: the answer, or (when the case keeps some of its words: an error, an
 * echo's warning) a function that writes it from what was done. Such a function only writes: no
 * await, no side effect. The runner calls it in the asker's language for their answer, and again
 * in the team's (CHATWARDEN_LOCALE, DISPLAY_TIMEZONE) for the case, so that what the team's record
 * says does not depend on who asked (runner.ts `keptAnswer`).
 */
export type HandlerAnswer = CommandAnswer | (() => CommandAnswer);

export interface Command<Specs extends ArgumentSpecs = ArgumentSpecs> {
  /** `ban`, or for subcommands the group's word and the subcommand's: `channels list`. */
  name: string;
  /** In the language of the work reading it (declared as a catalogue text: wording.ts). */
  summary: string;
  /** In positional order; flag arguments (`--reason`) anywhere. */
  args: Specs;
  role: Role;
  mutates: boolean;
  /**
   * When the action needs a second, explicit yes: the question to ask, or undefined to go ahead.
   * Declared here, as data beside the command, not inside the handler.
   */
  confirm?: (args: ParsedArguments<Specs>, settings: ModerationSettings) => string | undefined;
  /**
   * The question once what the chat API holds now is known: given `confirm`'s question (or
   * undefined), the one to ask, or undefined to go ahead. It may add to the question (a re-ban
   * that would end a running ban sooner), narrow it, or drop it (none of the words to remove is
   * in the list). `confirm` alone is what adapters can know before anything is read.
   */
  reviseConfirm?: (
    args: ParsedArguments<Specs>,
    context: CommandContext,
    question: string | undefined,
  ) => Promise<string | undefined>;
  /**
   * Whether there is nothing to do, asked before the case is opened: a view to answer with and no
   * case recorded (a dismissal of a card already handled, of a report not known yet), or
   * undefined to go ahead. A case stands for an action taken or tried, not for a no-op. The
   * handler still checks what can change meanwhile (another moderator's press). A command that
   * may ask first is asked this before the question too, so nobody confirms a no-op.
   */
  nothingToDo?: (
    args: ParsedArguments<Specs>,
    context: CommandContext,
  ) => Promise<View | undefined>;
  /** The gamer_id the command acts on, so its case shows in that player's history. */
  target?: (
    args: ParsedArguments<Specs>,
    context: CommandContext,
  ) => string | undefined | Promise<string | undefined>;
  /** The answer; a long list's table may be items made rows only for the page shown. */
  handle: (args: ParsedArguments<Specs>, context: CommandContext) => Promise<HandlerAnswer>;
  /**
   * What its form suggests beyond what a button's id can carry (a report's message is longer
   * than Discord's 100-character custom_id): looked up when the form opens, from the arguments
   * already decided as the id holds them (text). Suggestions only: the form may change them.
   */
  prefill?: (
    decided: Readonly<Record<string, string>>,
    context: CommandContext,
  ) => Promise<Record<string, string>>;
}

/**
 * A command of any argument shape, as the catalogue holds it. Its arguments read as plain
 * ArgumentSpecs, which is all a surface needs (names, kinds, descriptions, schemas), so no
 * caller casts; only the handler's parsed arguments are erased.
 */
// biome-ignore lint/suspicious/noExplicitAny: the catalogue holds commands of every argument shape; each is type-checked where it is declared.
export type AnyCommand = Omit<Command<any>, "args"> & { args: ArgumentSpecs };

/** A command as its file declares it: its summary a catalogue text (wording.ts). */
export type CommandDeclaration<Specs extends ArgumentSpecs = ArgumentSpecs> = Omit<
  Command<Specs>,
  "summary"
> & { summary: Wording };

/**
 * Declares a command, checking its handler against its own arguments. Its summary is looked up
 * each time it is read, so every reader sees it in their own language.
 */
export function defineCommand<Specs extends ArgumentSpecs>(
  declaration: CommandDeclaration<Specs>,
): Command<Specs> {
  const { summary } = declaration;
  return lookedUpWhenRead({ ...declaration }, "summary", () => say(summary));
}

/** `channels list` → { group: "channels", sub: "list" }; `ban` → { group: "ban" }. */
export function splitName(name: string): { group: string; sub: string | undefined } {
  const [group = name, sub] = name.split(" ");
  return { group, sub };
}

/**
 * What `help` reads of the catalogue: the Catalogue class (catalogue.ts) is one. Declared here,
 * apart from the class, because the class is built of these declarations.
 */
export interface CommandIndex {
  readonly all: readonly AnyCommand[];
  /** The commands a word or words name: one command, or a group's subcommands. */
  commandsNamed(wanted: string): readonly AnyCommand[];
  /** Every top-level name: a slash command on each platform, a first word in a terminal. */
  topLevelNames(): readonly string[];
}
