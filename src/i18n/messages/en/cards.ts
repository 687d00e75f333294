// Texts of the cards area: report cards, their buttons and menus, the ladder's and priority's
// words, takes, alerts, shift digests, reminders and the audit posts of cases (everything the
// feed posts for everyone, in CHATWARDEN_LOCALE). Counts are written `{count}` rather than `#`
// inside plurals: `#` is formatted with digit grouping (1,000), and these texts have always
// shown counts bare (1000 reports).
export const cards = {
  // A report card (feed/report-card.ts).
  "cards.title.one": "Report #{reportId} against {player}",
  "cards.title.many": "{count} reports against {player}",
  "cards.column.when": "When",
  "cards.column.by": "By",
  "cards.column.category": "Category",
  "cards.column.reason": "Reason",
  "cards.column.message": "Message",
  "cards.noReports": "No reports.",
  "cards.field.reported": "Reported",
  "cards.field.reportedBy": "Reported by",
  "cards.field.category": "Category",
  "cards.field.reason": "Reason",
  "cards.field.message": "Message",
  "cards.field.when": "When",
  "cards.field.report": "Report",
  "cards.reportStatus": "#{reportId}, status {status}",
  "cards.state.open":
    "Open: {count, plural, one {{count} report} other {{count} reports}} waiting for a moderator.",
  "cards.state.handling":
    "Being handled by {handled, select, yes {{name} ({platform})} other {a moderator}}.",
  "cards.state.settled":
    "{outcome} by {handled, select, yes {{name} ({platform}) at {at}} other {a moderator}}{hasCase, select, yes {, case #{caseNumber}} other {}}.",
  // What a settled card's store row says (feed/settlement.ts stores it in English), shown anew.
  "cards.outcome":
    "{outcome, select, banned {banned for {days, plural, one {{days} day} other {{days} days}}} bannedUnknown {banned} dismissed {dismissed} other {{text}}}",
  "cards.notice.reused":
    "The chat API has since given report id #{reportId} to another report, against {target}, posted on its own card: report {reportId} and dismiss {reportId} now mean that one. This card and its buttons stay with {cardTarget}.",
  "cards.notice.more": "and {count} more",
  "cards.notice.moreOpen":
    "and {count} more: dismiss one of them alone with dismiss '<'report id> --only",
  "cards.button.ban": "Ban {days}d · {offence}",
  "cards.button.banForm": "Ban…",
  "cards.button.dismiss": "Dismiss",
  "cards.button.history": "History",
  "cards.button.filter": "Filter…",
  "cards.button.take": "Take",
  "cards.button.taken": "Taken by {name} · Release",
  "cards.menu.dismissOne": "Dismiss one report…",
  "cards.menu.option": "#{reportId} by {by} · {keyword} · {message}",
  // The sanction ladder's step (moderation/ladder.ts).
  "cards.ladder.offence":
    "{offence, selectordinal, one {{offence}st} two {{offence}nd} few {{offence}rd} other {{offence}th}} offence",
  // Priority (moderation/priority.ts).
  "cards.priority.level": "{level, select, high {High} medium {Medium} other {Low}}",
  "cards.priority.line": "{hasReasons, select, yes {{level}: {reasons}} other {{level}}}",
  "cards.priority.reporters":
    "{count, plural, one {{count} reporter} other {{count} reporters}}{more, select, yes {+} other {}} in 24 h",
  "cards.priority.reports":
    "{count, plural, one {{count} report} other {{count} reports}}{more, select, yes {+} other {}} in 24 h",
  "cards.priority.bans":
    "{more, select, yes {banned {count}+ times before} other {{count, plural, =1 {banned once before} =2 {banned twice before} other {banned {count} times before}}}}",
  "cards.priority.dismissed":
    "{count, plural, one {{count} report} other {{count} reports}}{more, select, yes {+} other {}} dismissed before",
  // A take (feed/card-takes.ts).
  "cards.take.line": "{name} ({platform}) is looking at this since {since}, until {until}.",
  // A press's private answers (feed/report-buttons.ts).
  "cards.press.unknownTitle": "Unknown report",
  "cards.press.unknownButton": "This button names a report the bot has not seen.",
  "cards.press.noReport": "No report #{reportId}.",
  "cards.press.beingHandledTitle": "Being handled",
  "cards.press.beingHandled":
    "This report is being handled by {handled, select, yes {{name} on {platform}, {at}} other {another moderator}}.{lapses, select, yes { If that is not finished by {until}, the report is open to another press again.} other {}}",
  "cards.press.alreadyHandledTitle": "Already handled",
  "cards.press.alreadyHandled":
    "Handled by {handled, select, yes {{name} on {platform}, {at}} other {another moderator}}{hasOutcome, select, yes {: {outcome}} other {}}{hasCase, select, yes { (case #{caseNumber})} other {}}.",
  // The high-priority alert (feed/card-alerts.ts).
  "cards.alert.title": "High priority: {title}",
  "cards.alert.description": "{why}\nreport {reportId} shows the card and its actions.",
  // The shift digest (feed/digest-view.ts).
  "cards.digest.title":
    "Shift digest: {count, plural, one {{count} card} other {{count} cards}} waiting",
  "cards.digest.waiting": "Waiting",
  "cards.digest.handledSince": "Handled since",
  "cards.digest.handled": "Handled",
  "cards.digest.banEndsFor": "Ban ends for",
  "cards.digest.ends": "Ends",
  "cards.digest.noBansEnding": "No ban ends in the 24 hours after this digest's slot.",
  "cards.digest.bansUnread":
    "The chat API's ban list could not be read: bans ending are not shown.",
  "cards.digest.moreBans":
    "and {count, plural, one {{count} more ban} other {{count} more bans}} ending in those 24 hours",
  "cards.digest.levelCount": "{count} {level, select, high {high} medium {medium} other {low}}",
  "cards.digest.none": "none",
  "cards.digest.oldestWaiting": "Oldest waiting",
  "cards.digest.oldest": "report {reportId} against {name} ({target})",
  "cards.digest.waitingSince": "Waiting since",
  "cards.digest.handledCount":
    "{count} {state, select, banned {banned} dismissed {dismissed} other {{state}}}",
  "cards.digest.nothing": "nothing",
  // A reminder (feed/reminder-view.ts).
  "cards.reminder.title":
    "Still waiting: {count, plural, one {{count} report card} other {{count} report cards}}",
  "cards.reminder.description":
    "Open for {minutes, plural, one {{minutes} minute} other {{minutes} minutes}} or more, and nobody has handled {count, plural, one {it} other {them}} yet.",
  "cards.reminder.card": "Card",
  "cards.reminder.shownBy": "Shown by",
  "cards.reminder.waitingSince": "Waiting since",
  "cards.reminder.report": "report {reportId}",
  "cards.reminder.more": "and {count} more: reports --open lists every waiting card",
  // The audit post of a case (moderation/case-view.ts).
  // What start-up wrote in a case a crash left pending (pending-cases.ts).
  "cases.settledAtStart":
    "settled at start-up after the process stopped mid-action: {found, select, done {the chat API shows it done} notDone {the chat API shows it was not done} other {the chat API cannot tell whether {command} took effect; check by hand}}",
  // What the ban sync records as its own actor and reason (case-words.ts).
  "cases.outsideActor": "chat API (outside chatwarden)",
  "cases.foundAtFirstSync": "found at first sync",
  "cases.liftedEarly": "lifted before its end{hasEnd, select, yes { ({end})} other {}}",
  "cards.case.title": "Case #{number}: {command}{hasTarget, select, yes { {target}} other {}}",
  "cards.case.by": "By",
  "cards.case.outcome": "Outcome",
  "cards.case.when": "When",
  "cards.case.arguments": "Arguments",
  "cards.case.reason": "Reason",
  "cards.case.error": "Error",
  "cards.case.outcomeWords":
    "{outcome, select, pending {under way} success {done} failed {failed} denied {denied} other {not known: check before acting again}}",
  "cards.case.moreRefusals":
    "{count, plural, one {{count} more refusal} other {{count} more refusals}} of {actor} since the last one posted: recorded as cases, not posted one by one",
  "cards.asOf":
    "Reports as of the report feed's last poll, {unit, select, now {just now} seconds {{count} s ago} minutes {{count} min ago} hours {{count} h ago} other {{count} days ago}}.",
} as const;
