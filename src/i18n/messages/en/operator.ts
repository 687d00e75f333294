// Operator-facing texts outside the commands: configuration problems (start-up and doctor), start-up lines, the emulator's usage.
// Variable names, option names and their values stay as typed in every language. A problem of
// one variable (`operator.config.*`, ladder, priority, Slack token) is what follows its name
// (`PORT must be a port number`): `operator.config.problem` puts the two together. Numbers are
// given as they were written (strings), so none is grouped (120000, not 120,000).
export const operator = {
  // One variable's problem, as start-up and the doctor name it (src/config.ts ConfigError).
  "operator.config.problem": "{variable} {problem}",

  // What a variable must be (src/config.ts environmentSchema).
  "operator.config.discordId": "must be a Discord id (digits)",
  "operator.config.discordRoleId": "must be a Discord role id (digits)",
  "operator.config.slackChannelId": "must be a Slack channel id such as C0123ABCD",
  "operator.config.slackUserGroupId": "must be a Slack user group id such as S0123ABCD",
  "operator.config.discordRoleIds": "must be a comma-separated list of Discord role ids",
  "operator.config.slackUserIds":
    "must be a comma-separated list of Slack user ids such as U0123ABCD",
  "operator.config.wholeNumber": "must be a whole number",
  "operator.config.atLeastOne": "must be at least 1",
  "operator.config.atMost": "must be at most {max}",
  "operator.config.zeroOrMore": "must be 0 or more",
  "operator.config.httpUrl": "must be an http(s) URL",
  "operator.config.trueOrFalse": "must be true or false",
  "operator.config.reportPollCron":
    "must be a cron expression such as {example} (every 30 seconds)",
  "operator.config.banSyncCron": "must be a cron expression such as {example} (every 5 minutes)",
  "operator.config.chatApiPath": "must end in /chat/v1",
  "operator.config.timeZone": "must be an IANA time zone such as UTC or Asia/Seoul",
  "operator.config.locale": "must be one of the supported languages: {languages}",
  "operator.config.databaseUrl":
    "must be a postgres:// or postgresql:// URL such as postgres://chatwarden:…@db:5432/chatwarden",
  "operator.config.portNumber": "must be a port number",
  "operator.config.portRange": "must be a port number from 0 to 65535",
  "operator.config.digestCron":
    "must be a five-field cron expression such as 0 9,21 * * * (09:00 and 21:00)",
  "operator.config.oneOf": "must be one of {values}",

  // Variables that only work together (src/config.ts missingCompanions).
  "operator.config.requiredWith": "is required when {other} is set",
  "operator.config.requiredForAdapter": "is required to enable the {platform} adapter",
  "operator.config.slackSecretOrAppToken":
    "or SLACK_APP_TOKEN is required with SLACK_BOT_TOKEN (HTTP mode or Socket Mode)",
  "operator.config.alertChannel":
    "is required when {alert} is set: the alert goes to the report channel",

  // Settings valid one by one that do not work together: warnings (src/config.ts configWarnings).
  "operator.config.confirmAboveMax":
    "CONFIRM_BAN_DAYS_OVER ({confirm}) is above MAX_BAN_DAYS ({max}): no ban can be long enough to be confirmed; set it below MAX_BAN_DAYS, or equal to it to turn confirmation off",
  "operator.config.digestWithoutChannel":
    "DIGEST_CRON is set, but no report channel is (DISCORD_REPORT_CHANNEL_ID, SLACK_REPORT_CHANNEL_ID): no digest is posted",
  "operator.config.remindWithoutChannel":
    "REPORT_REMIND_MINUTES is set, but no report channel is (DISCORD_REPORT_CHANNEL_ID, SLACK_REPORT_CHANNEL_ID): no reminder is posted",

  // A line of .env left out (src/dotenv.ts); the line itself is never repeated.
  "operator.dotenv.notASetting": "{file} line {line} is not KEY=value, so it was ignored",

  // BAN_LADDER_DAYS (src/moderation/ladder.ts).
  "operator.ladder.notDays":
    "must be whole numbers of days separated by commas, such as {example}: {empty, select, yes {an empty step} other {{step}}} is not",
  "operator.ladder.notIncreasing": "must increase from step to step: {value} follows {previous}",
  "operator.ladder.tooManySteps": "must have at most {max} steps",
  "operator.ladder.beyondMax": "must stay within MAX_BAN_DAYS ({max}): {days} is longer",

  // PRIORITY_CATEGORY_WEIGHTS, PRIORITY_WEIGHTS, PRIORITY_LEVELS (src/moderation/priority.ts).
  "operator.priority.categoryShape":
    "must give each category a number, as CATEGORY=weight separated by commas ({example}): {empty, select, yes {an empty entry} other {{entry}}} is not",
  "operator.priority.categoryNotNumber":
    "must give each category a number, as CATEGORY=weight separated by commas ({example}): {entry} is not a number",
  "operator.priority.categoryTwice": "must name each category once: {name} is named twice",
  "operator.priority.pairsShape":
    "must be name=number pairs separated by commas, the names among {names}: {empty, select, yes {an empty entry} other {{entry}}} is not",
  "operator.priority.unknownName":
    "must be name=number pairs separated by commas, the names among {names}: {empty, select, yes {an empty name} other {{name}}} is none of them",
  "operator.priority.pairNotNumber":
    "must be name=number pairs separated by commas, the names among {names}: {entry} is not a number",
  "operator.priority.nameTwice": "must name each once: {name} is named twice",
  "operator.priority.bothLevels": "must give both levels, as {example}",
  "operator.priority.highAboveMedium":
    "must put high above medium: high={high} is not above medium={medium}",

  // A Slack token in the wrong variable (src/slack-token-kind.ts): only its prefix is named.
  "operator.slackToken.wrongKind":
    "must be {variable, select, SLACK_BOT_TOKEN {the app's bot token, which starts xoxb- (OAuth & Permissions, Bot User OAuth Token)} other {an app-level token, which starts xapp- (Basic Information, App-Level Tokens)}}",
  "operator.slackToken.otherKind":
    "must be {variable, select, SLACK_BOT_TOKEN {the app's bot token, which starts xoxb- (OAuth & Permissions, Bot User OAuth Token)} other {an app-level token, which starts xapp- (Basic Information, App-Level Tokens)}}; this one starts {prefix}, as {kind, select, bot {a bot token} app {an app-level token} other {a user token}} does{owner, select, none {} other {: is it {owner}''s?}}",

  // What `serve` and `demo` print as they start (app/run-app.ts, app/components/chat-api.ts).
  "operator.startup.connected": "Connected to the chat API: {count} channel group(s).",
  "operator.startup.notAnswering": "The chat API is not answering yet: {reason}",
  "operator.startup.http":
    "HTTP on port {port} (/healthz /readyz /metrics{loopback, select, yes {, on {host} only} other {}}). Ctrl-C stops.",
  /** The port is taken: `setting` is what sets it (PORT for serve, --port for the emulator). */
  "operator.startup.portInUse": "port {port} is already in use: set {setting} to a free port",
  /** A second stop signal while stopping (app/signals.ts). */
  "operator.startup.signalAgain": "{signal} again: stopping now",

  // `chatwarden emulator` (emulator/usage.ts, emulator/command.ts).
  "operator.emulator.usage": `usage: chatwarden emulator [--port N] [--token T] [--seed demo|empty]
                           [--report-every SECONDS] [--controls] [--host ADDRESS]

  The chat/v1 emulator alone, for integrators and end-to-end tests. It runs until Ctrl-C.

  --port N                 the port to listen on (default 4010; 0 picks a free one)
  --token T                the token requests must carry (default {token})
  --seed demo|empty        start with demo data, or with nothing (default demo)
  --report-every SECONDS   add a new report every SECONDS
  --controls               serve the test controls under /__control (faults, injected reports)
  --host ADDRESS           the address to listen on (default 127.0.0.1: this machine only)
`,
  "operator.emulator.port": "--port must be a port number from 0 to 65535",
  "operator.emulator.token": "--token must not be empty",
  "operator.emulator.seed": "--seed must be demo or empty",
  "operator.emulator.reportEvery": "--report-every must be a number of seconds",
  "operator.emulator.reportEveryPositive": "--report-every must be a number of seconds above 0",
  "operator.emulator.invalid": "the options are not valid",
  "operator.emulator.help": '"chatwarden emulator --help" lists them',
  "operator.emulator.unknownOption": "emulator has no option {option}; {help}",
  "operator.emulator.positional": 'emulator takes options only, not "{word}"; {help}',
  "operator.emulator.listening": "chat/v1 emulator listening at {baseUrl}",
  "operator.emulator.givenToken": "master token: the one given with --token",
  "operator.emulator.controls": "test controls at {url}",
} as const;
