// The languages a Discord client can be set to, as Discord names them in an interaction's
// `locale` and a guild's `preferred_locale` (https://discord.com/developers/docs/reference#locales;
// the same list is AvailableLocalesEnum in the vendored OpenAPI description,
// test/fixtures/platform-specs/discord/openapi.json). A test cannot make a member whose client
// speaks a language Discord does not offer (`ko-KR`, `en`): Discord would never send it.
export const DISCORD_LOCALES = [
  "ar",
  "bg",
  "cs",
  "da",
  "de",
  "el",
  "en-GB",
  "en-US",
  "es-419",
  "es-ES",
  "fi",
  "fr",
  "he",
  "hi",
  "hr",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "lt",
  "nl",
  "no",
  "pl",
  "pt-BR",
  "ro",
  "ru",
  "sv-SE",
  "th",
  "tr",
  "uk",
  "vi",
  "zh-CN",
  "zh-TW",
] as const;

export type DiscordLocale = (typeof DISCORD_LOCALES)[number];
