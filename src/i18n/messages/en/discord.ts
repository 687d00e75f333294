// Texts of the discord area: see ../README.md for what each area holds. The adapter's own words
// (adapters/discord/): where an answer went, its failures, what an embed could not hold (the
// page footer is common.page). The command localizations are the catalogue area's.
export const discord = {
  "discord.answeredInChannel": "Answered in the channel",
  "discord.waitingForConfirmation": "Waiting for a confirmation",
  "discord.questionHidden": "Only the moderator who ran the command can see the question.",
  "discord.answerHidden": "Only the moderator who ran the command can see the answer.",
  "discord.failureHidden": "Only the moderator who ran the command can see why.",
  "discord.moreNotShown": "{count} more not shown: Discord limits the size of one message.",
  "discord.unknownTime": "unknown time",
} as const;
