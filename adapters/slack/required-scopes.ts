// The bot scopes this version of chatwarden uses, each with why: the one list that
// `chatwarden manifest slack` writes into oauth_config.scopes.bot (slack-manifest.yml, so an app
// created from it is granted them) and that `chatwarden doctor` compares with the scopes the
// installed token holds.
//
// One text, not string literals: scope names are no command names, and the adapter's source is
// checked for quoted command names (test/adapters/slack/new-command.test.ts). A line at the
// margin names scopes; the indented lines under it say why, as the manifest's comment.
const SCOPES_AND_WHY = `
commands
  Slash commands, and answering them.
chat:write
  The audit trail and the report feed: posting, and editing the bot's own messages
  (chat.update needs no more than chat:write); invite the bot to those channels.
channels:history groups:history
  Reading the report and audit channels' recent history (conversations.history), to find
  a post that was under way when the bot stopped instead of posting it twice: public
  channels, and private ones.
files:write im:write
  The chart of an answer (stats): uploading it (files.getUploadURLExternal) and sharing it
  (files.completeUploadExternal) in the channel when the answer is public, in the invoker's
  direct messages with the bot (conversations.open) when it is theirs alone.
users:read
  Each user's language (users.info with include_locale), so that their answers are in it;
  without it they are in CHATWARDEN_LOCALE.
`;

export interface ScopeGroup {
  scopes: readonly string[];
  /** Lines of the comment above them in the manifest. */
  why: readonly string[];
}

export const BOT_SCOPE_GROUPS: readonly ScopeGroup[] = SCOPES_AND_WHY.trim()
  .split("\n")
  .reduce<{ scopes: string[]; why: string[] }[]>((groups, line) => {
    if (line.startsWith(" ")) groups.at(-1)?.why.push(line.trim());
    else groups.push({ scopes: line.split(" "), why: [] });
    return groups;
  }, []);

export const REQUIRED_BOT_SCOPES: readonly string[] = BOT_SCOPE_GROUPS.flatMap(
  (group) => group.scopes,
);

/**
 * Scopes whose absence makes chatwarden less, not broken: doctor warns rather than fails, so that
 * an app installed before they were asked for keeps passing until it is reinstalled. Without
 * users:read every answer is in CHATWARDEN_LOCALE (user-locale.ts).
 */
export const OPTIONAL_BOT_SCOPES: ReadonlySet<string> = new Set(["users:read"]);
