// `ban`: its answer, its questions, and what became of a ban it replaced.
export const ban = {
  "ban.title": "Banned {player} for {days, plural, one {{days} day} other {{days} days}}",
  "ban.titleUnconfirmed": "Ban of {player} not confirmed",
  "ban.echoWarning": "{difference}: check bans before trying again",
  "ban.field.player": "Player",
  "ban.field.days": "Days",
  "ban.field.until": "Until",
  "ban.field.count": "Bans so far",
  "ban.field.reason": "Reason",
  "ban.questionLong":
    "Ban {player} for {days, plural, one {{days} day} other {{days} days}}? That is longer than {limit, plural, one {{limit} day} other {{limit} days}}.",
  "ban.questionSooner":
    "{player} is banned until {runningEnd}; a {days}-day ban would replace it and end sooner, on {newEnd}. Shorten the ban?",
  "ban.wasBanned": "{player} was already banned",
  "ban.wasBannedUntil": "{player} was already banned until {end}",
  "ban.replacedUnknown": "{was}; check bans for how the chat API combined the two.",
  "ban.replacedStacked":
    "{was}; the chat API added this ban to it, so it now ends {end} (ban count {count}).",
  "ban.replaced": "{was}; this ban replaces it (ban count {count}).",
} as const;
