// Texts of the answers area: the answers of unban, bans, history, report, reports, dismiss, take,
// announce and filter (see ../README.md for what each area holds).
// A count is written `{count, number, ::group-off}` rather than `#`: ICU's `#` groups digits
// (`1,000 players`), and these answers always wrote `1000 players`.
export const answers = {
  "answers.field.player": "Player",
  "answers.field.reason": "Reason",
  "answers.echoWarning": "{difference}: check bans before trying again",
  "answers.unreadable":
    "{count, plural, one {{count, number, ::group-off} {noun, select, ban {ban} other {report}} could not be read and is not shown} other {{count, number, ::group-off} {noun, select, ban {bans} other {reports}} could not be read and are not shown}}: {problems}",

  "unban.title": "Unbanned {player}",
  "unban.titleNotBanned": "{player} was not banned",
  "unban.titleUnconfirmed": "Unban of {player} not confirmed",
  "unban.nothingChanged": "The chat API had no running ban for this player; nothing changed.",

  "bans.titleOne": "Ban of {player}",
  "bans.title":
    "Chat bans: {count, plural, one {{count, number, ::group-off} player} other {{count, number, ::group-off} players}}",
  "bans.column.player": "Player",
  "bans.column.count": "Bans",
  "bans.column.start": "Since",
  "bans.column.end": "Until",
  "bans.column.reason": "Reason",
  "bans.column.by": "By",
  "bans.emptyOne": "{player} is not banned.",
  "bans.empty": "Nobody is banned.",

  "history.title": "History of {player}",
  "history.field.ban": "Current ban",
  "history.banned": "yes, ban number {count}",
  "history.notBanned": "not banned",
  "history.field.until": "Until",
  "history.field.next": "Next on the ladder",
  "history.next":
    "{days, plural, one {{days, number, ::group-off} day} other {{days, number, ::group-off} days}} ({offence, selectordinal, one {{offence, number, ::group-off}st} two {{offence, number, ::group-off}nd} few {{offence, number, ::group-off}rd} other {{offence, number, ::group-off}th}} offence)",
  "history.field.against": "Reports against",
  "history.field.by": "Reports by",
  "history.field.cases": "Cases ({count})",
  "history.noCases": "none",
  "history.action.ban": "Ban…",
  "history.column.side": "Side",
  "history.side": "{side, select, against {against} other {by}}",
  "history.noReports": "No reports against or by this player.",
  "history.case":
    "#{number} {what} by {actor} ({platform}), {when}{hasReason, select, yes {: {reason}} other {}}{outcome, select, failed { [failed]} denied { [denied]} pending { [under way, or interrupted: outcome not recorded yet]} unknown { [outcome unknown: check before acting again]} other {}}{nothingChanged, select, yes { [was not banned: nothing changed]} other {}}",
  "history.caseBan":
    "ban {days, plural, one {{days, number, ::group-off} day} other {{days, number, ::group-off} days}}",
  "history.caseBanReplacing":
    "ban {days, plural, one {{days, number, ::group-off} day} other {{days, number, ::group-off} days}}, replacing a ban until {end},",
  "history.caseDismiss": "dismiss report #{report}",

  "report.notFound": "No report #{report}",
  "report.notReadByFeed":
    "The report feed has not read a report with this id. A report newer than its last poll gets its card at the next one; `reports` reads the chat API's list now.",
  "report.notListed": "The chat API lists no report with this id.",
  "report.preview":
    "The report feed has not read this report yet: its actions appear once the running bot (chatwarden serve with a report channel) has, at its next poll.",

  "reports.title":
    "Reports: {count, plural, one {{count, number, ::group-off} report} other {{count, number, ::group-off} reports}}",
  "reports.titleOf": "Reports against or by {player}: {count}",
  "reports.empty": "No reports.",
  "reports.emptyOf": "No reports against or by {player}.",
  "reports.readAsLimit":
    "{number} is read as the limit; for reports against or by player {number}, give a limit too: reports {number} {limit}",
  "reports.newest": "Showing the newest {shown} of {total}; raise limit to see more.",
  "reports.column.when": "When",
  "reports.column.reported": "Reported",
  "reports.column.by": "By",
  "reports.column.category": "Category",
  "reports.column.reason": "Reason",
  "reports.column.message": "Message",

  "open.title": "Open report cards: {count}, highest priority first",
  "open.titleOf": "Open report cards against {player}: {count}, highest priority first",
  "open.column.priority": "Priority",
  "open.column.player": "Player",
  "open.column.reports": "Reports",
  "open.column.opened": "Opened",
  "open.column.why": "Why",
  "open.priority": "{level, select, high {High} medium {Medium} other {Low}}",
  "open.empty": "No report card is waiting for a moderator.",
  "open.first": "Showing the first {shown} of {total}; raise limit to see more.",
  "open.hint": "report {report} shows a card and its actions",
  "open.noPoll":
    "The report feed has not read the report list yet: cards open as the running bot (chatwarden serve with a report channel) polls it.",

  "dismiss.title": "Dismissed report #{report}",
  "dismiss.together":
    "{count, plural, one {{count, number, ::group-off} report} other {{count, number, ::group-off} reports}} against {player} were dismissed together.",
  "dismiss.onlyOne": "It was the only report on its card, so its card is settled.",
  "dismiss.titleAlone": "Dismissed report #{report} alone",
  "dismiss.remaining":
    "{count, plural, one {{count, number, ::group-off} report against {player} stays} other {{count, number, ::group-off} reports against {player} stay}} open on its card.",

  "take.released": "Released report #{report}",
  "take.releasedText": "Its card no longer says that you are looking at it.",
  "take.takenMeanwhile": "Report #{report} was taken meanwhile",
  "take.takenMeanwhileText":
    "Another moderator took it a moment ago: take it again to take it over.",
  "take.took": "You took report #{report}",
  "take.tookText":
    "Its card says that you are looking at it; anyone else who acts on it is asked first. Take it again to keep it longer; press Release (take {report} --release) when you are done. A ban or a dismissal releases it too.",
  "take.tookUntilText":
    "Its card says that you are looking at it until {until}; anyone else who acts on it is asked first. Take it again to keep it longer; press Release (take {report} --release) when you are done. A ban or a dismissal releases it too.",
  "take.notHeld": "You do not hold report #{report}",
  "take.heldByOther":
    "{holder} ({platform}) took it; only they release it (or it lapses at {until}).",
  "take.heldByNobody": "Nobody holds it now: your take was released, or it lapsed.",

  "taken.one":
    "{holder} ({platform}) took {report, select, none {this report} other {report #{report}}} {minutes, plural, =0 {just now} one {{minutes, number, ::group-off} minute ago} other {{minutes, number, ::group-off} minutes ago}}",
  "taken.question":
    "{taken}: {ask, select, takeOver {take it over?} takeAgain {take it again to take it over.} other {act anyway?}}",

  "announce.noGroup": "No channel group {group}",
  "announce.noGroups": "The chat API lists no channel groups.",
  "announce.groups": "The chat API lists the groups {names}.",
  "announce.noChannel": "No channel {channel} in {group}",
  "announce.noChannels": "{group} has no channels.",
  "announce.channels": "{group} has the channels {names}.",
  "announce.noneNow": "The chat API lists none now.",
  "announce.namesMore": "{names} and {more} more",
  "announce.question":
    'Send this system message to every player in {channel} of {group}? "{message}"',
  "announce.questionNumbers":
    'Send this system message to every player in {channel} of {group} ({count, plural, one {channel number} other {channel numbers}} {numbers})? "{message}"',
  "announce.echoWarning": "Channel number {number}: {difference}.",
  "announce.noLongerListed": "it is no longer listed in {group}",
  "announce.missed": "Channel number {number} did not get it: {error}",
  "announce.failed": "announce failed",
  "announce.noEndpoint":
    "This chat API does not offer system messages: it answered {method} {path} with HTTP 404",
  "announce.nothingAnnounced": "{error}. Nothing was announced.",
  "announce.title": "Announced in {channel} of {group}",
  "announce.titlePartly": "Announced in {channel} of {group}, but not in every channel number",
  "announce.field.message": "Message",
  "announce.field.numbers": "{count, plural, one {Channel number} other {Channel numbers}}",
  "announce.checkChannel": "Check the channel before trying again.",

  "filter.question":
    "Add {count, plural, one {{count, number, ::group-off} word} other {{count, number, ::group-off} words}} from report #{report} to the {language} filter ({words})? Players will no longer be able to say {count, plural, one {it} other {them}}.",
  "filter.listed":
    "{count, plural, one {{words} is in the filter already.} other {{words} are in the filter already.}}",
  "filter.nothingNew": "Nothing new for the {language} filter",
  "filter.fromReport": "From report #{report}.",
  "filter.fromReportAgainst": "From report #{report} against {name} ({id}).",
} as const;
