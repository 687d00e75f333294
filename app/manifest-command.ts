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
import { loadLocales, t } from "../src/i18n/translate.js";

const help = () => t("terminal.manifest.help");

// The messages are made when a value is refused, in the language of the run refusing it.
const requestUrlSchema = z
  .url({ protocol: /^https$/, error: () => t("terminal.manifest.httpNotHttps") })
  .refine((url) => !/[?#]/.test(url), { error: () => t("terminal.manifest.httpWithQuery") });

const argumentsSchema = z.discriminatedUnion("platform", [
  z.object({ platform: z.literal("slack"), http: requestUrlSchema.optional() }),
  z.object({
    platform: z.literal("discord"),
    http: z.undefined({ error: () => t("terminal.manifest.httpSlackOnly") }),
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
  const helpLine = help();
  const positionals: string[] = [];
  let http: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? "";
    if (arg === "--http" || arg.startsWith("--http=")) {
      if (http !== undefined) throw fail(t("terminal.manifest.httpTwice", { help: helpLine }));
      http = arg === "--http" ? args[++index] : arg.slice("--http=".length);
      if (http === undefined) throw fail(t("terminal.manifest.httpNeedsUrl", { help: helpLine }));
    } else if (arg.startsWith("-")) {
      const option = arg.split("=")[0] ?? arg;
      throw fail(t("terminal.manifest.unknownOption", { option, help: helpLine }));
    } else {
      positionals.push(arg);
    }
  }
  const [platform, extra] = positionals;
  if (platform === undefined) throw fail(t("terminal.manifest.noPlatform", { help: helpLine }));
  if (extra !== undefined)
    throw fail(t("terminal.manifest.unexpected", { word: extra, help: helpLine }));
  if (platform !== "slack" && platform !== "discord") {
    throw fail(t("terminal.manifest.unknownPlatform", { platform, help: helpLine }));
  }
  const result = argumentsSchema.safeParse({ platform, http });
  if (!result.success) throw fail(result.error.issues[0]?.message ?? helpLine);
  return result.data;
}
