// Reads a command typed as text (the terminal, the one-shot CLI, Slack's slash-command text)
// with rules derived from the catalogue: quoted arguments, `--name value` options, the
// subcommand word of `channels` and `badwords`, and left-over words as the reason.
import type { ArgumentSpec } from "./arguments.js";
import type { AnyCommand, ArgumentSpecs } from "./command.js";
import { splitName } from "./command.js";
import { usageOf } from "./parse-arguments.js";

export type TextParse =
  | {
      ok: true;
      command: AnyCommand;
      args: Record<string, string | string[]>;
      /** Boolean switches of the surface (`--json`, `--yes`), not of the command. */
      switches: Set<string>;
    }
  | { ok: false; message: string };

const QUOTES: Record<string, string> = { '"': '"', "'": "'", "“": "”", "‘": "’" };

/** Splits on white space, keeping quoted stretches ("two words", Slack's “smart quotes”) whole. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let current = "";
  let inToken = false;
  let closing: string | undefined;
  for (const char of text) {
    if (closing !== undefined) {
      if (char === closing) closing = undefined;
      else current += char;
    } else if (char in QUOTES) {
      closing = QUOTES[char];
      inToken = true;
    } else if (/\s/.test(char)) {
      if (inToken) tokens.push(current);
      current = "";
      inToken = false;
    } else {
      current += char;
      inToken = true;
    }
  }
  if (inToken) tokens.push(current);
  return tokens;
}

export function parseCommandText(
  text: string,
  catalogue: readonly AnyCommand[],
  surfaceSwitches: readonly string[] = [],
): TextParse {
  const words = tokenize(text.trim().replace(/^\//, ""));
  const [first, ...rest] = words;
  if (first === undefined) return { ok: false, message: "Type a command; help lists them." };
  const resolved = resolveCommand(first.toLowerCase(), rest, catalogue);
  if (!resolved.ok) return resolved;
  const { command, remaining } = resolved;

  const specs = Object.entries(command.args as ArgumentSpecs);
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

function resolveCommand(
  first: string,
  rest: string[],
  catalogue: readonly AnyCommand[],
): { ok: true; command: AnyCommand; remaining: string[] } | { ok: false; message: string } {
  const direct = catalogue.find((command) => command.name === first);
  if (direct) return { ok: true, command: direct, remaining: rest };
  const subcommands = catalogue.filter((command) => splitName(command.name).group === first);
  if (subcommands.length === 0) {
    return {
      ok: false,
      message: `Unknown command "${first}". Commands: ${topLevelNames(catalogue)}.`,
    };
  }
  const choices = subcommands.map((command) => splitName(command.name).sub).join(", ");
  const [sub, ...remaining] = rest;
  const command = subcommands.find(
    (candidate) => splitName(candidate.name).sub === sub?.toLowerCase(),
  );
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

function topLevelNames(catalogue: readonly AnyCommand[]): string {
  return [...new Set(catalogue.map((command) => splitName(command.name).group))].join(", ");
}

function fail(message: string, command: AnyCommand): TextParse {
  return { ok: false, message: `${message} (usage: ${usageOf(command)})` };
}
