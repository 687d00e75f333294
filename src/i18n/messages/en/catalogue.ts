// Texts of the catalogue area: see ../README.md for what each area holds. What a command is
// called and described (looked up when shown: src/catalogue/wording.ts), its arguments' rules,
// how a command line is read, and what the runner asks, refuses and reports.
export const catalogue = {
  // Summaries: help, Discord's command descriptions, Slack's manifest.
  "command.announce.summary": "Send a system message to every player in a channel",
  "command.badwordsAdd.summary": "Add words to a language's profanity filter",
  "command.badwordsList.summary": "Show the profanity filter lists, or one language's",
  "command.badwordsRemove.summary": "Remove words from a language's profanity filter",
  "command.ban.summary": "Ban a player from chat for a number of days",
  "command.bans.summary": "List chat bans, soonest to end first",
  "command.channelsCreate.summary": "Create an open channel",
  "command.channelsDelete.summary": "Delete an open channel (every channel number of that name)",
  "command.channelsList.summary": "List open channel groups, or the channels of one group",
  "command.dismiss.summary":
    "Dismiss a report, and the others on its card unless --only: no action against the player",
  "command.filter.summary": "Add words from a report's message to a language's profanity filter",
  "command.help.summary": "List the commands, or explain one",
  "command.history.summary":
    "A player's cases, current ban, next step on the ladder, and reports against and by them",
  "command.report.summary":
    "A report's card, with its priority and its actions (the ladder's ban, dismiss, history)",
  "command.reports.summary":
    "List user reports, newest first; --open: the cards waiting, highest priority first",
  "command.stats.summary":
    "Moderation figures over 24h, 7d or 30d: reports, time to action, who did what, backlog",
  "command.take.summary":
    "Take a report: the card shows you are looking at it (for {minutes} minutes); --release lets it go",
  "command.unban.summary": "Lift a player's chat ban",

  // Arguments a command describes itself.
  "command.announce.arg.group": "the channel group",
  "command.announce.arg.channel": "the channel",
  "command.announce.arg.message":
    "the text every player in the channel sees, one line of at most {max} characters",
  "command.ban.arg.gamerId": "the player to ban",
  "command.bans.arg.gamerId": "only this player's ban",
  "command.channelsCreate.arg.group": "the channel group",
  "command.channelsCreate.arg.name": "the new channel's name",
  "command.channelsCreate.arg.maxCount": "most players in one channel number",
  "command.channelsCreate.arg.default":
    "whether it becomes its group's default channel (yes or no; no when left out)",
  "command.channelsDelete.arg.group": "the channel group",
  "command.channelsDelete.arg.name": "the channel to delete",
  "command.channelsList.arg.group": "the channel group to list",
  "command.dismiss.arg.reportId": "the report to dismiss",
  "command.dismiss.arg.only":
    "this report alone: the others on its card stay open (dismiss 41 --only)",
  "command.filter.arg.reportId": "the report whose message the words come from",
  "command.help.arg.command": "a command to explain, e.g. ban or channels",
  "command.history.arg.gamerId": "the player",
  "command.report.arg.reportId": "the report, as its card or `reports` shows it",
  "command.reports.arg.gamerId": "only reports against or by this player",
  "command.reports.arg.limit":
    "how many reports at most, 1 to {max} (default {default}); a number alone is the limit (reports 20), or name it: --limit 20",
  "command.reports.arg.open":
    "only the report cards no moderator has handled, highest priority first, then oldest",
  "command.stats.arg.period": "the period: {periods} (default {default})",
  "command.stats.arg.periodRule": "period must be {periods}",
  "command.take.arg.reportId": "the report to take, as its card or `reports` shows it",
  "command.take.arg.release": "let the report go again (you took it)",
  "command.unban.arg.gamerId": "the player to unban",

  // Shared arguments (src/catalogue/arguments.ts) and the rules they refuse with.
  "argument.gamerId.description": "{purpose}: a gamer_id, or a name the bot has seen",
  "argument.gamerId.required": "gamer_id is required",
  "argument.gamerId.requiredOrName": "gamer_id is required: a gamer_id, or a player's name",
  "argument.gamerId.rule":
    "gamer_id must be a gamer_id (1-{maxId} visible characters with no spaces) or a player's name of at most {maxName} characters on one line",
  "argument.days.description": "ban length in days, 1 to {max} (3, 3d, 3 days, 2w or 2 weeks)",
  "argument.days.required": "days is required",
  "argument.days.rule":
    "days must be a whole number of days from 1 to {max}, written 3, 3d, 3 days, 2w or 2 weeks",
  "argument.reason.description": "why, for the case record and the audit channel",
  "argument.reason.tooLong": "reason must be at most {max} characters",
  "argument.name.rule":
    "{name} must be a non-empty {kind, select, group {channel group} other {channel name}} of at most {max} characters",
  "argument.freeText.notText": "{name} must be text",
  "argument.freeText.empty": "{name} must not be empty",
  "argument.freeText.tooLong": "{name} must be at most {max} characters; this one is {length}",
  "argument.freeText.oneLine":
    "{name} must be one line, without line breaks or other control characters",
  "argument.integer.rule": "{name} must be a whole number from 1 to {max}",
  "argument.boolean.rule": "{name} must be yes or no",
  "argument.language.description": "all, or a language's culture code",
  "argument.language.rule": "language must be all or a culture code like ko-kr or en-us",
  "argument.words.description": "the words or phrases (quote a phrase with spaces)",
  "argument.words.rule": "words must be one or more non-empty words or phrases",
  "argument.words.tooLong": "each word must be at most {max} characters",
  "argument.unclosedQuote":
    "unclosed quote at character {position} ({excerpt}): end the phrase with {apostrophe, select, yes {a {close} that ends a word} other {{close}}}, or type \\{quote} for a plain {quote}",

  // Reading arguments (parse-arguments.ts) and command lines (text-parser.ts).
  "parse.noArgument": "{command} has no argument {names} (usage: {usage})",
  "parse.required": "{name} is required: {description}, e.g. {example} (usage: {usage})",
  "parse.invalid": "{name} is not valid",
  "parse.typeCommand": "Type a command; help lists them.",
  "parse.noOption": "{command} has no option --{name} (usage: {usage})",
  "parse.needsValue": "--{name} needs a value (usage: {usage})",
  "parse.tooMany": 'too many arguments: "{words}" (usage: {usage})',
  "parse.unknownCommand": 'Unknown command "{word}"{offer}. Commands: {commands}.',
  "parse.unknownCommandOfSurface":
    'Unknown command "{word}"{offer}. Commands: {surface}; chat commands: {commands}.',
  "parse.noSubcommand": '{group} has no subcommand "{word}"{offer}; choose one of {subcommands}.',
  "parse.needsSubcommand": "{group} needs a subcommand: {subcommands}.",
  "parse.didYouMean": " (did you mean {names}?)",

  // Explaining a command (explain.ts): help, Slack's usage answers, `chatwarden help`.
  "explain.summary":
    "{summary}. Role: {role, select, anyone {anyone} moderator {moderator} admin {admin} other {{role}}}.",
  "explain.argument":
    "{name}{optional, select, yes { (optional)} other {}}: {description}{shown, select, yes {, e.g. {example}} other {}}",

  // help.
  "help.title": "chatwarden commands",
  "help.column.command": "Command",
  "help.column.summary": "What it does",
  "help.column.role": "Who",
  "help.who":
    "{role, select, anyone {anyone} moderator {moderators{yours, select, yes {} other { (not you)}}} admin {admins{yours, select, yes {} other { (not you)}}} other {{role}}}",
  "help.empty": "No commands.",
  "help.notice": "help '<command>' explains one, with examples.",
  "help.noCommand": 'No command "{wanted}"',
  "help.tryOneOf": "Try one of {names}.",
  "help.oneTitle": "help {wanted}",

  // Players named in arguments (player-argument.ts).
  "player.unknownName":
    "No player named {typed} has been seen in a report, a channel or a ban, and it is no gamer_id (those are 1-{max} visible characters with no spaces)",
  "player.unseenQuestion":
    "{gamerId} has never appeared in a report, a channel or a ban: {command} anyway?",
  "player.unseenNotice": "{gamerId} has never appeared in a report, a channel or a ban.",
  "player.isId": "{typed} is {gamerId}",
  "report.notKnownYet.title": "Report #{reportId} is not known yet",
  "report.notKnownYet.description":
    "The report feed has not read this report: the running bot (chatwarden serve with a report channel) reads new reports at each poll. Check the id with reports.",

  // The runner: questions, refusals, failures (runner.ts, store-down-view.ts).
  "runner.unknownCommand.title": "Unknown command",
  "runner.unknownCommand.description": 'There is no command "{command}". Try help.',
  "runner.denied.title": "Not allowed",
  "runner.denied.description":
    "{command} needs the {role, select, moderator {moderator} admin {admin} other {{role}}} role, and {actor} is {held, select, anyone {neither a moderator nor an admin} moderator {a moderator} admin {an admin} other {a {held}}}.",
  "runner.denied.recorded":
    "needs the {role, select, moderator {moderator} admin {admin} other {{role}}} role",
  "runner.invalidArguments": "Invalid arguments for {command}",
  "runner.choice.title": "Which {typed}?",
  "runner.choice.description":
    "{typed} is the name of {count} players{more, select, yes {, and more than those shown: give the id of another} other {}}. Choose one, or give the id. This question expires in {seconds} s.",
  "runner.choice.player": "Player",
  "runner.choice.lastSeen": "Last seen",
  "runner.cancel": "Cancel",
  "runner.confirm": "Confirm",
  // A press of a question's, a choice's or a page's button that does nothing (actions.ts).
  "runner.press.expiredTitle": "This choice has expired",
  "runner.press.unknown":
    "It is no longer known (expired long ago, or not one of ours): run the command again.",
  "runner.press.expired":
    "The {noun, select, choice {choice} confirmation {confirmation} other {page}} was only valid for {seconds} s: run the command again.",
  "runner.press.notYoursTitle": "Not your button",
  "runner.press.notYours":
    "Only {invoker} can use this {noun, select, choice {choice} confirmation {confirmation} other {page}}.",
  "runner.press.notAnAnswer": "It is not one of this question's answers.",
  "runner.press.decidedTitle": "Already decided",
  "runner.press.decided":
    "This {noun, select, choice {choice} confirmation {confirmation} other {page}} was already answered by {known, select, no {someone} other {{winner}}}.",
  "runner.cancelled.title": "Cancelled",
  "runner.cancelled.description": "{command} was not run; nothing changed.",
  "runner.confirm.title": "Please confirm",
  "runner.confirm.description": "{question} This question expires in {seconds} s.",
  "runner.notDone.title": "{command} was not done",
  "runner.notDone.description":
    "Its case could not be recorded, so nothing was sent to the chat API: {problem}.",
  "runner.caseNotRecorded":
    "{failed, select, yes {failed on the chat API} other {done on the chat API}}, but the case could not be recorded: {problem}. Case #{number} is settled once the store answers again, or at the next start if chatwarden stops first.",
  "runner.case": "Case #{number}",
  "runner.failed": "{command} failed",
  "runner.noPage.title": "No page {page}",
  "runner.noPage.description":
    "{count, plural, =1 {There is 1 page.} other {There are {count} pages: ask for a page from 1 to {count}.}}",
  "runner.previousPage": "Previous page",
  "runner.nextPage": "Next page",
  "runner.storeDown.title": "Nothing was done",
  "runner.storeDown.description":
    "chatwarden cannot record anything right now: {problem}; nothing was done. Try again once it is back.",

  // The chat API's failures as a moderator reads them (src/chat-api/errors.ts).
  "chatApi.credentials": "The chat API rejected the master token (400701): check CHAT_API_TOKEN",
  "chatApi.http":
    "The chat API answered {call} with HTTP {status}{detail, select, none { and no error message} message {: {apiMessage}} other {: {apiMessage} ({code})}}",
  "chatApi.rateLimited":
    "The chat API is rate limiting {call} (HTTP 429){seconds, select, none {} other {; try again in {seconds} s}}",
  "chatApi.notJson":
    'The chat API answered {call} with HTTP {status} and a body that is not JSON (a proxy error page?): "{excerpt}"',
  "chatApi.schema":
    "The chat API's answer to {call} is not what the spec documents: {field}: {problem}",
  "chatApi.tooLarge": "The chat API's answer to {call} is larger than {megabytes} MB",
  "chatApi.timeout": "The chat API did not answer {call} within {seconds} s",
  "chatApi.network": "Could not reach the chat API at {origin} for {call} ({reason})",
  "chatApi.mayHaveApplied":
    "{message}; the change may have been applied, check before trying again",

  // Discord's names for the slash commands, their subcommands, options and choices (Korean
  // clients show the `ko` ones); English is the catalogue's own word.
  "slash.announce": "announce",
  "slash.badwords": "badwords",
  "slash.ban": "ban",
  "slash.bans": "bans",
  "slash.channels": "channels",
  "slash.dismiss": "dismiss",
  "slash.filter": "filter",
  "slash.help": "help",
  "slash.history": "history",
  "slash.report": "report",
  "slash.reports": "reports",
  "slash.stats": "stats",
  "slash.take": "take",
  "slash.unban": "unban",
  "slash.add": "add",
  "slash.list": "list",
  "slash.remove": "remove",
  "slash.create": "create",
  "slash.delete": "delete",
  "slash.gamerId": "gamer_id",
  "slash.days": "days",
  "slash.reason": "reason",
  "slash.reportId": "report_id",
  "slash.only": "only",
  "slash.release": "release",
  "slash.language": "language",
  "slash.words": "words",
  "slash.group": "group",
  "slash.channel": "channel",
  "slash.message": "message",
  "slash.name": "name",
  "slash.maxCount": "max_count",
  "slash.default": "default",
  "slash.limit": "limit",
  "slash.open": "open",
  "slash.period": "period",
  "slash.command": "command",
  "slash.choice.24h": "24h",
  "slash.choice.7d": "7d",
  "slash.choice.30d": "30d",
  "slash.groupDescription": "{group}: {subcommands}",
  "slash.wordsField":
    'words or phrases, e.g. scam, gold seller or scam "gold seller" (with no comma, spaces separate)',

  // Slack's manifest (adapters/slack/manifest.ts).
  "slack.umbrellaDescription": "Any chatwarden command, for names this workspace has taken",
} as const;
