// Registering the slash commands with the guild, only when they changed. Discord answers GET
// with more than was sent (ids, versions, defaults), so both sides are reduced to the fields we
// define, with Discord's defaults filled in, before comparing. The Korean names and descriptions
// are among them: GET asks for the whole localization dictionaries (with_localizations), which
// Discord otherwise leaves out, so a guild registered before they existed is registered again. An unchanged set
// costs one GET; a changed one is replaced whole with one PUT (bulk overwrite), so commands
// removed from the catalogue disappear too.
import { type REST, Routes } from "discord.js";
import { z } from "zod";
import type { CommandDefinition } from "./definitions.js";

export type RegistrationResult = "unchanged" | "registered";

export async function registerCommands(
  rest: Pick<REST, "get" | "put">,
  ids: { applicationId: string; guildId: string },
  wanted: readonly CommandDefinition[],
): Promise<RegistrationResult> {
  const route = Routes.applicationGuildCommands(ids.applicationId, ids.guildId);
  // https://discord.com/developers/docs/interactions/application-commands#get-guild-application-commands
  const query = new URLSearchParams({ with_localizations: "true" });
  const registered = registeredSchema.parse(await rest.get(route, { query }));
  if (sameCommands(registered, wanted)) return "unchanged";
  await rest.put(route, { body: wanted });
  return "registered";
}

/** `{ ko: "…" }`: a name or description in other languages; Discord answers null for none. */
type Localizations = Readonly<Partial<Record<string, string | null>>> | null | undefined;

interface Localized {
  name_localizations?: Localizations;
  description_localizations?: Localizations;
}

interface Comparable extends Localized {
  name: string;
  description: string;
  type?: number | null | undefined;
  default_member_permissions?: string | null | undefined;
  options?: readonly ComparableOption[] | null | undefined;
}

interface ComparableOption extends Localized {
  type: number;
  name: string;
  description: string;
  required?: boolean | null | undefined;
  autocomplete?: boolean | null | undefined;
  min_value?: number | null | undefined;
  max_value?: number | null | undefined;
  min_length?: number | null | undefined;
  max_length?: number | null | undefined;
  choices?:
    | readonly { name: string; value: string | number; name_localizations?: Localizations }[]
    | null
    | undefined;
  options?: readonly ComparableOption[] | null | undefined;
}

const localizationsSchema = z.record(z.string(), z.string().nullable()).nullish();

const optionSchema: z.ZodType<ComparableOption> = z.lazy(() =>
  z.object({
    type: z.number(),
    name_localizations: localizationsSchema,
    description_localizations: localizationsSchema,
    name: z.string(),
    description: z.string(),
    required: z.boolean().nullish(),
    autocomplete: z.boolean().nullish(),
    min_value: z.number().nullish(),
    max_value: z.number().nullish(),
    min_length: z.number().nullish(),
    max_length: z.number().nullish(),
    choices: z
      .array(
        z.object({
          name: z.string(),
          value: z.union([z.string(), z.number()]),
          name_localizations: localizationsSchema,
        }),
      )
      .nullish(),
    options: z.array(optionSchema).nullish(),
  }),
);

const registeredSchema = z.array(
  z.object({
    name: z.string(),
    description: z.string(),
    type: z.number().nullish(),
    default_member_permissions: z.string().nullish(),
    options: z.array(optionSchema).nullish(),
    name_localizations: localizationsSchema,
    description_localizations: localizationsSchema,
  }),
);

export function sameCommands(
  registered: readonly Comparable[],
  wanted: readonly Comparable[],
): boolean {
  const canonical = (commands: readonly Comparable[]) =>
    JSON.stringify(commands.map(normaliseCommand).sort((a, b) => a.name.localeCompare(b.name)));
  return canonical(registered) === canonical(wanted);
}

/** Key order fixed, Discord's defaults made explicit, option order kept (it is shown). */
function normaliseCommand(command: Comparable) {
  return {
    name: command.name,
    type: command.type ?? 1,
    description: command.description,
    default_member_permissions: command.default_member_permissions ?? null,
    ...localizationsOf(command),
    options: (command.options ?? []).map(normaliseOption),
  };
}

/** Both dictionaries, none as {}, their languages in one order. */
function localizationsOf(item: Localized) {
  const sorted = (localizations: Localizations) =>
    Object.fromEntries(
      Object.entries(localizations ?? {})
        .filter(([, text]) => typeof text === "string")
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return {
    name_localizations: sorted(item.name_localizations),
    description_localizations: sorted(item.description_localizations),
  };
}

function normaliseOption(option: ComparableOption): Record<string, unknown> {
  return {
    type: option.type,
    name: option.name,
    description: option.description,
    ...localizationsOf(option),
    required: option.required ?? false,
    autocomplete: option.autocomplete ?? false,
    min_value: option.min_value ?? null,
    max_value: option.max_value ?? null,
    min_length: option.min_length ?? null,
    max_length: option.max_length ?? null,
    choices: (option.choices ?? []).map((choice) => ({
      name: choice.name,
      value: choice.value,
      name_localizations: localizationsOf(choice).name_localizations,
    })),
    options: (option.options ?? []).map(normaliseOption),
  };
}
