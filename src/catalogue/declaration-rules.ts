// The rules every command declaration must keep, checked when the catalogue is built, so that a
// bad declaration fails at start-up and in `npm test` whether or not any platform is configured.
// Each rule is the strictest of the surfaces that derive from the declaration:
// - Discord registers slash commands whose command, subcommand and option names are 1-32
//   characters, lower case, no spaces, whose descriptions are 1-100 characters, with at most 25
//   options, required ones before optional ones. Discord's application-command reference
//   (https://discord.com/developers/docs/interactions/application-commands), as mirrored by
//   discord-api-types ("1-32 character name; CHAT_INPUT command names must be all lowercase",
//   "max 25" options) and sapphire's ApplicationCommandLimits (names 32, descriptions 100,
//   options 25).
// - Slack's slash command is the group's word after a slash, so names keep to one word. Its form
//   hints show argument descriptions whole (limit below). Slack's manifest limits for a command's
//   description were not found in the documentation at hand; summaries keep to Discord's 100.
// - The text parser (Slack's text, the terminal, the one-shot CLI) fills positional arguments in
//   declared order, gives a variadic argument every remaining word, and lower-cases the command
//   word before it looks the command up; quotes and a leading `--` mean something to it.
import { z } from "zod";
import { type AnyCommand, splitName } from "./command.js";

export const DECLARATION_LIMITS = {
  /** Discord: command, subcommand and option names. */
  name: 32,
  /** Discord: command descriptions, which summaries become (Slack allows more). */
  summary: 100,
  /**
   * Slack: an input's hint in a form, where the description is shown whole (plain_text, 2000;
   * https://api.slack.com/reference/block-kit/blocks#input). Discord's option descriptions stop
   * at 100: its adapter cuts them there, as it must anyway after adding the bounds of `days`.
   */
  argumentDescription: 2000,
  /** Discord: options per command or subcommand. */
  arguments: 25,
} as const;

/**
 * A word every surface reads back unchanged: lower-case letters (or letters of scripts without
 * case), digits, `-` and `_`, not starting with `-` or `_` (a `--word` is an option to the text
 * parser). Narrower than Discord's pattern, which also admits `'`, a quote to the tokenizer.
 */
const WORD = /^[\p{Ll}\p{Lo}\p{N}][-_\p{Ll}\p{Lo}\p{N}]*$/u;

function wordProblem(word: string): string | undefined {
  if (word.length === 0 || word.length > DECLARATION_LIMITS.name) {
    return `is ${word.length} characters; use 1 to ${DECLARATION_LIMITS.name}`;
  }
  if (!WORD.test(word)) {
    return "must be lower-case letters, digits, - or _, starting with a letter or digit";
  }
  return undefined;
}

function text(what: string, limit: number, platform: string) {
  return z.string().superRefine((value, context) => {
    if (value.trim() === "") context.addIssue({ code: "custom", message: `${what} is empty` });
    else if (value.length > limit) {
      context.addIssue({
        code: "custom",
        message: `${what} is ${value.length} characters; ${platform} allows ${limit}`,
      });
    }
  });
}

const argumentRules = z.object({
  description: text("description", DECLARATION_LIMITS.argumentDescription, "Slack"),
  example: z.string().refine((value) => value.trim() !== "", "example is empty: usage shows it"),
  required: z.boolean(),
  variadic: z.boolean().optional(),
  freeText: z.boolean().optional(),
  flag: z.boolean().optional(),
});

type ArgumentRules = z.infer<typeof argumentRules>;

/** The facts of one declaration this module checks; the handler and schemas are not its business. */
const declarationRules = z
  .object({
    name: z.string(),
    summary: text("summary", DECLARATION_LIMITS.summary, "Discord"),
    args: z.record(z.string(), argumentRules),
  })
  .superRefine(({ name, args }, context) => {
    const problem = (message: string) => context.addIssue({ code: "custom", message });
    const words = name.split(" ");
    if (words.length > 2) {
      problem("a name is one word, or a group and a subcommand: two words, one space apart");
    }
    for (const [index, word] of words.entries()) {
      const wrong = wordProblem(word);
      const what = words.length === 1 ? "name" : index === 0 ? "group" : "subcommand";
      if (wrong) problem(`${what} "${word}" ${wrong}`);
    }
    const declared = Object.entries(args);
    if (declared.length > DECLARATION_LIMITS.arguments) {
      problem(
        `has ${declared.length} arguments; Discord allows ${DECLARATION_LIMITS.arguments} options`,
      );
    }
    for (const [argument] of declared) {
      const wrong = wordProblem(argument);
      if (wrong) problem(`argument name "${argument}" ${wrong}`);
    }
    for (const message of orderProblems(declared)) problem(message);
  });

/**
 * Positional arguments are filled in declared order, so a required one cannot follow an optional
 * one, and a variadic one takes every word left (a free-text one the rest of the line): it must
 * be the last positional one, and the only one. Flags (`--reason R`) are named, not placed, so
 * they may stand anywhere and can be neither.
 */
function orderProblems(declared: [string, ArgumentRules][]): string[] {
  const problems: string[] = [];
  const positional = declared.filter(([, spec]) => !spec.flag);
  let optional: string | undefined;
  for (const [name, spec] of positional) {
    if (spec.required && optional !== undefined) {
      problems.push(`argument "${name}" is required but follows optional "${optional}"`);
    }
    if (!spec.required) optional ??= name;
  }
  for (const [name, spec] of declared) {
    if (spec.flag && spec.variadic) {
      problems.push(`argument "${name}" is a flag and variadic; only a positional one can be`);
    }
    if (spec.flag && spec.freeText) {
      problems.push(`argument "${name}" is a flag and free text; only a positional one can be`);
    }
  }
  const variadic = positional.filter(([, spec]) => spec.variadic);
  const rest = positional.filter(([, spec]) => spec.variadic || spec.freeText);
  if (variadic.length > 1) {
    problems.push(`has ${variadic.length} variadic arguments (${quoted(variadic)}); at most one`);
  } else if (rest.length > 1) {
    problems.push(
      `has ${rest.length} arguments that take the rest of the line (${quoted(rest)}); at most one`,
    );
  }
  const last = positional.at(-1)?.[0];
  for (const [name, spec] of rest) {
    if (name !== last) {
      const kind = spec.variadic ? "variadic" : "free-text";
      problems.push(`${kind} argument "${name}" must be the last positional one, not "${last}"`);
    }
  }
  return problems;
}

function quoted(entries: [string, unknown][]): string {
  return entries.map(([name]) => `"${name}"`).join(", ");
}

/** Every problem with one declaration, as `argument "reason": description is empty`. */
export function declarationProblems(command: AnyCommand): string[] {
  const checked = declarationRules.safeParse(command);
  if (checked.success) return [];
  return checked.error.issues.map((issue) => {
    const [field, argument, detail] = issue.path;
    if (issue.code === "custom") {
      const named = field === "args" && typeof argument === "string";
      return named ? `argument "${argument}": ${issue.message}` : issue.message;
    }
    // zod's own wording (a missing or mistyped field): say which field.
    const at =
      field === "args" ? `argument "${String(argument)}": ${String(detail)}` : String(field);
    return `${at}: ${issue.message}`;
  });
}

/** Problems between declarations: two with one name, or a command that is also a group. */
function catalogueProblems(catalogue: readonly AnyCommand[]): [string, string][] {
  const problems: [string, string][] = [];
  const seen = new Set<string>();
  const groups = new Set(
    catalogue
      .filter((c) => splitName(c.name).sub !== undefined)
      .map((c) => splitName(c.name).group),
  );
  for (const { name } of catalogue) {
    if (seen.has(name)) problems.push([name, "is declared twice"]);
    seen.add(name);
    if (groups.has(name)) {
      problems.push([name, `is a command and also the group of "${name} …" subcommands`]);
    }
  }
  return problems;
}

export class DeclarationError extends Error {
  override name = "DeclarationError";
}

/**
 * Throws a DeclarationError naming every bad declaration and the rule it breaks, one per line:
 * `catalogue: "ban": argument "reason" is required but follows optional "days"`.
 */
export function checkCatalogue(catalogue: readonly AnyCommand[]): void {
  const problems: [string, string][] = [
    ...catalogue.flatMap((command) =>
      declarationProblems(command).map((message): [string, string] => [command.name, message]),
    ),
    ...catalogueProblems(catalogue),
  ];
  if (problems.length === 0) return;
  throw new DeclarationError(
    problems.map(([name, message]) => `catalogue: "${name}": ${message}`).join("\n"),
  );
}
