// The argument kinds commands are declared with. Each carries a zod schema that turns the raw
// value (a word typed in Slack or a terminal, a Discord option) into the handler's value, and
// the facts adapters derive their forms from: description, example, kind, bounds, completion.
// Every refusal names the argument and says what is allowed.
import { z } from "zod";
import { yesOrNo } from "../i18n/answers.js";
import { t } from "../i18n/translate.js";
import { splitWordList, UnclosedQuoteError } from "./tokenizer.js";
import { lookedUpWhenRead, overlaid, say, type Wording } from "./wording.js";

export type ArgumentKind = "text" | "integer" | "days" | "words" | "boolean";

/** What an adapter may offer as completions; the core answers (CompletionProvider). */
export type CompletionSource =
  /** Players of the ban list; `player`: any player the bot has seen. */
  "banned-gamer" | "player" | "channel-group" | "channel-name" | "language" | "command";

export interface ArgumentSpec<Value = unknown> {
  /** In the language of the work reading it: the factories below look it up when read. */
  description: string;
  example: string;
  kind: ArgumentKind;
  required: boolean;
  /** Takes every remaining word (only the last positional argument). */
  variadic?: boolean;
  /**
   * Takes the rest of the line exactly as typed, quotes and spacing included (only the last
   * positional argument): free text such as a system message, which the quoting rules never read.
   */
  freeText?: boolean;
  /** Bounds for integer-like kinds, so forms can enforce them too. */
  min?: number;
  max?: number;
  maxLength?: number;
  choices?: readonly string[];
  completion?: CompletionSource;
  /** Named option only (`--reason R` in text, a form field), never a positional word. */
  flag?: boolean;
  /**
   * Set on an argument that names a player: a gamer_id, or a name the player directory knows
   * (player-argument.ts resolves it before the command runs). `skip` says when the value is read
   * as something else (`reports 20`: a limit).
   */
  player?: { skip?: (args: Record<string, unknown>) => boolean };
  /**
   * Words that may follow a bare number as its unit, typed as a word of their own (`3 days`):
   * the text parser gives them to this argument, so they never start the reason.
   */
  unitWords?: readonly string[];
  schema: z.ZodType<Value>;
}

const VISIBLE = /^[^\s\p{C}]+$/u;

/** The same argument, but one that may be left out. */
export function optional<Value>(
  spec: ArgumentSpec<Value>,
  changes: Partial<Omit<ArgumentSpec<Value>, "schema" | "required">> = {},
): ArgumentSpec<Value | undefined> {
  return overlaid(overlaid(spec, changes), {
    required: false,
    schema: spec.schema.optional(),
  }) as ArgumentSpec<Value | undefined>;
}

/** A gamer_id as the chat API takes one: 1-64 visible characters, no spaces. */
export const GAMER_ID_RULE = "gamer_id must be 1-64 visible characters with no spaces";
export const MAX_GAMER_ID_LENGTH = 64;
/** The longest player name a command takes: longer than any id, as names are. */
export const MAX_PLAYER_NAME_LENGTH = 100;

export function isGamerId(text: string): boolean {
  return text.length >= 1 && text.length <= MAX_GAMER_ID_LENGTH && VISIBLE.test(text);
}

const playerTextRule = () =>
  t("argument.gamerId.rule", {
    maxId: MAX_GAMER_ID_LENGTH,
    maxName: MAX_PLAYER_NAME_LENGTH,
  });
const CONTROL = /\p{Cc}/u;

/**
 * A player: a gamer_id, or a name the bot has seen with one (player-argument.ts resolves it
 * before the command runs, so a handler always gets the id). Names are player content and may
 * hold spaces; they are trimmed, and refused empty, longer than MAX_PLAYER_NAME_LENGTH or with a
 * line break or another control character.
 */
export function gamerIdArgument(
  purpose: Wording,
  completion: CompletionSource = "player",
): ArgumentSpec<string> {
  return described(() => t("argument.gamerId.description", { purpose: say(purpose) }), {
    example: "gamer-42",
    kind: "text",
    required: true,
    maxLength: MAX_PLAYER_NAME_LENGTH,
    completion,
    player: {},
    schema: z
      .string({ error: () => t("argument.gamerId.required") })
      .trim()
      .min(1, { error: () => t("argument.gamerId.requiredOrName") })
      .refine((text) => text.length <= MAX_PLAYER_NAME_LENGTH && !CONTROL.test(text), {
        error: playerTextRule,
      }),
  });
}

// 일 and 주 (day, week): a Korean moderator types 3일 or 2주 as an English one types 3d or 2w.
const DAY_UNITS = ["d", "day", "days", "일"];
const WEEK_UNITS = ["w", "wk", "wks", "week", "weeks", "주"];
const DAYS_PATTERN = /^(\d+)\s*(\p{L}*)$/iu;

/** `3`, `3d`, `3 days`, `2w` or `2 weeks`: a whole number of days from 1 to `maxDays`. */
export function daysArgument(maxDays: number): ArgumentSpec<number> {
  return described(() => t("argument.days.description", { max: maxDays }), {
    example: "7d",
    kind: "days",
    required: true,
    min: 1,
    max: maxDays,
    unitWords: [...DAY_UNITS, ...WEEK_UNITS],
    schema: z
      .union([z.string(), z.number()], { error: () => t("argument.days.required") })
      .transform((raw, context) => {
        const [, number, unit = ""] = DAYS_PATTERN.exec(String(raw).trim()) ?? [];
        const word = unit.toLowerCase();
        const factor =
          word === "" || DAY_UNITS.includes(word) ? 1 : WEEK_UNITS.includes(word) ? 7 : 0;
        const days = number === undefined || factor === 0 ? Number.NaN : Number(number) * factor;
        if (!Number.isSafeInteger(days) || days < 1 || days > maxDays) {
          context.addIssue({ code: "custom", message: t("argument.days.rule", { max: maxDays }) });
          return z.NEVER;
        }
        return days;
      }),
  });
}

/** Required when REQUIRE_REASON is set; forms and slash options then mark it required too. */
export function reasonArgument(required = false): ArgumentSpec<string | undefined> {
  return described(() => t("argument.reason.description"), {
    example: "spam in global chat",
    kind: "text",
    required,
    flag: true,
    maxLength: 500,
    schema: z
      .string()
      .trim()
      .max(500, { error: () => t("argument.reason.tooLong", { max: 500 }) })
      .optional()
      .transform((value) => (value === "" ? undefined : value)),
  });
}

/** A channel group or channel name: any non-empty text without line breaks. */
export function nameArgument(
  name: "group" | "name" | "channel",
  description: Wording,
  example: string,
  completion: CompletionSource,
): ArgumentSpec<string> {
  const message = () => t("argument.name.rule", { name, kind: name, max: 100 });
  return described(() => say(description), {
    example,
    kind: "text",
    required: true,
    maxLength: 100,
    completion,
    schema: z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(100, { error: message })
      .refine((text) => !/[\r\n]/.test(text), { error: message }),
  });
}

/**
 * Free text that ends a command (`freeText`): one line, trimmed, at most `maxLength` UTF-16 units
 * as every platform's limits count them. A line break or another control character is refused:
 * the text is sent as it is to every player, and shown whole in the question before it is.
 */
export function freeTextArgument(
  name: string,
  description: Wording,
  example: string,
  maxLength: number,
): ArgumentSpec<string> {
  return described(() => say(description), {
    example,
    kind: "text",
    required: true,
    freeText: true,
    maxLength,
    schema: z
      .string({ error: () => t("argument.freeText.notText", { name }) })
      .trim()
      .superRefine((text, context) => {
        const problem =
          text === ""
            ? t("argument.freeText.empty", { name })
            : text.length > maxLength
              ? t("argument.freeText.tooLong", { name, max: maxLength, length: text.length })
              : /\p{Cc}/u.test(text)
                ? t("argument.freeText.oneLine", { name })
                : undefined;
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
  });
}

export function positiveIntegerArgument(
  name: string,
  description: Wording,
  example: string,
  max: number,
): ArgumentSpec<number> {
  const message = () => t("argument.integer.rule", { name, max: String(max) });
  const schema = z.union([z.string(), z.number()], { error: message }).transform((raw, context) => {
    const number =
      typeof raw === "number" ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < 1 || number > max) {
      context.addIssue({ code: "custom", message: message() });
      return z.NEVER;
    }
    return number;
  });
  return described(() => say(description), {
    example,
    kind: "integer",
    required: true,
    min: 1,
    max,
    schema,
  });
}

const YES = ["yes", "true", "y", "1", "on"];
const NO = ["no", "false", "n", "0", "off"];

export function booleanArgument(name: string, description: Wording): ArgumentSpec<boolean> {
  return described(() => say(description), {
    example: "yes",
    kind: "boolean",
    required: false,
    schema: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((raw, context) => {
        if (raw === undefined || typeof raw === "boolean") return raw ?? false;
        const word = raw.trim().toLowerCase();
        // 예 and 아니오 too: a Korean moderator answers as at a confirmation (answers.ts).
        if (YES.includes(word) || yesOrNo(word) === "yes") return true;
        if (NO.includes(word) || yesOrNo(word) === "no") return false;
        context.addIssue({ code: "custom", message: t("argument.boolean.rule", { name }) });
        return z.NEVER;
      }),
  });
}

/** A switch: `--open` alone means yes (text-parser.ts); a checkbox-like option on Discord. */
export function switchArgument(name: string, description: Wording): ArgumentSpec<boolean> {
  return overlaid(booleanArgument(name, description), { flag: true });
}

const CULTURE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

/** `all`, or a .NET culture name like `ko-KR`, sent lower-cased as the API's samples show. */
export function languageArgument(): ArgumentSpec<string> {
  const message = () => t("argument.language.rule");
  return described(() => t("argument.language.description"), {
    example: "ko-kr",
    kind: "text",
    required: true,
    maxLength: 35,
    completion: "language",
    schema: z
      .string({ error: message })
      .trim()
      .toLowerCase()
      .refine((code) => code === "all" || CULTURE.test(code), { error: message }),
  });
}

/** One or more words; trimmed, empty ones refused, duplicates folded case-insensitively. */
export function wordsArgument(): ArgumentSpec<string[]> {
  const message = () => t("argument.words.rule");
  return described(() => t("argument.words.description"), {
    example: '"gold seller" scam',
    kind: "words",
    required: true,
    variadic: true,
    schema: z
      .union([z.string(), z.array(z.string())], { error: message })
      .transform((raw, context) => {
        let list: string[];
        try {
          // One field holding every word (Discord's option, a form) reads as typed words do.
          list = (typeof raw === "string" ? splitWordList(raw) : raw).map((w) => w.trim());
        } catch (error) {
          if (!(error instanceof UnclosedQuoteError)) throw error;
          context.addIssue({ code: "custom", message: error.shown() });
          return z.NEVER;
        }
        if (list.length === 0 || list.some((word) => word === "")) {
          context.addIssue({ code: "custom", message: message() });
          return z.NEVER;
        }
        if (list.some((word) => word.length > 100)) {
          context.addIssue({ code: "custom", message: t("argument.words.tooLong", { max: 100 }) });
          return z.NEVER;
        }
        return dedupeCaseInsensitive(list);
      }),
  });
}

/** A spec whose description is `read` each time it is shown, in the reader's language. */
export function described<Value>(
  read: () => string,
  spec: Omit<ArgumentSpec<Value>, "description">,
): ArgumentSpec<Value> {
  return lookedUpWhenRead(spec, "description", read);
}

/** Keeps the first spelling of each word, comparing case-insensitively. */
export function dedupeCaseInsensitive(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const word of words) {
    const key = word.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(word);
  }
  return kept;
}
