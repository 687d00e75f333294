// Texts of the slack area: see ../README.md for what each area holds. The Slack adapter's own
// words: usage titles, forms (the button that opens one, its inputs, its errors), what a user
// reads when a form cannot open or a request fails, and what render.ts adds to a message.
export const slack = {
  "slack.usage.title": "chatwarden commands",
  "slack.usage.titleOne": "How to use {command}",
  "slack.form.button": "{command}…",
  "slack.form.submit": "Run",
  "slack.form.close": "Cancel",
  "slack.form.placeholder": "e.g. {example}",
  "slack.form.required": "{name} is required: {description}",
  "slack.form.invalid": "{name} is not valid",
  "slack.form.unavailable": "This form cannot be opened",
  "slack.form.unavailableHint": "Run the command instead.",
  "slack.form.notOpened": "Slack did not open the form",
  "slack.form.notOpenedHint": "Try again, or type the command instead.",
  "slack.privateImage":
    "The chart is in your direct messages with chatwarden: Slack cannot show a file in a channel to you alone.",
  "slack.notShown": "{count} more not shown: Slack shows at most {limit} blocks.",
  "slack.unknownTime": "unknown time",
} as const;
