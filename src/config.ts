// The bot's configuration: the environment (and a .env file, if present) parsed with zod into
// one typed, frozen object. Bad values stop start-up with one line for each variable, all of them
// at once, so that one start names everything to fix.
// Secrets are wrapped in Secret, so printing, logging or JSON-serialising the config shows
// "[secret]" and never the value.
import { validate as validateCron } from "node-cron";
import { z } from "zod";
import { isKnownTimeZone } from "./chat-api/time.js";
import { readDotEnv } from "./dotenv.js";
import { type Locale, SUPPORTED_LOCALES } from "./i18n/locales.js";
import { type MessageKey, type MessageValues, t } from "./i18n/translate.js";
import type { LogFormat } from "./log.js";
import { DEFAULT_BAN_LADDER_DAYS, ladderBeyondMax, readLadder } from "./moderation/ladder.js";
import {
  DEFAULT_CATEGORY_WEIGHTS,
  DEFAULT_PRIORITY_LEVELS,
  DEFAULT_PRIORITY_WEIGHTS,
  type PriorityRules,
  readCategoryWeights,
  readPriorityLevels,
  readPriorityWeights,
} from "./moderation/priority.js";
import { type SlackTokenVariable, slackTokenProblem } from "./slack-token-kind.js";

/** A secret string that does not reveal itself when printed, logged or serialised. */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return "[secret]";
  }
  toJSON(): string {
    return "[secret]";
  }
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return "[secret]";
  }
}

/**
 * What a check says when it fails, made when it fails (not when the schema is built): in the
 * language of the start-up or doctor that reads the configuration.
 */
const says = (key: MessageKey, values?: MessageValues) => ({ error: () => t(key, values) });

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** An optional id of a known form: Discord snowflakes, Slack channel ids. */
const optionalId = (pattern: RegExp, what: MessageKey) =>
  z.preprocess(blankToUndefined, z.string().regex(pattern, says(what)).optional());
const toSecret = (value: string | undefined) =>
  value === undefined ? undefined : new Secret(value);
const secret = z.preprocess(blankToUndefined, z.string().optional().transform(toSecret));
/** A Slack token of the kind its prefix says (slack-token-kind.ts); the error never quotes it. */
const slackToken = (variable: SlackTokenVariable) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .superRefine((token, context) => {
        const problem = slackTokenProblem(variable, token);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .optional()
      .transform(toSecret),
  );
const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number(says("operator.config.wholeNumber"))
      .int(says("operator.config.wholeNumber"))
      .min(1, says("operator.config.atLeastOne"))
      .max(max, says("operator.config.atMost", { max: String(max) }))
      .default(fallback),
  );
const nonNegativeInt = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number(says("operator.config.wholeNumber"))
      .int(says("operator.config.wholeNumber"))
      .min(0, says("operator.config.zeroOrMore"))
      .default(fallback),
  );
const httpUrl = z
  .url({ protocol: /^https?$/, ...says("operator.config.httpUrl") })
  .transform((url) => url.replace(/\/+$/, ""));
/** true/false, yes/no or 1/0, in any case: `REQUIRE_REASON=TRUE` is as true as `true`. */
const booleanFlag = z.preprocess(
  (value) => (typeof value === "string" ? blankToUndefined(value.trim().toLowerCase()) : value),
  z
    .enum(["true", "false", "1", "0", "yes", "no"], says("operator.config.trueOrFalse"))
    .default("false")
    .transform((value) => value === "true" || value === "1" || value === "yes"),
);
/** Comma-separated ids, e.g. Discord role ids or Slack user ids. */
const idList = (pattern: RegExp, what: MessageKey) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((id) => id.trim())
          .filter((id) => id !== ""),
      )
      .pipe(z.array(z.string().regex(pattern, says(what)))),
  );
type TextRead = { ok: true } | { ok: false; problem: string };
/**
 * Text of rules (`CHEATING=4,SPAM=1`), checked by `read` and kept as written: the documented
 * default is the text itself, and assemble() reads it into its shape once it is known to be good.
 */
const rulesText = (fallback: string, read: (text: string) => TextRead) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(fallback)
      .superRefine((text, context) => {
        const checked = read(text);
        if (!checked.ok) context.addIssue({ code: "custom", message: checked.problem });
      }),
  );
/** A node-cron schedule; the error (`problem`) shows the default as the example. */
const cronExpression = (fallback: string, problem: MessageKey) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(fallback)
      .refine(validateCron, says(problem, { example: fallback })),
  );
const discordId = /^\d{17,20}$/;
const slackUserId = /^[UW][A-Z0-9]{2,}$/;
const slackChannelId = /^[CGD][A-Z0-9]{2,}$/;
const slackUserGroupId = /^S[A-Z0-9]{2,}$/;
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const LOG_FORMATS = ["pretty", "json"] as const satisfies readonly LogFormat[];

/**
 * Every variable the bot reads, in the order problems are named and the variables documented
 * (docs/configuration.md, held to this schema by test/docs/configuration.test.ts).
 */
export const environmentSchema = z.object({
  CHAT_API_BASE_URL: z.preprocess(
    blankToUndefined,
    httpUrl
      .refine((url) => /\/chat\/v1$/.test(url), says("operator.config.chatApiPath"))
      .optional(),
  ),
  CHAT_API_TOKEN: secret,
  CHAT_API_TIMEOUT_MS: positiveInt(5_000, 120_000),
  // An answer is decoded into one string, and V8 strings stop at 512 MiB (less 24 bytes).
  CHAT_API_MAX_BODY_MB: positiveInt(256, 500),
  CHAT_TIMEZONE: z.preprocess(
    blankToUndefined,
    z.string().default("UTC").refine(isKnownTimeZone, says("operator.config.timeZone")),
  ),
  // How times are shown to moderators; CHAT_TIMEZONE stays the zone the chat API writes in.
  DISPLAY_TIMEZONE: z.preprocess(
    blankToUndefined,
    z.string().default("UTC").refine(isKnownTimeZone, says("operator.config.timeZone")),
  ),
  CHATWARDEN_LOCALE: z.preprocess(
    (value) => (typeof value === "string" ? blankToUndefined(value.toLowerCase()) : value),
    z
      .enum(
        SUPPORTED_LOCALES,
        says("operator.config.locale", { languages: SUPPORTED_LOCALES.join(", ") }),
      )
      .optional(),
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
  // Replicas share PostgreSQL; unset, the store is the SQLite file in DATA_DIR. It carries a
  // password, so it is a Secret like the tokens.
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(isPostgresUrl, says("operator.config.databaseUrl"))
      .optional()
      .transform(toSecret),
  ),
  REPORT_POLL_CRON: cronExpression("*/30 * * * * *", "operator.config.reportPollCron"),
  REPORT_BACKFILL: nonNegativeInt(10),
  REPORT_GROUP_MINUTES: nonNegativeInt(60),
  BAN_SYNC_CRON: cronExpression("0 */5 * * * *", "operator.config.banSyncCron"),
  DISCORD_TOKEN: secret,
  DISCORD_APPLICATION_ID: optionalId(discordId, "operator.config.discordId"),
  DISCORD_GUILD_ID: optionalId(discordId, "operator.config.discordId"),
  DISCORD_REPORT_CHANNEL_ID: optionalId(discordId, "operator.config.discordId"),
  DISCORD_AUDIT_CHANNEL_ID: optionalId(discordId, "operator.config.discordId"),
  DISCORD_MODERATOR_ROLE_IDS: idList(discordId, "operator.config.discordRoleIds"),
  DISCORD_ADMIN_ROLE_IDS: idList(discordId, "operator.config.discordRoleIds"),
  DISCORD_API_URL: z.preprocess(blankToUndefined, httpUrl.default("https://discord.com/api")),
  SLACK_BOT_TOKEN: slackToken("SLACK_BOT_TOKEN"),
  SLACK_SIGNING_SECRET: secret,
  SLACK_APP_TOKEN: slackToken("SLACK_APP_TOKEN"),
  SLACK_REPORT_CHANNEL_ID: optionalId(slackChannelId, "operator.config.slackChannelId"),
  SLACK_AUDIT_CHANNEL_ID: optionalId(slackChannelId, "operator.config.slackChannelId"),
  SLACK_MODERATOR_USER_IDS: idList(slackUserId, "operator.config.slackUserIds"),
  SLACK_ADMIN_USER_IDS: idList(slackUserId, "operator.config.slackUserIds"),
  SLACK_API_URL: z.preprocess(
    blankToUndefined,
    // bolt's WebClient joins method names onto this, so it must keep its trailing slash.
    z
      .url({ protocol: /^https?$/, ...says("operator.config.httpUrl") })
      .default("https://slack.com/api/")
      .transform((url) => (url.endsWith("/") ? url : `${url}/`)),
  ),
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(says("operator.config.portNumber"))
      .int(says("operator.config.portNumber"))
      .min(0, says("operator.config.portRange"))
      .max(65_535, says("operator.config.portRange"))
      .default(3000),
  ),
  METRICS_TOKEN: secret,
  CONFIRM_BAN_DAYS_OVER: positiveInt(30),
  MAX_BAN_DAYS: positiveInt(3650),
  REQUIRE_REASON: booleanFlag,
  BAN_LADDER_DAYS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(DEFAULT_BAN_LADDER_DAYS)
      .transform((text, context) => {
        const ladder = readLadder(text);
        if (ladder.ok) return ladder.days;
        context.addIssue({ code: "custom", message: ladder.problem });
        return z.NEVER;
      }),
  ),
  PRIORITY_CATEGORY_WEIGHTS: rulesText(DEFAULT_CATEGORY_WEIGHTS, readCategoryWeights),
  PRIORITY_WEIGHTS: rulesText(DEFAULT_PRIORITY_WEIGHTS, readPriorityWeights),
  PRIORITY_LEVELS: rulesText(DEFAULT_PRIORITY_LEVELS, readPriorityLevels),
  PRIORITY_ALERT_DISCORD_ROLE_ID: optionalId(discordId, "operator.config.discordRoleId"),
  PRIORITY_ALERT_SLACK_GROUP_ID: optionalId(slackUserGroupId, "operator.config.slackUserGroupId"),
  // Five fields: a digest's slot is a minute (digest-slots.ts), read in CHAT_TIMEZONE.
  DIGEST_CRON: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (text) => text.trim().split(/\s+/).length === 5 && validateCron(text),
        says("operator.config.digestCron"),
      )
      .optional(),
  ),
  REPORT_REMIND_MINUTES: nonNegativeInt(0),
  LOG_LEVEL: z.preprocess(
    (value) => (typeof value === "string" ? blankToUndefined(value.toLowerCase()) : value),
    z
      .enum(LOG_LEVELS, says("operator.config.oneOf", { values: LOG_LEVELS.join(", ") }))
      .default("info"),
  ),
  LOG_FORMAT: z.preprocess(
    (value) => (typeof value === "string" ? blankToUndefined(value.toLowerCase()) : value),
    z
      .enum(LOG_FORMATS, says("operator.config.oneOf", { values: LOG_FORMATS.join(", ") }))
      .optional(),
  ),
});

type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  /** Unset: the bot runs the built-in emulator with demo data. */
  chatApi: { baseUrl: string; token: Secret } | undefined;
  chatApiTimeoutMs: number;
  /** The largest chat API answer read, in MB (1 MB = 1,048,576 bytes). */
  chatApiMaxBodyMb: number;
  chatTimeZone: string;
  /** The zone times are shown in (DISPLAY_TIMEZONE). */
  displayTimeZone: string;
  /**
   * The team's language (CHATWARDEN_LOCALE): what everyone sees (cards, audit posts, digests)
   * and what an answer falls back to. Unset: English, and a terminal's LC_ALL/LANG.
   */
  locale: Locale | undefined;
  dataDir: string;
  /** PostgreSQL shared by replicas; unset: SQLite in dataDir. */
  databaseUrl?: Secret;
  reportPollCron: string;
  reportBackfill: number;
  /** A new report joins its player's open card when the card is younger than this (0: never). */
  reportGroupMinutes: number;
  /** When the leader reads the ban list for bans made and lifted outside the bot (ban-sync.ts). */
  banSyncCron: string;
  discord:
    | {
        token: Secret;
        applicationId: string;
        guildId: string;
        reportChannelId: string | undefined;
        auditChannelId: string | undefined;
        moderatorRoleIds: readonly string[];
        adminRoleIds: readonly string[];
        apiUrl: string;
      }
    | undefined;
  slack:
    | {
        botToken: Secret;
        mode: { kind: "http"; signingSecret: Secret } | { kind: "socket"; appToken: Secret };
        reportChannelId: string | undefined;
        auditChannelId: string | undefined;
        moderatorUserIds: readonly string[];
        adminUserIds: readonly string[];
        apiUrl: string;
      }
    | undefined;
  port: number;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. Unset: /metrics is open. */
  metricsToken?: Secret;
  confirmBanDaysOver: number;
  maxBanDays: number;
  requireReason: boolean;
  /** The sanction ladder: the suggested ban, in days, for a first offence, a second, and so on. */
  banLadderDays: readonly number[];
  /** How a card's priority is reckoned (moderation/priority.ts). */
  priority: PriorityRules;
  /**
   * Whom a card that becomes high priority alerts, once, in the report channel: a Discord role,
   * a Slack user group. Neither: no alert.
   */
  priorityAlert: { discordRoleId?: string; slackUserGroupId?: string };
  /** When the shift digest is posted to each report channel, in chatTimeZone; unset: never. */
  digestCron: string | undefined;
  /** A card still open this long after its first report is reminded of once; 0: never. */
  reportRemindMinutes: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Unset: pretty when the log goes to a terminal, JSON otherwise (createLogger decides). */
  logFormat?: LogFormat;
}

/** One variable's problem: `PORT` and `must be a port number`. */
export interface ConfigProblem {
  variable: string;
  problem: string;
}

/** `PORT must be a port number`, in the language of the work running now. */
export function configProblemText({ variable, problem }: ConfigProblem): string {
  return t("operator.config.problem", { variable, problem });
}

/** Every configuration problem found, one line each, naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(problems.map(configProblemText).join("\n"));
    this.name = "ConfigError";
  }

  /** The variables to fix, in the order the problems were named. */
  get variables(): string[] {
    return this.problems.map(({ variable }) => variable);
  }
}

/**
 * Reads `.env` into `env` (existing variables win, as with dotenv), if the file exists. Returns a
 * warning for each line that is not KEY=value, for the caller to print.
 */
export function loadDotEnv(
  path = ".env",
  env: Record<string, string | undefined> = process.env,
): string[] {
  const file = readDotEnv(path);
  for (const [key, value] of Object.entries(file.values)) env[key] ??= value;
  return file.warnings;
}

/** The configuration, or a ConfigError naming every variable that is wrong. */
export function parseConfig(env: Record<string, string | undefined>): Readonly<Config> {
  const parsed = environmentSchema.safeParse(env);
  // zod checks every variable and lists each issue; the first of each variable is its problem.
  const problems: ConfigProblem[] = [];
  for (const issue of parsed.error?.issues ?? []) {
    const variable = String(issue.path[0] ?? "environment");
    if (!problems.some((known) => known.variable === variable)) {
      problems.push({ variable, problem: issue.message });
    }
  }
  problems.push(...missingCompanions(env));
  problems.push(...disagreements(env));
  if (problems.length > 0 || !parsed.success) throw new ConfigError(inTableOrder(problems));
  const config = assemble(parsed.data);
  // The default ladder fits any MAX_BAN_DAYS: its steps beyond it are left out (a ladder that
  // was set must fit, or the start stops: disagreements).
  if (!isSet(env, "BAN_LADDER_DAYS")) {
    config.banLadderDays = config.banLadderDays.filter((days) => days <= config.maxBanDays);
  }
  return deepFreeze(config);
}

/**
 * Variables that only work together, by whether each is set (not whether it is valid, which is
 * the schema's to say), so that a missing companion is named beside an invalid value.
 */
function missingCompanions(env: Record<string, string | undefined>): ConfigProblem[] {
  const set = (variable: keyof Environment) => isSet(env, variable);
  const problems: ConfigProblem[] = [];
  const need = (variable: keyof Environment, problem: MessageKey, values?: MessageValues) =>
    problems.push({ variable, problem: t(problem, values) });
  const requiredWith = (variable: keyof Environment, other: keyof Environment) =>
    need(variable, "operator.config.requiredWith", { other });
  const adapter = (variable: keyof Environment, platform: string) =>
    need(variable, "operator.config.requiredForAdapter", { platform });

  if (set("CHAT_API_TOKEN") && !set("CHAT_API_BASE_URL")) {
    requiredWith("CHAT_API_BASE_URL", "CHAT_API_TOKEN");
  }
  if (set("CHAT_API_BASE_URL") && !set("CHAT_API_TOKEN")) {
    requiredWith("CHAT_API_TOKEN", "CHAT_API_BASE_URL");
  }
  if (set("DISCORD_TOKEN")) {
    if (!set("DISCORD_APPLICATION_ID")) requiredWith("DISCORD_APPLICATION_ID", "DISCORD_TOKEN");
    if (!set("DISCORD_GUILD_ID")) requiredWith("DISCORD_GUILD_ID", "DISCORD_TOKEN");
  } else if (set("DISCORD_APPLICATION_ID") || set("DISCORD_GUILD_ID")) {
    adapter("DISCORD_TOKEN", "Discord");
  }
  if (set("SLACK_BOT_TOKEN")) {
    if (!set("SLACK_APP_TOKEN") && !set("SLACK_SIGNING_SECRET")) {
      need("SLACK_SIGNING_SECRET", "operator.config.slackSecretOrAppToken");
    }
  } else if (set("SLACK_APP_TOKEN") || set("SLACK_SIGNING_SECRET")) {
    adapter("SLACK_BOT_TOKEN", "Slack");
  }
  const alertNeeds = (alert: keyof Environment, channel: keyof Environment) => {
    if (set(alert) && !set(channel)) need(channel, "operator.config.alertChannel", { alert });
  };
  alertNeeds("PRIORITY_ALERT_DISCORD_ROLE_ID", "DISCORD_REPORT_CHANNEL_ID");
  alertNeeds("PRIORITY_ALERT_SLACK_GROUP_ID", "SLACK_REPORT_CHANNEL_ID");
  return problems;
}

/**
 * Values valid one by one that cannot work together (the ladder past the longest ban), found
 * whatever else is wrong, so that one start names it too; an invalid value is named as itself.
 */
function disagreements(env: Record<string, string | undefined>): ConfigProblem[] {
  if (!isSet(env, "BAN_LADDER_DAYS")) return [];
  const { shape } = environmentSchema;
  const ladder = shape.BAN_LADDER_DAYS.safeParse(env.BAN_LADDER_DAYS);
  const maxBanDays = shape.MAX_BAN_DAYS.safeParse(env.MAX_BAN_DAYS);
  if (!ladder.success || !maxBanDays.success) return [];
  const beyond = ladderBeyondMax(ladder.data, maxBanDays.data);
  return beyond ? [{ variable: "BAN_LADDER_DAYS", problem: beyond }] : [];
}

/** Whether the environment sets `variable` (a blank value is unset). */
function isSet(env: Record<string, string | undefined>, variable: keyof Environment): boolean {
  return blankToUndefined(env[variable]) !== undefined;
}

const VARIABLE_ORDER: readonly string[] = Object.keys(environmentSchema.shape);

/** Problems in the order the variables are declared (and documented), each variable once. */
function inTableOrder(problems: readonly ConfigProblem[]): ConfigProblem[] {
  const rank = (problem: ConfigProblem) => {
    const index = VARIABLE_ORDER.indexOf(problem.variable);
    return index === -1 ? VARIABLE_ORDER.length : index;
  };
  return problems
    .filter(
      (problem, index) => problems.findIndex((p) => p.variable === problem.variable) === index,
    )
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * Settings that are valid one by one but do not work together as meant: worth a line at start-up,
 * not a refusal to start.
 */
export function configWarnings(config: Readonly<Config>): string[] {
  const warnings: string[] = [];
  if (config.confirmBanDaysOver > config.maxBanDays) {
    warnings.push(
      t("operator.config.confirmAboveMax", {
        confirm: String(config.confirmBanDaysOver),
        max: String(config.maxBanDays),
      }),
    );
  }
  // Both post only in report channels (and the demo console shows neither).
  const reportChannel = config.discord?.reportChannelId ?? config.slack?.reportChannelId;
  if (config.digestCron && !reportChannel) {
    warnings.push(t("operator.config.digestWithoutChannel"));
  }
  if (config.reportRemindMinutes > 0 && !reportChannel) {
    warnings.push(t("operator.config.remindWithoutChannel"));
  }
  return warnings;
}

function assemble(env: Environment): Config {
  return {
    chatApi: chatApiSection(env),
    chatApiTimeoutMs: env.CHAT_API_TIMEOUT_MS,
    chatApiMaxBodyMb: env.CHAT_API_MAX_BODY_MB,
    chatTimeZone: env.CHAT_TIMEZONE,
    displayTimeZone: env.DISPLAY_TIMEZONE,
    locale: env.CHATWARDEN_LOCALE,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    reportPollCron: env.REPORT_POLL_CRON,
    reportBackfill: env.REPORT_BACKFILL,
    reportGroupMinutes: env.REPORT_GROUP_MINUTES,
    banSyncCron: env.BAN_SYNC_CRON,
    discord: discordSection(env),
    slack: slackSection(env),
    port: env.PORT,
    metricsToken: env.METRICS_TOKEN,
    confirmBanDaysOver: env.CONFIRM_BAN_DAYS_OVER,
    maxBanDays: env.MAX_BAN_DAYS,
    requireReason: env.REQUIRE_REASON,
    banLadderDays: env.BAN_LADDER_DAYS,
    priority: priorityRulesOf(env),
    priorityAlert: {
      ...(env.PRIORITY_ALERT_DISCORD_ROLE_ID
        ? { discordRoleId: env.PRIORITY_ALERT_DISCORD_ROLE_ID }
        : {}),
      ...(env.PRIORITY_ALERT_SLACK_GROUP_ID
        ? { slackUserGroupId: env.PRIORITY_ALERT_SLACK_GROUP_ID }
        : {}),
    },
    digestCron: env.DIGEST_CRON,
    reportRemindMinutes: env.REPORT_REMIND_MINUTES,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
  };
}

/** The priority rules from their texts, which the schema has checked already. */
function priorityRulesOf(env: Environment): PriorityRules {
  const categories = readCategoryWeights(env.PRIORITY_CATEGORY_WEIGHTS);
  const weights = readPriorityWeights(env.PRIORITY_WEIGHTS);
  const levels = readPriorityLevels(env.PRIORITY_LEVELS);
  if (!categories.ok || !weights.ok || !levels.ok) {
    throw new Error("the priority rules were checked before they were read");
  }
  return { categories: categories.weights, weights: weights.weights, levels: levels.levels };
}

// The sections below are assembled once missingCompanions() has found nothing missing: a part is
// on when its variables are set, together.

function chatApiSection(env: Environment): Config["chatApi"] {
  if (!env.CHAT_API_BASE_URL || !env.CHAT_API_TOKEN) return undefined;
  return { baseUrl: env.CHAT_API_BASE_URL, token: env.CHAT_API_TOKEN };
}

function discordSection(env: Environment): Config["discord"] {
  const {
    DISCORD_TOKEN: token,
    DISCORD_APPLICATION_ID: applicationId,
    DISCORD_GUILD_ID: guildId,
  } = env;
  if (!token || !applicationId || !guildId) return undefined;
  return {
    token,
    applicationId,
    guildId,
    reportChannelId: env.DISCORD_REPORT_CHANNEL_ID,
    auditChannelId: env.DISCORD_AUDIT_CHANNEL_ID,
    moderatorRoleIds: env.DISCORD_MODERATOR_ROLE_IDS,
    adminRoleIds: env.DISCORD_ADMIN_ROLE_IDS,
    apiUrl: env.DISCORD_API_URL,
  };
}

function slackSection(env: Environment): Config["slack"] {
  const {
    SLACK_BOT_TOKEN: botToken,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_APP_TOKEN: appToken,
  } = env;
  const mode: NonNullable<Config["slack"]>["mode"] | undefined = appToken
    ? { kind: "socket", appToken }
    : signingSecret
      ? { kind: "http", signingSecret }
      : undefined;
  if (!botToken || !mode) return undefined;
  return {
    botToken,
    mode,
    reportChannelId: env.SLACK_REPORT_CHANNEL_ID,
    auditChannelId: env.SLACK_AUDIT_CHANNEL_ID,
    moderatorUserIds: env.SLACK_MODERATOR_USER_IDS,
    adminUserIds: env.SLACK_ADMIN_USER_IDS,
    apiUrl: env.SLACK_API_URL,
  };
}

/**
 * Every secret the configuration holds, revealed: what must never be stored or shown (the chat
 * API token, Discord and Slack tokens, the signing secret, and any secret added later).
 */
export function secretValues(config: Readonly<Config>): string[] {
  const found: string[] = [];
  const collect = (value: unknown) => {
    if (value instanceof Secret) found.push(value.reveal());
    else if (value && typeof value === "object")
      for (const child of Object.values(value)) collect(child);
  };
  collect(config);
  return found;
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === "object" && !(value instanceof Secret) && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.host !== "";
  } catch {
    return false;
  }
}
