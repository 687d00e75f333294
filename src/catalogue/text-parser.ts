// Reads a command typed as text (the terminal, the one-shot CLI, Slack's slash-command text)
// with rules derived from the catalogue: words as tokenizer.ts reads them, `--name value`
// options, the subcommand word of `channels` and `badwords`, and left-over words as the reason.
import type { ArgumentSpec } from "./arguments.js";
import type { Catalogue } from "./catalogue.js";
import type { AnyCommand } from "./command.js";
import { usageOf } from "./parse-arguments.js";
import { tokenize, UnclosedQuoteError } from "./tokenizer.js";

export type TextParse =
  | {
      ok: true;
      command: AnyCommand;
      args: Record<string, string | string[]>;
      /** Boolean switches of the surface (`--json`, `--yes`), not of the command. */
      switches: Set<string>;
    }
  | { ok: false; message: string };

export function parseCommandText(
  text: string,
  catalogue: Catalogue,
  surfaceSwitches: readonly string[] = [],
): TextParse {
  const words = wordsOf(text);
  if (!Array.isArray(words)) return words;
  const [first, ...rest] = words;
  if (first === undefined) return { ok: false, message: "Type a command; help lists them." };
  const resolved = resolveCommand(first.toLowerCase(), rest, catalogue);
  if (!resolved.ok) return resolved;
  const { command, remaining } = resolved;

  const specs = Object.entries(command.args);
  const switches = new Set<string>();
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < remaining.length; i++) {
    const word = remaining[i] as string;
    if (!word.startsWith("--") || word.length === 2) {
      positional.push(word);
      continue;
    }
    const [name = "", inlineValue] = word.slice(2).split(/=(.*)/s, 2);
    if (surfaceSwitches.includes(name)) {
      switches.add(name);
      continue;
    }
    if (!specs.some(([argName]) => argName === name)) {
      return fail(`${command.name} has no option --${name}`, command);
    }
    const value = inlineValue ?? remaining[++i];
    if (value === undefined) return fail(`--${name} needs a value`, command);
    options[name] = value;
  }

  const args: Record<string, string | string[]> = { ...options };
  const slots = specs.filter(([name, spec]) => !spec.flag && !(name in options));
  for (const [name, spec] of slots) {
    if (positional.length === 0) break;
    args[name] = spec.variadic ? positional.splice(0) : (positional.shift() as string);
  }
  if (positional.length > 0) {
    // Words after the last argument are the reason, as moderators naturally type it.
    const reason = specs.find(([name]) => name === "reason")?.[1] as ArgumentSpec | undefined;
    if (!reason || "reason" in args) {
      return fail(`too many arguments: "${positional.join(" ")}"`, command);
    }
    args.reason = positional.join(" ");
  }
  return { ok: true, command, args, switches };
}

/** The words typed, without a leading slash; a quote error counts characters as typed. */
function wordsOf(text: string): string[] | { ok: false; message: string } {
  try {
    return tokenize(text.replace(/^(\s*)\//, "$1 "));
  } catch (error) {
    if (error instanceof UnclosedQuoteError) return { ok: false, message: error.message };
    throw error;
  }
}

function resolveCommand(
  first: string,
  rest: string[],
  catalogue: Catalogue,
): { ok: true; command: AnyCommand; remaining: string[] } | { ok: false; message: string } {
  const direct = catalogue.find(first);
  if (direct) return { ok: true, command: direct, remaining: rest };
  const subcommands = catalogue.subcommandsOf(first);
  if (subcommands.length === 0) {
    return {
      ok: false,
      message: `Unknown command "${first}". Commands: ${catalogue.topLevelNames().join(", ")}.`,
    };
  }
  const choices = subcommands.map(({ word }) => word).join(", ");
  const [sub, ...remaining] = rest;
  const command = subcommands.find(({ word }) => word === sub?.toLowerCase())?.command;
  if (!command) {
    return {
      ok: false,
      message: sub
        ? `${first} has no subcommand "${sub}"; choose one of ${choices}.`
        : `${first} needs a subcommand: ${choices}.`,
    };
  }
  return { ok: true, command, remaining };
}

function fail(message: string, command: AnyCommand): TextParse {
  return { ok: false, message: `${message} (usage: ${usageOf(command)})` };
}
