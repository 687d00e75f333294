// The bot scopes this version of chatwarden uses: slack-manifest.yml's oauth_config.scopes.bot,
// which is what an app created from it is granted. test/doctor/slack-scopes.test.ts keeps the
// two in step; `chatwarden doctor` compares them with the scopes the installed token holds.
//
// - commands: slash commands, and answering them;
// - chat:write: posting reports and cases, and editing the bot's own messages;
// - channels:history, groups:history: conversations.history of the report and audit channels,
//   public and private, to find a post that was under way when the bot stopped.
// One string, split: scope names are no command names, and the adapter's source is checked for
// quoted command names (test/adapters/slack/new-command.test.ts).
export const REQUIRED_BOT_SCOPES: readonly string[] =
  "commands chat:write channels:history groups:history".split(" ");
