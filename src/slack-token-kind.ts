// Slack's tokens say what kind they are in their first characters, so a token pasted into the
// wrong variable can be refused at start-up instead of failing every call later. Slack documents
// the prefixes: bot token strings begin with `xoxb-`, user tokens with `xoxp-`, app-level tokens
// with `xapp-` (https://api.slack.com/concepts/token-types, now
// https://docs.slack.dev/authentication/tokens). Only a prefix is ever named, never more of the
// value: the rest is the secret.

interface TokenKind {
  prefix: string;
  /** "a bot token": as the error names it. */
  kind: string;
  /** The variable that holds tokens of this kind, when chatwarden has one. */
  variable?: string;
  /** What the variable wants, and where in the app's settings to find it. */
  wanted?: string;
}

const KINDS: readonly TokenKind[] = [
  {
    prefix: "xoxb-",
    kind: "a bot token",
    variable: "SLACK_BOT_TOKEN",
    wanted: "the app's bot token, which starts xoxb- (OAuth & Permissions, Bot User OAuth Token)",
  },
  {
    prefix: "xapp-",
    kind: "an app-level token",
    variable: "SLACK_APP_TOKEN",
    wanted: "an app-level token, which starts xapp- (Basic Information, App-Level Tokens)",
  },
  { prefix: "xoxp-", kind: "a user token" },
];

export type SlackTokenVariable = "SLACK_BOT_TOKEN" | "SLACK_APP_TOKEN";

/** What is wrong with `token` as the value of `variable`, or undefined when it is of its kind. */
export function slackTokenProblem(variable: SlackTokenVariable, token: string): string | undefined {
  const wanted = KINDS.find((kind) => kind.variable === variable) as TokenKind;
  if (token.startsWith(wanted.prefix)) return undefined;
  const actual = KINDS.find((kind) => token.startsWith(kind.prefix));
  if (!actual) return `must be ${wanted.wanted}`;
  const owner = actual.variable ? `: is it ${actual.variable}'s?` : "";
  return `must be ${wanted.wanted}; this one starts ${actual.prefix}, as ${actual.kind} does${owner}`;
}
