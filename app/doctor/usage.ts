// What `chatwarden doctor --help` prints. Apart from the command itself, so that help text
// costs no import of the checks (the store, the chat API client).
export const DOCTOR_USAGE = `usage: chatwarden doctor [--json]

  Checks the configuration, DATA_DIR, the chat API and its token, and, when they are set up,
  Discord (token, application id, guild, report and audit channel permissions, role ids) and
  Slack (token, scopes, the bot in the report and audit channels). One line per check, with
  the fix for each failure; it changes nothing. Exit code 0 when no check failed, 1 otherwise.
  --json prints {"ok": boolean, "checks": [{"name", "result", "detail", "fix"}]} instead.
`;
