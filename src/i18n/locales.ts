// The languages chatwarden speaks, and how a language tag from anywhere names one of them:
// Discord's interaction locale (`ko`, `en-US`), Slack's user locale (`ko-KR`), a POSIX locale
// from LC_ALL or LANG (`ko_KR.UTF-8`), or CHATWARDEN_LOCALE itself.

/** Every language with a catalogue under messages/, in the order they are listed to operators. */
export const SUPPORTED_LOCALES = ["en", "ko"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** What chatwarden speaks when nothing says otherwise. */
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: string): value is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * The supported language a tag asks for, by its primary language subtag: `ko`, `ko-KR` and
 * `ko_KR.UTF-8` are Korean, `en-GB` is English; `C`, `POSIX`, `fr-FR` or nothing: undefined.
 */
export function localeOfTag(tag: string | undefined): Locale | undefined {
  const language = tag
    ?.trim()
    .toLowerCase()
    .split(/[-_.@]/)[0];
  return language !== undefined && isLocale(language) ? language : undefined;
}

/**
 * The terminal's language: CHATWARDEN_LOCALE if set, else the first of LC_ALL and LANG that is
 * set (as POSIX reads them: LC_ALL overrides LANG), if it is a supported one, else English.
 */
export function terminalLocale(
  configured: Locale | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Locale {
  if (configured) return configured;
  const posix = [env.LC_ALL, env.LANG].find((value) => value !== undefined && value !== "");
  return localeOfTag(posix) ?? DEFAULT_LOCALE;
}
