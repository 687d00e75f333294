// Texts of the terminal area: the console, one-shot commands, the `chatwarden` command's usage
// and failures, backup, cases export, manifest, the demo's banner and the doctor. See
// ../README.md for what each area holds. Command words, options and variable names stay as
// typed in every language; `<command>` and `{...}` that are printed are quoted ('<', '{').
// A count is shown as {count}, not #: # groups digits (1,234), and these texts never did.
export const terminal = {
  // The console (adapters/console/repl.ts).
  "terminal.console.welcome":
    "chatwarden console: type help for the commands; Tab completes; exit leaves.",
  "terminal.console.choosePrompt":
    "choose {count, plural, =1 {1} other {1-{count}}} (Enter to skip)> ",
  "terminal.console.chooseHint":
    "{count, plural, =1 {choose 1} other {choose a number from 1 to {count}}}{confirmation, select, yes { (y or n)} other {}}, or Enter to skip",
  "terminal.console.noYesOrNo": "There is no yes or no to answer here: {hint}.",
  "terminal.console.noSuchChoice": "There is no choice {text}: {hint}.",
  "terminal.console.neitherChoiceNorCommand": '"{text}" is neither a choice nor a command: {hint}.',
  "terminal.console.completeTheLine": "complete the line: type {missing}, then Enter",
  "terminal.console.typeThis": "type: {line}",
  "terminal.console.somethingWentWrong": "Something went wrong: {message}",
  /** A question left unanswered, in the console or a one-shot command. */
  "terminal.unanswered":
    "{how, select, cancelled {cancelled} other {skipped}}{nothingDone, select, yes {: nothing was done} other {}}",

  // `--page N` (adapters/console/page-option.ts).
  "terminal.page.notANumber": "--page must be a page number",
  "terminal.page.notWhole": "--page must be a whole number",
  "terminal.page.tooLow": "--page must be 1 or more",
  "terminal.page.missing": "--page needs a page number, e.g. --page 2",
  "terminal.page.invalid": "--page is not valid",

  // How views read at a terminal (render.ts, render-table.ts, time-text.ts).
  "terminal.table.leftOut": "Left out to fit {width} columns: {columns}.",
  "terminal.time.now": "now",
  "terminal.time.unknown": "unknown time",

  // The feed's cards as the console tells of them (card-news.ts).
  "terminal.cardNews.opened": "New: {title}",
  "terminal.cardNews.updated": "Updated: {title}",
  "terminal.cardNews.actionsHint": "report {reportId} shows its actions",
  "terminal.cardNews.newReports":
    "{count, plural, one {{count} new report} other {{count} new reports}}:",
  "terminal.cardNews.moreNewReports":
    "and {count, plural, one {{count} more new report} other {{count} more new reports}}",

  // One-shot commands (adapters/console/one-shot.ts, app/one-shot.ts).
  "terminal.oneShot.invalidArguments": "invalid arguments for {command}: {problem}",
  "terminal.oneShot.nextPage": "(--page {next} shows the next page)",
  "terminal.oneShot.noTerminalToConfirm":
    "{command} must be confirmed and there is no terminal to ask: pass --yes to go ahead (nothing was done)",
  "terminal.oneShot.goAhead": "Go ahead? [y/N] ",
  "terminal.oneShot.nameShared":
    "{typed} matches {count} players: {ids}; give the id (nothing was done)",
  "terminal.oneShot.whichOne": "Which one? [1-{count}, Enter: none] ",
  "terminal.oneShot.noChatApi":
    'no chat API configured: set CHAT_API_BASE_URL and CHAT_API_TOKEN (environment or .env), or run "chatwarden demo" to try the commands against the built-in emulator',

  // The `chatwarden` command (app/cli.ts, adapters/console/failure.ts).
  "terminal.cli.warning": "warning: {warning}",
  "terminal.cli.noCommand": 'no command "{word}"{offer}; run "chatwarden help" for the list',
  "terminal.failure.configuration": "configuration: {problem}",

  // Wrong options of backup and cases export (app/parse-failure.ts).
  "terminal.options.unknown": "{command} has no option {option}; {help}",
  "terminal.options.needsValue": "{option} needs a value; {help}",
  "terminal.options.takesNoValue": "{option} takes no value; {help}",

  // `chatwarden backup` (app/backup-command.ts).
  "terminal.backup.help": '"chatwarden backup --help" explains it',
  "terminal.backup.noFile":
    "backup needs the FILE to write: chatwarden backup FILE [--force]; {help}",
  "terminal.backup.twoFiles": "backup takes one FILE; {help}",
  "terminal.backup.emptyFile": "FILE must not be empty; {help}",
  "terminal.backup.done":
    "backed up {cases, plural, one {{cases} case} other {{cases} cases}} ({size}) to {file}",
  "terminal.backup.fileExists": "{problem}: add --force to replace it",

  // `chatwarden cases export` (app/cases/*).
  "terminal.cases.help": '"chatwarden cases --help" explains it',
  "terminal.cases.noSubcommand":
    "cases needs a subcommand: chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]; {help}",
  "terminal.cases.unknownSubcommand":
    'cases has no subcommand "{subcommand}"{offer}; its one subcommand is export; {help}',
  "terminal.cases.extraArgument":
    'cases export takes no argument "{argument}": give the range with --since and --until; {help}',
  "terminal.cases.unknownFormat": 'unknown format "{format}": --format takes {formats}; {help}',
  "terminal.cases.rangeReversed":
    "--until {until} ends the range before --since {since} starts it: it would hold no case",
  "terminal.cases.notADate":
    '{option} "{text}" is not a date: write 2026-11-01 (a day, UTC) or 2026-11-01T09:30:00Z (a moment, with Z or an offset such as +09:00)',
  "terminal.cases.noTimeZone":
    '{option} "{text}" does not say its time zone: add Z for UTC or an offset such as +09:00',
  "terminal.cases.exportFailed": "the export failed, so any output is incomplete: {problem}",

  // `chatwarden manifest` (app/manifest-command.ts).
  "terminal.manifest.help": '"chatwarden manifest --help" explains it',
  "terminal.manifest.httpNotHttps":
    "--http takes the https:// URL where Slack reaches the bot, such as https://bot.example.com",
  "terminal.manifest.httpWithQuery": "--http takes the URL without a query or fragment",
  "terminal.manifest.httpSlackOnly": "--http is for slack only",
  "terminal.manifest.httpTwice": "--http is given twice; {help}",
  "terminal.manifest.httpNeedsUrl": "--http needs the URL; {help}",
  "terminal.manifest.unknownOption": "no option {option}; {help}",
  "terminal.manifest.noPlatform": "name the platform, slack or discord; {help}",
  "terminal.manifest.unexpected": 'unexpected "{word}"; {help}',
  "terminal.manifest.unknownPlatform": 'no platform "{platform}": slack or discord; {help}',

  // The demo's banner (app/demo.ts).
  "terminal.demo.folder":
    "demo data: {folder} (cases{withLog, select, yes { and {logFile}} other {}}; emptied at each start, kept apart from a real chat API's)",
  "terminal.demo.emulator":
    "{why, select, serving {No CHAT_API_BASE_URL set} other {chatwarden demo}}: running the built-in chat/v1 emulator with demo data at {baseUrl}",
  "terminal.demo.token":
    "master token: {token}   (try: curl -H 'Authorization: Bearer {token}' {baseUrl}/report_list)",

  // What `chatwarden help` and `chatwarden <command> --help` print (adapters/console/usage.ts,
  // app/cli.ts).
  "terminal.usage.processCommands": `usage: chatwarden '<command>'

  serve        the bot (what npm start runs); with no CHAT_API_BASE_URL, against the
               built-in emulator with demo data (and the console, at a terminal)
  demo         the built-in emulator with demo data, and the console to try every command
  emulator     the chat/v1 emulator alone:
               chatwarden emulator [--port N] [--token T] [--seed demo|empty]
                                   [--report-every SECONDS] [--controls]
  doctor       checks the configuration, DATA_DIR, the chat API and the platforms, one line
               each with the fix: chatwarden doctor [--json]
  backup       a consistent copy of the store, while the bot runs: chatwarden backup FILE [--force]
  cases        every case of a time range on stdout, as CSV or JSON Lines:
               chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]
  manifest     the Slack app manifest or the Discord command definitions, from the catalogue:
               chatwarden manifest slack [--http URL] | discord
  help         this list; chatwarden help '<command>' explains one
`,
  "terminal.usage.chatCommands": `Chat commands, run once against CHAT_API_BASE_URL (exit code 0 on success):
  chatwarden '<command>' [args] [--reason R] [--json] [--yes] [--page N]`,
  "terminal.usage.serve": `usage: chatwarden serve

  The bot: every adapter whose variables are set (Discord, Slack), the report feed, and HTTP
  on PORT (/healthz, /readyz, /metrics, /slack/events). Configuration comes from the
  environment and .env. Run "chatwarden doctor" first to check it.
  With no CHAT_API_BASE_URL it runs the built-in emulator with demo data instead: its cases go
  to DATA_DIR/demo, HTTP listens on 127.0.0.1 only, and at a terminal the console opens.
  SIGTERM or Ctrl-C stops it gracefully: no new work is taken, commands and deliveries under
  way finish (at most 10 s), and what was not sent waits for the next start. A second signal
  stops it at once.
`,
  "terminal.usage.demo": `usage: chatwarden demo

  The built-in chat/v1 emulator with demo data (new reports keep arriving) and the console,
  to try every command. Its cases and log go to DATA_DIR/demo, emptied at each start, apart
  from a real deployment's; the emulator listens on 127.0.0.1 only.
  exit, quit, Ctrl-D, or Ctrl-C on an empty line leave.
`,
  "terminal.usage.backup": `usage: chatwarden backup FILE [--force]

  Copies the store in DATA_DIR to FILE while the bot keeps running (SQLite's online backup),
  checks the copy (PRAGMA integrity_check), and prints how many cases it holds. The copy is
  written beside FILE first and renamed into place, so a failed backup leaves nothing at FILE.

  --force   replace FILE if it exists

  To restore: stop the bot, copy FILE to DATA_DIR/chatwarden.sqlite, remove any
  chatwarden.sqlite-wal and chatwarden.sqlite-shm beside it, and start the bot.

  With DATABASE_URL set the store is PostgreSQL: back it up with pg_dump "$DATABASE_URL" > file.
`,
  "terminal.usage.cases": `usage: chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]

  Writes every case recorded in the range to stdout, oldest first: CSV with a header (RFC 4180,
  the default) or one JSON object a line (--format jsonl, as history --json shows a case). It
  streams from the store while the bot keeps running, in the same memory however many cases.

  --since DATE   from this day or moment on (inclusive); without it, from the first case
  --until DATE   up to this moment (exclusive), or to the end of this day; without it, to now
  --format F     csv or jsonl

  DATE is a day, 2026-11-01 (the whole day in UTC, as cases are shown), or a moment with its
  time zone, 2026-11-01T09:30:00Z or 2026-11-01T18:30+09:00. In CSV, a cell that begins with
  = + - @, a tab or a line break is written with a ' before it, so that a spreadsheet shows it
  as text rather than run it as a formula; JSON Lines carry every text as it is.

  Example: chatwarden cases export --since 2026-11-01 --until 2026-11-30 > november.csv
`,
  "terminal.usage.doctor": `usage: chatwarden doctor [--json]

  Checks the configuration, DATA_DIR, the chat API and its token, and, when they are set up,
  Discord (token, application id, guild, report and audit channel permissions, role ids) and
  Slack (token, scopes, the bot in the report and audit channels). One line per check, with
  the fix for each failure; it changes nothing. Exit code 0 when no check failed, 1 otherwise.
  --json prints '{"ok": boolean, "checks": [{"name", "result", "detail", "fix"}]}' instead.
`,
  "terminal.usage.manifest": `usage: chatwarden manifest slack [--http URL]
       chatwarden manifest discord

  Prints what the platforms are told about chatwarden's commands, derived from the catalogue;
  it needs no token and changes nothing.
  slack             the Slack app manifest (YAML): slash commands with their usage, bot
                    scopes, interactivity, Socket Mode. Paste it under https://api.slack.com/apps
                    -> Create New App -> From a manifest. slack-manifest.yml is this output.
  slack --http URL  the same for HTTP mode: slash commands and interactivity use
                    URL/slack/events (https://, where the bot's PORT is reached).
  discord           the slash command definitions (JSON), exactly as the bot registers them
                    with the guild at start-up.
`,

  // `chatwarden doctor` (app/doctor/*): the summary and the lines of the configuration, the
  // store and the chat API. Check names stay as they are (scripts read them in --json).
  "terminal.doctor.unknownOption":
    'doctor: unknown option "{option}"; usage: chatwarden doctor [--json]',
  "terminal.doctor.allPassed": "All {total} checks passed.",
  "terminal.doctor.nonePassedSkipped":
    "{passed} of {total} checks passed ({skipped} skipped); none failed.",
  "terminal.doctor.warned": "{count, plural, one {{count} warning.} other {{count} warnings.}}",
  "terminal.doctor.someFailed":
    "{failed} of {total} checks failed{skipped, plural, =0 {} other { ({skipped} skipped)}}.",
  "terminal.doctor.checkFailed": "the check itself failed: {message}",
  "terminal.doctor.checkFailedFix": "a chatwarden bug: please report it with this line",
  "terminal.doctor.seconds": "{value} s",
  "terminal.doctor.noConnection": "no connection",
  "terminal.doctor.configuration.changeFix":
    "change the variables named here, in the environment or .env",
  "terminal.doctor.configuration.valid": "valid; {parts}",
  "terminal.doctor.configuration.invalidFix":
    "set {variables} to {count, plural, one {a valid value} other {valid values}}, in the environment or .env; then run the doctor again to check the rest",
  "terminal.doctor.configuration.chatApiAt": "chat API at {host}",
  "terminal.doctor.configuration.noChatApi": "no chat API (demo emulator)",
  "terminal.doctor.configuration.discord": "{on, select, yes {Discord on} other {Discord off}}",
  "terminal.doctor.configuration.slack":
    "{mode, select, socket {Slack on (Socket Mode)} http {Slack on (HTTP mode)} other {Slack off}}",
  "terminal.doctor.dataDir.fix": "set DATA_DIR to a folder this user can write",
  "terminal.doctor.dataDir.canBeMade":
    "{folder} does not exist yet and can be made; serve makes it, and the store {file} in it, on its first start",
  "terminal.doctor.dataDir.noStoreYet":
    "{folder} is writable; no store yet: serve creates {file} there on its first start",
  "terminal.doctor.dataDir.opens": "{folder} is writable; the store {file} opens read-write",
  "terminal.doctor.database.fix":
    "check DATABASE_URL (postgres://user:password@host:5432/database)",
  "terminal.doctor.database.noStore": "{location} answers, but holds no chatwarden store yet",
  "terminal.doctor.database.noStoreFix":
    "start chatwarden serve once: it creates the tables (or check that DATABASE_URL names the right database)",
  "terminal.doctor.database.behind": "{location} is at schema version {version} of {current}",
  "terminal.doctor.database.behindFix": "start chatwarden serve: it migrates the database on start",
  "terminal.doctor.database.ahead":
    "{location} was migrated by a newer chatwarden (schema version {version}; this one knows {current})",
  "terminal.doctor.database.aheadFix": "run the newer chatwarden on every replica",
  "terminal.doctor.database.leader": "{holder} leads since {since}",
  "terminal.doctor.database.noLeader": "no replica leads right now",
  "terminal.doctor.database.current":
    "{location} answers; its schema is current (version {current}); {leads}",
  "terminal.doctor.database.timeout": "{location} did not answer within {seconds}",
  "terminal.doctor.database.timeoutFix":
    "check the host and port in DATABASE_URL, and that the server runs",
  "terminal.doctor.chatApi.notConfigured":
    "not configured: serve would run the built-in emulator with demo data (set CHAT_API_BASE_URL and CHAT_API_TOKEN for a game's chat)",
  "terminal.doctor.chatApi.answered": "{where} answered in {ms} ms",
  "terminal.doctor.chatApi.accepted":
    "accepted (GET /open_channel_groups: {groups} channel group(s))",
  "terminal.doctor.chatApi.tokenFix": "set CHAT_API_TOKEN to the chat/v1 master token",
  "terminal.doctor.chatApi.tokenNotChecked":
    "not checked: the chat API did not answer as chat/v1 does",
  "terminal.doctor.chatApi.rejected": "rejected the master token (400701)",
  "terminal.doctor.chatApi.networkFix":
    "check CHAT_API_BASE_URL (host and port), and that this machine can reach it",
  "terminal.doctor.chatApi.timeoutFix":
    "check that the chat API is up; a slow one needs a larger CHAT_API_TIMEOUT_MS",
  "terminal.doctor.rateLimitFix": "wait a minute and run the doctor again",
  "terminal.doctor.chatApi.notChatV1Fix":
    "check that CHAT_API_BASE_URL points at the chat/v1 API itself (ending in /chat/v1), not a proxy or a web page",
  "terminal.doctor.chatApi.notFoundFix": "check CHAT_API_BASE_URL: it must end in /chat/v1",
  "terminal.doctor.chatApi.failingFix":
    "the chat API is failing: try again later, or ask its operators",

  "terminal.doctor.discord.permissionFix":
    "give the bot's role {missing} in that channel (Edit Channel → Permissions)",
  "terminal.doctor.discord.tokenNotChecked":
    "{why, select, refused {not checked: Discord did not accept the token} other {not checked: Discord did not answer}}",
  "terminal.doctor.discord.tokenValid": "valid: bot {bot} ({id})",
  "terminal.doctor.discord.guildNotChecked":
    "{why, select, refused {not checked: the bot is not in the guild} other {not checked: the guild could not be read}}",
  "terminal.doctor.discord.member": "the bot is a member of guild {guild}",
  "terminal.doctor.discord.rolesNotRead": "not checked: the guild's roles could not be read",
  "terminal.doctor.discord.tokenRefused": "{refusal}: Discord refused DISCORD_TOKEN",
  "terminal.doctor.discord.tokenFix":
    "set DISCORD_TOKEN to the bot's token (Developer Portal → your app → Bot → Reset Token)",
  "terminal.doctor.discord.otherApplication":
    "DISCORD_APPLICATION_ID is {configured}, but the token is the bot of application {id} ({name})",
  "terminal.doctor.discord.otherApplicationFix":
    "set DISCORD_APPLICATION_ID to {id}, or DISCORD_TOKEN to the bot token of application {configured}",
  "terminal.doctor.discord.application": "{name} ({id}) matches DISCORD_APPLICATION_ID",
  "terminal.doctor.discord.notMember": "the bot is not a member of guild {guild}: {refusal}",
  "terminal.doctor.discord.inviteFix":
    "invite the bot with the OAuth2 URL in docs/discord.md (scopes bot and applications.commands), or set DISCORD_GUILD_ID to the server it is in",
  "terminal.doctor.discord.channelUnset":
    "{variable} is not set: {purpose, select, report {the report feed does not post to Discord} other {cases are not posted to Discord}}",
  "terminal.doctor.discord.noChannel": "no channel {id}: {refusal}",
  "terminal.doctor.discord.noChannelFix":
    "set {variable} to a text channel of the guild (right-click it → Copy Channel ID)",
  "terminal.doctor.discord.cannotSee": "the bot cannot see channel {id}: {refusal}",
  "terminal.doctor.discord.otherGuild": "{shown} is not a channel of guild {guild}",
  "terminal.doctor.discord.otherGuildFix":
    "set {variable} to a channel of that guild, or DISCORD_GUILD_ID to the channel's",
  "terminal.doctor.discord.lacks":
    "{shown}: the bot {sees, select, yes {can see it} other {cannot see it}} and lacks {missing}",
  "terminal.doctor.discord.can": "{shown}: the bot can {can}",
  "terminal.doctor.discord.noRoles":
    "DISCORD_MODERATOR_ROLE_IDS and DISCORD_ADMIN_ROLE_IDS are empty: nobody on Discord can run moderator or admin commands",
  "terminal.doctor.discord.noRolesFix":
    "set DISCORD_MODERATOR_ROLE_IDS (and DISCORD_ADMIN_ROLE_IDS) to role ids of the guild",
  "terminal.doctor.discord.unknownRole":
    "{variable} names {id}, which is not a role of guild {guild}",
  "terminal.doctor.discord.unknownRoleFix":
    "use ids from Server Settings → Roles (with Developer Mode on: right-click a role → Copy Role ID)",
  "terminal.doctor.discord.roles":
    "{role, select, moderator {moderators} other {admins}}: {set, select, no {none set} other {{names}}}",
  "terminal.doctor.discord.answered": "Discord answered {refusal}",
  "terminal.doctor.discord.unansweredFix":
    "check DISCORD_API_URL (unset: https://discord.com/api) and that this machine can reach it",
  "terminal.doctor.discord.failingFix":
    "Discord is failing: try again later (https://discordstatus.com)",
  "terminal.doctor.discord.refusedFix":
    "check the Discord variables against the Developer Portal and the server",

  "terminal.doctor.slack.scopesFix":
    "add the missing scopes under OAuth & Permissions (slack-manifest.yml lists them), reinstall the app, and set the new SLACK_BOT_TOKEN",
  "terminal.doctor.slack.reinstallFix":
    "reinstall the app to the workspace (OAuth & Permissions) and set SLACK_BOT_TOKEN to its Bot User OAuth Token",
  "terminal.doctor.slack.notChecked":
    "{why, select, unanswered {not checked: Slack did not answer} other {not checked: Slack did not accept the bot token}}",
  "terminal.doctor.slack.tokenValid": "valid: bot @{user} ({user_id}) in {team} ({team_id})",
  "terminal.doctor.slack.tokenRefused": "auth.test: {error}: Slack refused SLACK_BOT_TOKEN",
  "terminal.doctor.slack.scopesUnknown":
    "cannot tell: Slack's answer carried no x-oauth-scopes header",
  "terminal.doctor.slack.scopesMissing":
    "missing {missing} (granted: {any, select, no {none} other {{granted}}})",
  "terminal.doctor.slack.languageScopeMissing":
    "missing {missing}: every answer is in CHATWARDEN_LOCALE, not in each user's Slack language",
  "terminal.doctor.slack.scopesGranted":
    "granted every scope slack-manifest.yml asks for: {scopes}",
  "terminal.doctor.slack.channelUnset":
    "{variable} is not set: {purpose, select, report {the report feed does not post to Slack} other {cases are not posted to Slack}}",
  "terminal.doctor.slack.inChannel": "{id}: the bot is in the channel and can read its history",
  "terminal.doctor.slack.notInChannel": "the bot is not in {id} (not_in_channel)",
  "terminal.doctor.slack.inviteFix": "in that channel, type /invite @{bot}",
  "terminal.doctor.slack.noChannel": "no channel {id} that the bot can see (channel_not_found)",
  "terminal.doctor.slack.noChannelFix":
    "check {variable}; for a private channel, /invite @{bot} there first",
  "terminal.doctor.slack.historyNeeds":
    "conversations.history needs {known, select, no {a scope the token lacks} other {{needed}}}",
  "terminal.doctor.slack.appTokenValid": "valid: Socket Mode can connect",
  "terminal.doctor.slack.appTokenRefused":
    "apps.connections.open: {error}: Slack refused SLACK_APP_TOKEN",
  "terminal.doctor.slack.appTokenFix":
    "set SLACK_APP_TOKEN to an app-level token with connections:write (Basic Information → App-Level Tokens)",
  "terminal.doctor.slack.noPeople":
    "SLACK_MODERATOR_USER_IDS and SLACK_ADMIN_USER_IDS are empty: nobody on Slack can run moderator or admin commands",
  "terminal.doctor.slack.noPeopleFix":
    "set SLACK_MODERATOR_USER_IDS (and SLACK_ADMIN_USER_IDS) to member ids (a profile → ⋮ → Copy member ID)",
  "terminal.doctor.slack.people": "{moderators} moderator(s), {admins} admin(s)",
  "terminal.doctor.slack.unansweredFix":
    "check SLACK_API_URL (unset: https://slack.com/api/) and that this machine can reach it",
  "terminal.doctor.slack.errorFix": "see Slack's documentation of this error for the method named",

  "terminal.doctor.request.timeUp":
    "{host} did not answer {request} before the doctor's time ran out",
  "terminal.doctor.request.timeout": "{host} did not answer {request} within {seconds}",
  "terminal.doctor.request.unreachable": "could not reach {host} ({why})",
  "terminal.doctor.request.notJson":
    "{host} answered {request} with HTTP {status} and a body that is not JSON (a proxy page?)",
  "terminal.doctor.request.slackHttp":
    "{host} answered {request} with HTTP {status} and {envelope, select, yes {an error} other {a body that is not the Web API's (a proxy page?)}}",
  "terminal.doctor.request.unknownBody":
    "{host} answered {request} with a body {platform} does not send ({field})",
} as const;
