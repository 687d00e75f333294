// Turns raw argument values into a handler's arguments with the command's own declarations.
// The first problem is reported, naming the argument and what it allows.
import { t } from "../i18n/translate.js";
import type { ArgumentSpec } from "./arguments.js";
import type { AnyCommand } from "./command.js";
import { positionalWords } from "./command-draft.js";
import { quoteWord } from "./tokenizer.js";

export type ParseOutcome =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; message: string };

export function parseArguments(command: AnyCommand, raw: Record<string, unknown>): ParseOutcome {
  const declared = command.args;
  const unknown = Object.keys(raw).filter((name) => !(name in declared));
  if (unknown.length > 0) {
    return {
      ok: false,
      message: t("parse.noArgument", {
        command: command.name,
        names: unknown.join(", "),
        usage: usageOf(command),
      }),
    };
  }
  const args: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(declared)) {
    const value = raw[name];
    if ((value === undefined || value === "") && spec.required) {
      return {
        ok: false,
        message: t("parse.required", {
          name,
          description: spec.description,
          example: spec.example,
          usage: usageOf(command),
        }),
      };
    }
    const parsed = spec.schema.safeParse(value === "" ? undefined : value);
    if (!parsed.success) {
      return {
        ok: false,
        message: parsed.error.issues[0]?.message ?? t("parse.invalid", { name }),
      };
    }
    args[name] = parsed.data;
  }
  return { ok: true, args };
}

/**
 * `ban <gamer_id> <days> [--reason R]`: derived from the declaration, for every surface; with
 * `known` values filled in (`ban gamer-42 <days> [--reason R]`), what a form asks in text.
 */
export function usageOf(command: AnyCommand, known: Record<string, string> = {}): string {
  const declared = Object.entries(command.args);
  const words = declared.map(([name, spec]) => {
    const value = known[name];
    if (value !== undefined) {
      return spec.flag ? `--${name} ${quoteWord(value)}` : positionalWords(spec, value);
    }
    if (spec.flag && spec.kind === "boolean") return spec.required ? `--${name}` : `[--${name}]`;
    if (spec.flag) {
      const option = `--${name} ${name === "reason" ? "R" : name.toUpperCase()}`;
      return spec.required ? option : `[${option}]`;
    }
    const shown = spec.variadic ? `${name}...` : name;
    return spec.required ? `<${shown}>` : `[${shown}]`;
  });
  return [command.name, ...words].join(" ");
}

/**
 * The arguments a form for `command` asks for, in declared order: every one not already given
 * (a report's "Ban…" presets the player). Each platform lays them out within its own limits.
 */
export function formArguments(
  command: AnyCommand,
  preset: Record<string, unknown>,
): [string, ArgumentSpec][] {
  return Object.entries(command.args).filter(([name]) => !(name in preset));
}
