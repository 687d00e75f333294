// Discord's checks on a bulk overwrite of application commands, the ones a derived definition
// could break: names, lengths, counts, required-before-optional, choices versus autocomplete.
// Discord answers 400 "Invalid Form Body" and registers nothing; so does the fake.
//
// Localizations (https://discord.com/developers/docs/interactions/application-commands#localization,
// and the command object's fields there): `name_localizations` and `description_localizations`
// are dictionaries "with keys in available locales" (https://discord.com/developers/docs/reference#locales,
// discord-api-types' Locale enum), on commands, options and (names only) choices; "values follow
// the same restrictions as" the field they localize: a command's or option's name matches the
// naming rule `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, in lower case where the letter has
// one, a choice's name is 1-100 characters, a description 1-100.
import { Locale } from "discord.js";
import { z } from "zod";

const NAME = /^[-_'\p{Ll}\p{Lo}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;
const STRING = 3;
const INTEGER = 4;
const NUMBER = 10;
const LOCALES = new Set<string>(Object.values(Locale));

/** A localization dictionary as sent: locale → text, or null to have none. */
const localizationsSchema = z.record(z.string(), z.string()).nullable().optional();
type Localizations = z.infer<typeof localizationsSchema>;

export interface OptionShape {
  type: number;
  name: string;
  name_localizations?: Localizations;
  description: string;
  description_localizations?: Localizations;
  required?: boolean | undefined;
  autocomplete?: boolean | undefined;
  choices?:
    | { name: string; name_localizations?: Localizations; value: string | number }[]
    | undefined;
  min_value?: number | undefined;
  max_value?: number | undefined;
  min_length?: number | undefined;
  max_length?: number | undefined;
  options?: OptionShape[] | undefined;
}

const optionSchema: z.ZodType<OptionShape> = z.lazy(() =>
  z.object({
    type: z.number().int().min(1).max(11),
    name: z.string(),
    name_localizations: localizationsSchema,
    description: z.string(),
    description_localizations: localizationsSchema,
    required: z.boolean().optional(),
    autocomplete: z.boolean().optional(),
    choices: z
      .array(
        z.object({
          name: z.string(),
          name_localizations: localizationsSchema,
          value: z.union([z.string(), z.number()]),
        }),
      )
      .optional(),
    min_value: z.number().optional(),
    max_value: z.number().optional(),
    min_length: z.number().optional(),
    max_length: z.number().optional(),
    options: z.array(optionSchema).optional(),
  }),
);

export const commandSchema = z.object({
  name: z.string(),
  name_localizations: localizationsSchema,
  description: z.string(),
  description_localizations: localizationsSchema,
  type: z.number().int().optional(),
  default_member_permissions: z.string().regex(/^\d+$/).nullable().optional(),
  options: z.array(optionSchema).optional(),
});
export type CommandShape = z.infer<typeof commandSchema>;

/** The problems Discord would name; empty when the body would be accepted. */
export function checkCommands(body: unknown): { commands: CommandShape[]; problems: string[] } {
  const parsed = z.array(commandSchema).max(100).safeParse(body);
  if (!parsed.success) return { commands: [], problems: parsed.error.issues.map((i) => i.message) };
  const problems: string[] = [];
  const names = new Set<string>();
  for (const command of parsed.data) {
    const where = `/${command.name}`;
    if (!NAME.test(command.name)) problems.push(`${where}: invalid name`);
    if (names.has(command.name)) problems.push(`${where}: duplicate name`);
    names.add(command.name);
    checkDescription(command.description, where, problems);
    checkLocalizations(command, where, problems);
    checkOptions(command.options ?? [], where, problems);
  }
  return { commands: parsed.data, problems };
}

function checkDescription(description: string, where: string, problems: string[]): void {
  if (description.length < 1 || description.length > 100) {
    problems.push(`${where}: description must be 1-100 characters`);
  }
}

/** A localized name keeps the naming rule, a localized description its 1-100 characters. */
function checkLocalizations(
  named: Pick<OptionShape, "name_localizations" | "description_localizations">,
  where: string,
  problems: string[],
): void {
  for (const [locale, name] of localizationsOf(named.name_localizations, where, problems)) {
    if (!NAME.test(name)) problems.push(`${where}: name_localizations.${locale}: invalid name`);
  }
  for (const [locale, text] of localizationsOf(named.description_localizations, where, problems)) {
    checkDescription(text, `${where} description_localizations.${locale}`, problems);
  }
}

/** The dictionary's entries, each key refused unless it is one of Discord's locales. */
function localizationsOf(
  dictionary: Localizations,
  where: string,
  problems: string[],
): [string, string][] {
  const entries = Object.entries(dictionary ?? {});
  for (const [locale] of entries) {
    if (!LOCALES.has(locale)) problems.push(`${where}: "${locale}" is not a Discord locale`);
  }
  return entries;
}

function checkOptions(options: OptionShape[], where: string, problems: string[]): void {
  if (options.length > 25) problems.push(`${where}: more than 25 options`);
  const nested = options.filter((o) => o.type === SUBCOMMAND || o.type === SUBCOMMAND_GROUP);
  if (nested.length > 0 && nested.length !== options.length) {
    problems.push(`${where}: subcommands cannot sit beside other options`);
  }
  const names = new Set<string>();
  let optionalSeen = false;
  for (const option of options) {
    const at = `${where} ${option.name}`;
    if (!NAME.test(option.name)) problems.push(`${at}: invalid name`);
    if (names.has(option.name)) problems.push(`${at}: duplicate name`);
    names.add(option.name);
    checkDescription(option.description, at, problems);
    checkLocalizations(option, at, problems);
    if (option.type === SUBCOMMAND || option.type === SUBCOMMAND_GROUP) {
      checkOptions(option.options ?? [], at, problems);
      continue;
    }
    if (option.required && optionalSeen) problems.push(`${at}: required after an optional option`);
    if (!option.required) optionalSeen = true;
    const choices = option.choices ?? [];
    if (choices.length > 25) problems.push(`${at}: more than 25 choices`);
    for (const choice of choices) {
      for (const [locale, name] of localizationsOf(choice.name_localizations, at, problems)) {
        if (name.length < 1 || name.length > 100) {
          problems.push(
            `${at} choice ${choice.value}: name_localizations.${locale} must be 1-100 characters`,
          );
        }
      }
    }
    if (choices.length > 0 && option.autocomplete)
      problems.push(`${at}: choices with autocomplete`);
    if (option.autocomplete && ![STRING, INTEGER, NUMBER].includes(option.type)) {
      problems.push(`${at}: autocomplete on a type that cannot have it`);
    }
    if (option.max_length !== undefined && (option.max_length < 1 || option.max_length > 6000)) {
      problems.push(`${at}: max_length must be 1-6000`);
    }
    if (
      option.min_value !== undefined &&
      option.max_value !== undefined &&
      option.min_value > option.max_value
    ) {
      problems.push(`${at}: min_value above max_value`);
    }
  }
}
