// One argument declaration as a Discord slash-command option. The kinds map to option types:
//   text     STRING, with max_length, and choices or autocomplete when the argument has them
//   integer  INTEGER, with min_value and max_value
//   days     STRING, so that 3, 3d, 3 days and 2w all work as on every other surface; Discord cannot
//            enforce the bounds on a string, so the description states them and the core checks
//   words    STRING: one field holding every word, which the core splits as typed words are split
//            (quotes, backslashes), with commas separating phrases; Discord has no repeated options
//   boolean  BOOLEAN
// Flag arguments (--reason) are ordinary optional options: a slash command has no positions.
// Names need no check here: the catalogue's declaration rules (src/catalogue/declaration-rules.ts)
// are stricter than Discord's. Descriptions and choice names are shown: made inert like every
// text slot (text.ts), then cut.
import { type APIApplicationCommandBasicOption, ApplicationCommandOptionType } from "discord.js";
import type { ArgumentSpec } from "../../src/index.js";
import { LIMITS } from "./limits.js";
import { cut, plainLine } from "./text.js";

export function commandOption(name: string, spec: ArgumentSpec): APIApplicationCommandBasicOption {
  const base = {
    name,
    description: cut(plainLine(describe(spec)), LIMITS.commandDescription),
    required: spec.required,
  };
  switch (spec.kind) {
    case "integer":
      return {
        ...base,
        type: ApplicationCommandOptionType.Integer,
        ...(spec.min === undefined ? {} : { min_value: spec.min }),
        ...(spec.max === undefined ? {} : { max_value: spec.max }),
        ...(spec.completion ? { autocomplete: true } : {}),
      };
    case "boolean":
      return { ...base, type: ApplicationCommandOptionType.Boolean };
    case "days":
    case "words":
      return { ...base, type: ApplicationCommandOptionType.String };
    case "text":
      return {
        ...base,
        type: ApplicationCommandOptionType.String,
        ...(spec.maxLength === undefined
          ? {}
          : { max_length: Math.min(spec.maxLength, LIMITS.stringOptionLength) }),
        ...textChoices(spec),
      };
  }
}

/** Discord allows either fixed choices (at most 25) or autocomplete, never both. */
function textChoices(spec: ArgumentSpec) {
  if (spec.choices && spec.choices.length <= LIMITS.choices) {
    return {
      choices: spec.choices.map((choice) => ({
        name: cut(plainLine(choice), LIMITS.choiceText),
        value: choice,
      })),
    };
  }
  return spec.completion ? { autocomplete: true } : {};
}

/** How the core reads one field of words (src/catalogue/tokenizer.ts, splitWordList). */
const WORDS_FIELD =
  'words or phrases, e.g. scam, gold seller or scam "gold seller" (with no comma, spaces separate)';

/**
 * The description, with what the option type cannot enforce or show: the bounds of days, and
 * how one text field holds many words.
 */
function describe(spec: ArgumentSpec): string {
  if (spec.kind === "words") return WORDS_FIELD;
  const { min, max } = spec;
  if (spec.kind !== "days" || min === undefined || max === undefined) return spec.description;
  const stated = spec.description.includes(String(min)) && spec.description.includes(String(max));
  return stated ? spec.description : `${spec.description} (${min} to ${max})`;
}
