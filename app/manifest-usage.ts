// What `chatwarden manifest --help` prints. Apart from the command itself, so that help text
// costs no import of the catalogue or the platforms' definitions.
export const MANIFEST_USAGE = `usage: chatwarden manifest slack [--http URL]
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
`;
