// Reads a command typed as text (the terminal, Slack's slash-command text) or given as the
// one-shot CLI's arguments, with rules derived from the catalogue: words as tokenizer.ts reads
// them, `--name value` options, the subcommand word of `channels` and `badwords`, and the reason.
//
// The reason is free text: once every positional argument has its word, the rest of the line is
// the reason exactly as typed (quotes, apostrophes, backslashes and spacing kept; a quote left
// open there is text too). Quoting rules read only the words before it, and `--reason`'s value.
// A positional argument declared `freeText` (announce's message) takes the rest of the line the
// same way, once the arguments before it have their words.
// Where the reason would begin, a `--word` is still read as an option (`ban g 3 --reason x`); once
// it has begun, only the surface's own switches at its very end (`--yes`) are taken off it.
// A unit word right after a bare number of days is the days' (`ban g 3 days spam`), never the
// reason's first word; after `3d` it is the reason's (`ban g 3d week of spam`). A command's
// switch (a yes-or-no flag: `reports --open`) takes no word after it; `--open=no` says no.
import { type MessageValues, t } from "../i18n/translate.js";
import type { ArgumentSpec } from "./arguments.js";
import type { Catalogue } from "./catalogue.js";
import type { AnyCommand } from "./command.js";
import { didYouMean } from "./near-miss.js";
import { usageOf } from "./parse-arguments.js";
import { UnclosedQuoteError } from "./tokenizer.js";
import { argvSource, lineSource, type WordSource } from "./word-source.js";

export type TextParse =
  | {
      ok: true;
      command: AnyCommand;
      args: Record<string, string | string[]>;
      /** Boolean switches of the surface (`--json`, `--yes`), not of the command. */
      switches: Set<string>;
    }
  | { ok: false; message: string };

type Failure = { ok: false; message: string };

/** The argument that takes the free text after the last positional one. */
const REASON = "reason";

/** A line typed in the terminal or Slack; a leading slash (`/ban`) is dropped. */
export function parseCommandText(
  text: string,
  catalogue: Catalogue,
  surfaceSwitches: readonly string[] = [],
): TextParse {
  // The slash becomes a space, so that positions in the line stay those of the text typed.
  return parseWords(lineSource(text.replace(/^(\s*)\//, "$1 ")), catalogue, surfaceSwitches);
}

/**
 * The one-shot CLI's arguments, split (and their quotes read) by the shell. `surfaceCommands` are
 * the words the surface runs itself (`serve`, `doctor`): an unknown word is told them too.
 */
export function parseCommandArgv(
  argv: readonly string[],
  catalogue: Catalogue,
  surfaceSwitches: readonly string[] = [],
  surfaceCommands: readonly string[] = [],
): TextParse {
  return parseWords(argvSource(argv), catalogue, surfaceSwitches, surfaceCommands);
}

function parseWords(
  source: WordSource,
  catalogue: Catalogue,
  surfaceSwitches: readonly string[],
  surfaceCommands: readonly string[] = [],
): TextParse {
  try {
    return readCommand(source, catalogue, surfaceSwitches, surfaceCommands);
  } catch (error) {
    // A quote error counts characters as typed.
    if (error instanceof UnclosedQuoteError) return { ok: false, message: error.shown() };
    throw error;
  }
}

function readCommand(
  source: WordSource,
  catalogue: Catalogue,
  surfaceSwitches: readonly string[],
  surfaceCommands: readonly string[],
): TextParse {
  const first = source.next();
  if (first === undefined) return { ok: false, message: t("parse.typeCommand") };
  const resolved = resolveCommand(first.toLowerCase(), source, catalogue, surfaceCommands);
  if (!("name" in resolved)) return resolved;
  const command = resolved;

  const specs = Object.entries(command.args);
  const takesReason = specs.some(([name]) => name === REASON);
  const switches = new Set<string>();
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let next = source.peek(); next !== undefined; next = source.peek()) {
    if (next.startsWith("--") && next.length > 2) {
      const [name = "", inlineValue] = (source.next() as string).slice(2).split(/=(.*)/s, 2);
      if (surfaceSwitches.includes(name)) {
        switches.add(name);
        continue;
      }
      if (!(name in command.args)) {
        return fail("parse.noOption", { command: command.name, name }, command);
      }
      if (isSwitch(command.args[name] as ArgumentSpec)) {
        options[name] = inlineValue ?? "yes";
        continue;
      }
      const value = inlineValue ?? source.next();
      if (value === undefined) return fail("parse.needsValue", { name }, command);
      options[name] = withUnit(value, command.args[name] as ArgumentSpec, source);
      continue;
    }
    const slot = openSlot(specs, options, positional.length);
    const freeText = slot?.freeText || (!slot && takesReason && !(REASON in options));
    if (freeText) {
      const rest = source.rest(surfaceSwitches);
      for (const name of rest.switches) switches.add(name);
      if (rest.text !== "") {
        if (slot) positional.push(rest.text);
        else options[REASON] = rest.text;
      }
      break;
    }
    const word = source.next() as string;
    positional.push(slot ? withUnit(word, slot, source) : word);
  }

  const args: Record<string, string | string[]> = { ...options };
  const slots = specs.filter(([name, spec]) => !spec.flag && !(name in options));
  for (const [name, spec] of slots) {
    if (positional.length === 0) break;
    args[name] = spec.variadic ? positional.splice(0) : (positional.shift() as string);
  }
  if (positional.length > 0) {
    return fail("parse.tooMany", { words: positional.join(" ") }, command);
  }
  return { ok: true, command, args, switches };
}

/** A yes-or-no flag: named alone (`--open`), never followed by a value word. */
export function isSwitch(spec: ArgumentSpec): boolean {
  return spec.flag === true && spec.kind === "boolean";
}

/**
 * The positional argument the next word would fill, given the options named so far and the
 * `filled` words already read; a variadic one takes every word after it too.
 */
function openSlot(
  specs: [string, ArgumentSpec][],
  options: Record<string, string>,
  filled: number,
): ArgumentSpec | undefined {
  const slots = specs.filter(([name, spec]) => !spec.flag && !(name in options));
  const last = slots.at(-1)?.[1];
  return slots[filled]?.[1] ?? (last?.variadic ? last : undefined);
}

/**
 * A bare number and the unit word after it (`3 days`), as one value, for an argument that takes
 * units as words. Only directly after a bare number: after `3d` the next word is the reason's,
 * so `ban g 3d week of spam` keeps "week of spam" whole.
 */
function withUnit(value: string, spec: ArgumentSpec, source: WordSource): string {
  const unit = source.peek();
  if (!spec.unitWords || !/^\d+$/.test(value) || unit === undefined) return value;
  if (!spec.unitWords.includes(unit.toLowerCase())) return value;
  return `${value} ${source.next()}`;
}

function resolveCommand(
  first: string,
  source: WordSource,
  catalogue: Catalogue,
  surfaceCommands: readonly string[],
): AnyCommand | Failure {
  const direct = catalogue.find(first);
  if (direct) return direct;
  const subcommands = catalogue.subcommandsOf(first);
  if (subcommands.length === 0) {
    const chat = catalogue.topLevelNames();
    const offer = didYouMean(first, [...surfaceCommands, ...chat]);
    const message =
      surfaceCommands.length > 0
        ? t("parse.unknownCommandOfSurface", {
            word: first,
            offer,
            surface: surfaceCommands.join(", "),
            commands: chat.join(", "),
          })
        : t("parse.unknownCommand", { word: first, offer, commands: chat.join(", ") });
    return { ok: false, message };
  }
  const words = subcommands.map(({ word }) => word);
  const sub = source.next();
  const command = subcommands.find(({ word }) => word === sub?.toLowerCase())?.command;
  if (!command) {
    return {
      ok: false,
      message: sub
        ? t("parse.noSubcommand", {
            group: first,
            word: sub,
            offer: didYouMean(sub, words),
            subcommands: words.join(", "),
          })
        : t("parse.needsSubcommand", { group: first, subcommands: words.join(", ") }),
    };
  }
  return command;
}

/** A refusal that ends with the command's usage. */
function fail(
  key: "parse.noOption" | "parse.needsValue" | "parse.tooMany",
  values: MessageValues,
  command: AnyCommand,
): TextParse {
  return { ok: false, message: t(key, { ...values, usage: usageOf(command) }) };
}
