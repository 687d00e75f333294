// The core's public entry: everything an adapter (adapters/discord, adapters/slack,
// adapters/console) may use, and nothing else. Adapters import the core only from here
// (test/architecture/layers.test.ts holds them to it), so what the core offers them is this
// one list: views, actors and roles, the catalogue and its runner, destinations, failure
// verdicts, in-flight work, connection state. The composition root (app/) and the tests may
// import any file of the core; an adapter that needs something new adds it here.
export type { ArgumentSpec, CompletionSource } from "./catalogue/arguments.js";
export type { Catalogue } from "./catalogue/catalogue.js";
export type { AnyCommand } from "./catalogue/command.js";
export { commandDraft } from "./catalogue/command-draft.js";
export type { CompletionProvider, Suggestion } from "./catalogue/completions.js";
export { explainCommand } from "./catalogue/explain.js";
export { moderationSettingsOf } from "./catalogue/moderation-settings.js";
export { formArguments, parseArguments, usageOf } from "./catalogue/parse-arguments.js";
export type { CommandRequest, CommandRunner } from "./catalogue/runner.js";
export { ShownError } from "./catalogue/shown-error.js";
export { parseCommandArgv, parseCommandText } from "./catalogue/text-parser.js";
export {
  quoteWord,
  readWords,
  type TypedWord,
  UnclosedQuoteError,
} from "./catalogue/tokenizer.js";
export { catalogued, localizedWord } from "./catalogue/wording.js";
export { AttemptTimeout } from "./chat-api/attempt-timeout.js";
export { createCatalogue } from "./command-list.js";
export { type Config, ConfigError } from "./config.js";
export type { Core } from "./core.js";
export type { CardChange } from "./feed/card-events.js";
export {
  type AttemptSpan,
  DESTINATION_PURPOSES,
  type Destination,
  type DestinationPurpose,
  type Pace,
} from "./feed/destination.js";
export { cardView, reportsTable } from "./feed/report-card.js";
export { REPORTS_LISTED } from "./feed/report-store.js";
export { yesOrNo } from "./i18n/answers.js";
export { displayClock, displayMinute, zoneAbbreviation } from "./i18n/display-time.js";
export {
  DEFAULT_LOCALE,
  type Locale,
  localeOfTag,
  SUPPORTED_LOCALES,
  terminalLocale,
} from "./i18n/locales.js";
export {
  PLAIN_PRESENTATION,
  type Presentation,
  presentation,
  presenting,
} from "./i18n/presentation.js";
export { loadLocales, type MessageKey, type MessageValues, t } from "./i18n/translate.js";
export { type Logger, silentLogger } from "./log.js";
export { ACTION_PREFIX } from "./moderation/actions.js";
export {
  type Actor,
  hasRole,
  operatorActor,
  ROLES_LOW_TO_HIGH,
  type Role,
} from "./moderation/roles.js";
export { storeDownView } from "./moderation/store-down-view.js";
export { PROCESS_COMMANDS } from "./process-commands.js";
export { ConnectionState } from "./runtime/connection-state.js";
export {
  type FailureVerdict,
  httpStatusVerdict,
  networkFailure,
  noAnswer,
} from "./runtime/failure-verdict.js";
export type { BotHttpServer } from "./runtime/http-server.js";
export { InFlight } from "./runtime/in-flight.js";
export { utcMinute } from "./runtime/utc-minute.js";
export type { ReplayGuard } from "./store/replay-guard.js";
export {
  FORM_ACTION_PREFIX,
  type FormRequest,
  formAction,
  readFormAction,
} from "./view/form-action.js";
export { inertLine, inertLines } from "./view/inert-text.js";
export { plural } from "./view/plural.js";
export type {
  ActionStyle,
  Outcome,
  View,
  ViewAction,
  ViewColumn,
  ViewField,
  ViewImage,
  ViewMenu,
  ViewPlayer,
  ViewTable,
  ViewValue,
} from "./view/view.js";
