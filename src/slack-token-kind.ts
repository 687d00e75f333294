// Slack's tokens say what kind they are in their first characters, so a token pasted into the
// wrong variable can be refused at start-up instead of failing every call later. Slack documents
// the prefixes: bot token strings begin with `xoxb-`, user tokens with `xoxp-`, app-level tokens
// with `xapp-` (https://api.slack.com/concepts/token-types, now
// https://docs.slack.dev/authentication/tokens). Only a prefix is ever named, never more of the
// value: the rest is the secret.
import { t } from "./i18n/translate.js";

interface TokenKind {
  prefix: string;
  /** Which kind it is, as the catalogue's text names it ("a bot token"). */
  kind: "bot" | "app" | "user";
  /** The variable that holds tokens of this kind, when chatwarden has one. */
  variable?: SlackTokenVariable;
}

const KINDS: readonly TokenKind[] = [
  { prefix: "xoxb-", kind: "bot", variable: "SLACK_BOT_TOKEN" },
  { prefix: "xapp-", kind: "app", variable: "SLACK_APP_TOKEN" },
  { prefix: "xoxp-", kind: "user" },
];

export type SlackTokenVariable = "SLACK_BOT_TOKEN" | "SLACK_APP_TOKEN";

/**
 * What is wrong with `token` as the value of `variable`, or undefined when it is of its kind.
 * The text says what the variable wants and where in the app's settings to find it.
 */
export function slackTokenProblem(variable: SlackTokenVariable, token: string): string | undefined {
  const wanted = KINDS.find((kind) => kind.variable === variable) as TokenKind;
  if (token.startsWith(wanted.prefix)) return undefined;
  const actual = KINDS.find((kind) => token.startsWith(kind.prefix));
  if (!actual) return t("operator.slackToken.wrongKind", { variable });
  return t("operator.slackToken.otherKind", {
    variable,
    prefix: actual.prefix,
    kind: actual.kind,
    owner: actual.variable ?? "none",
  });
}
