// How a terminal is spoken to: in CHATWARDEN_LOCALE, else the language of its POSIX locale
// (LC_ALL, then LANG: `ko_KR.UTF-8` is Korean), else English; times in DISPLAY_TIMEZONE.
import { type Config, type Presentation, terminalLocale } from "../../src/index.js";

export function terminalPresentation(
  config: Pick<Config, "locale" | "displayTimeZone">,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Presentation {
  return { locale: terminalLocale(config.locale, env), timeZone: config.displayTimeZone };
}
