// `chatwarden manifest slack [--http URL]` and `chatwarden manifest discord`: the platforms'
// view of the catalogue, printed. It runs offline: the catalogue as the configuration shapes it
// (its limits show in usage and options), no chat API, no store, no platform token.
// Slack's manifest has one description per command, which every user sees: it is written in the
// team's language, CHATWARDEN_LOCALE (never the terminal's LANG: the build writes the checked-in
// English one). Discord's definitions carry every language's names and descriptions, English
// as the default.
import { z } from "zod";
import type { Config } from "../src/config.js";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "../src/i18n/locales.js";
import { presenting } from "../src/i18n/presentation.js";
import { loadLocales } from "../src/i18n/translate.js";

const HELP = '"chatwarden manifest --help" explains it';

const requestUrlSchema = z
  .url({
    protocol: /^https$/,
    error:
      "--http takes the https:// URL where Slack reaches the bot, such as https://bot.example.com",
  })
  .refine((url) => !/[?#]/.test(url), "--http takes the URL without a query or fragment");

const argumentsSchema = z.discriminatedUnion("platform", [
  z.object({ platform: z.literal("slack"), http: requestUrlSchema.optional() }),
  z.object({
    platform: z.literal("discord"),
    http: z.undefined({ error: "--http is for slack only" }),
  }),
]);

type ManifestArguments = z.infer<typeof argumentsSchema>;

export async function runManifestCommand(
  args: readonly string[],
  config: Readonly<Config>,
  out: NodeJS.WritableStream,
): Promise<number> {
  const request = await readArguments(args);
  const { offlineCatalogue } = await import("../adapters/console/offline-catalogue.js");
  const catalogue = offlineCatalogue(config);
  if (request.platform === "discord") {
    const { discordManifest } = await import("../adapters/discord/manifest.js");
    await loadLocales(SUPPORTED_LOCALES);
    out.write(discordManifest(catalogue));
    return 0;
  }
  const { slackManifest } = await import("../adapters/slack/manifest.js");
  const team = { locale: config.locale ?? DEFAULT_LOCALE, timeZone: config.displayTimeZone };
  await loadLocales([team.locale]);
  const mode =
    request.http === undefined
      ? { mode: "socket" as const }
      : { mode: "http" as const, requestUrl: request.http };
  out.write(presenting(team, () => slackManifest(catalogue, mode)));
  return 0;
}

async function readArguments(args: readonly string[]): Promise<ManifestArguments> {
  const { CommandLineFailure, EXIT_USAGE } = await import("../adapters/console/failure.js");
  const fail = (message: string) => new CommandLineFailure(`manifest: ${message}`, EXIT_USAGE);
  const positionals: string[] = [];
  let http: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? "";
    if (arg === "--http" || arg.startsWith("--http=")) {
      if (http !== undefined) throw fail(`--http is given twice; ${HELP}`);
      http = arg === "--http" ? args[++index] : arg.slice("--http=".length);
      if (http === undefined) throw fail(`--http needs the URL; ${HELP}`);
    } else if (arg.startsWith("-")) {
      throw fail(`no option ${arg.split("=")[0]}; ${HELP}`);
    } else {
      positionals.push(arg);
    }
  }
  const [platform, extra] = positionals;
  if (platform === undefined) throw fail(`name the platform, slack or discord; ${HELP}`);
  if (extra !== undefined) throw fail(`unexpected "${extra}"; ${HELP}`);
  if (platform !== "slack" && platform !== "discord") {
    throw fail(`no platform "${platform}": slack or discord; ${HELP}`);
  }
  const result = argumentsSchema.safeParse({ platform, http });
  if (!result.success) throw fail(result.error.issues[0]?.message ?? HELP);
  return result.data;
}
