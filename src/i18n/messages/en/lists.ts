// Texts of the lists area: `stats` (its answer and chart), `channels list/create/delete` (and a
// group's default channel), `badwords list/add/remove`, and the words of paged lists. A count is
// written `{count}` in its plural, not `#`, which would add the thousands separator that these
// answers never had (`1234 reports`).
export const lists = {
  // stats
  "stats.title":
    "Moderation statistics: {period, select, 24h {last 24 hours} 7d {last 7 days} other {last 30 days}}",
  "stats.column.day": "Day",
  "stats.column.reports": "Reports",
  "stats.column.categories": "By category",
  "stats.column.median": "Median to action",
  "stats.column.p90": "90th percentile",
  "stats.noDays": "No days in the period.",
  "stats.notice":
    "Days are days in {zone} (CHAT_TIMEZONE), the zone of the chat API's report times; time to action runs from a report's create_at to its card banned or dismissed, or else to its player banned.",
  "stats.field.from": "From",
  "stats.field.to": "To",
  "stats.field.received": "Reports received",
  "stats.field.perDay": "Reports per day",
  "stats.field.byCategory": "By category",
  "stats.field.cardsHandled": "Cards handled",
  "stats.field.timeToAction": "Time to first action",
  "stats.field.backlog": "Open backlog now",
  "stats.field.oldestSince": "Oldest waiting since",
  "stats.field.mostReported": "Most reported",
  "stats.field.bansByLength": "Bans by length",
  "stats.field.moderators": "Actions per moderator",
  "stats.noReports": "no reports",
  "stats.noCategory": "(none)",
  "stats.cardsHandled": "{handled}: {banned} banned, {dismissed} dismissed",
  "stats.timeToAction":
    "median {median}, 90th percentile {p90}, over {actedOn, plural, one {{actedOn} report} other {{actedOn} reports}} acted on; {waiting, plural, one {{waiting} report} other {{waiting} reports}} not acted on yet",
  "stats.timeToActionNone":
    "no report acted on; {waiting, plural, one {{waiting} report} other {{waiting} reports}} not acted on yet",
  "stats.backlog": "{open, plural, one {{open} card} other {{open} cards}}",
  "stats.backlogOldest":
    "{open, plural, one {{open} card} other {{open} cards}}; the oldest is card {card}, against {player}",
  "stats.mostReportedEntry":
    "{player}: {reports, plural, one {{reports} report} other {{reports} reports}}",
  "stats.nobody": "nobody",
  "stats.bansOfDays": "{days, plural, one {{days} day} other {{days} days}}: {bans}",
  "stats.bansOfUnknownLength": "length not recorded: {bans}",
  "stats.noBans": "no bans",
  "stats.moderatorEntry":
    "{name} ({platform}): {actions} ({bans, plural, one {{bans} ban} other {{bans} bans}}, {dismissals, plural, one {{dismissals} dismissal} other {{dismissals} dismissals}})",
  "stats.noActions": "none",
  // A time to action, as `duration` (runtime/connection-state.ts) writes it in English.
  "stats.duration.seconds": "{seconds} s",
  "stats.duration.minutes": "{minutes} min {seconds} s",
  "stats.duration.hours": "{hours} h {minutes} min",
  // The chart: its legend, its axes and the words that describe it.
  "stats.chart.reports": "Reports",
  "stats.chart.median": "Median minutes to action",
  "stats.chart.p90": "90th percentile minutes",
  "stats.chart.minutes": "Minutes",
  "stats.chart.span": "{first} to {last}",
  "stats.chart.noDays": "no days",
  "stats.chart.alt":
    "Chart: reports per day (bars) and the median and 90th-percentile minutes from a report to its first action (lines), {span}.",

  // channels list
  "channels.groupsTitle": "Channel groups: {count}",
  "channels.column.group": "Group",
  "channels.column.channels": "Channels",
  "channels.column.players": "Players",
  "channels.noGroups": "There are no channel groups.",
  "channels.title": "Channels of {group}: {count}",
  "channels.column.name": "Name",
  "channels.column.number": "No.",
  "channels.column.flags": "Flags",
  "channels.column.lastChat": "Last chat",
  "channels.noChannels": "Group {group} has no channels (or does not exist).",
  "channels.flag.default": "default",
  "channels.flag.autoscaling": "autoscaling",
  "channels.neverChatted": "never",
  // channels create
  "channels.create.question":
    "Make {name} {group}'s default channel? {sentence} now and would no longer be.",
  "channels.create.title": "Created channel {name} in {group}",
  "channels.create.field.number": "Channel number",
  "channels.create.field.maxPlayers": "Max players",
  "channels.create.field.default": "Default",
  "channels.create.field.created": "Created",
  // channels delete
  "channels.delete.question":
    "Delete channel {name} of {group}, with every channel number of that name?",
  "channels.delete.losingDefault": "{sentence}: {group} will have no default channel.",
  "channels.delete.noneTitle": "No channel {name} in {group}",
  "channels.delete.noneText":
    "The chat API deleted nothing: check the group and the name with channels list.",
  "channels.delete.title": "Deleted channel {name} of {group}",
  "channels.delete.field.numbers": "Channel numbers",
  // A group's default channel (moderation/default-channel.ts).
  "channels.default.is":
    "{count, plural, one {{names} is {group}'s default channel} other {{names} are {group}'s default channels}}",
  "channels.default.unread":
    "{group}'s channels could not be read after the change: channels list {group} shows which is its default channel.",
  "channels.default.noLonger": "{name} is no longer {group}'s default channel.",
  "channels.default.now": "{sentence} now.",
  "channels.default.none": "{group} has no default channel now.",

  // badwords list
  "badwords.titleOf": "Filtered words for {language}",
  "badwords.title":
    "Filtered words: {count, plural, one {{count} language} other {{count} languages}}",
  "badwords.column.language": "Language",
  "badwords.column.count": "Words",
  "badwords.column.words": "List",
  "badwords.noListOf": "There is no list for {language}.",
  "badwords.noLists": "There are no word lists.",
  // badwords remove
  "badwords.removeQuestion":
    "Remove {count, plural, one {{count} word} other {{count} words}} from the {language} filter ({words})? Players will be able to say {count, plural, one {it} other {them}}.",
  "badwords.notInFilter": "{words} {count, plural, one {is} other {are}} not in the filter.",
  // badwords add and remove: the answer
  "badwords.added":
    "Added {count, plural, one {{count} word} other {{count} words}} to the {language} filter",
  "badwords.removed":
    "Removed {count, plural, one {{count} word} other {{count} words}} from the {language} filter",
  "badwords.nothingAdded": "Nothing added to the {language} filter",
  "badwords.nothingRemoved": "Nothing removed from the {language} filter",
  "badwords.field.added": "Added",
  "badwords.field.removed": "Removed",
  "badwords.field.alreadyThere": "Already there",
  "badwords.field.notInList": "Not in the list",
  "badwords.field.count": "Words in the list now",
  "badwords.none": "none",
  "badwords.echoWarning": "{difference}: check the lists with badwords list before trying again",
  "badwords.unread": "The list could not be read back; check it with badwords list.",
  "badwords.notListedAfterAdd": "The chat API does not list {words} after the change.",
  "badwords.stillListed":
    "The chat API still lists {words}: it seems to merge lists rather than replace them, so words cannot be removed through it.",

  // Paged lists: what arrived since the list a page button turns, and where a page is.
  "lists.arrived":
    "{noun, select, report {{count, plural, one {{count} new report} other {{count} new reports}}} card {{count, plural, one {{count} new card} other {{count} new cards}}} ban {{count, plural, one {{count} new ban} other {{count} new bans}}} channel {{count, plural, one {{count} new channel} other {{count} new channels}}} channelGroup {{count, plural, one {{count} new channel group} other {{count} new channel groups}}} language {{count, plural, one {{count} new language} other {{count} new languages}}} other {{count, plural, one {{count} new item} other {{count} new items}}}} since this list: run {command} again",
} as const;
