// `chatwarden doctor` for Slack, loaded only when SLACK_BOT_TOKEN is set: the bot token works
// (auth.test), it holds the scopes slack-manifest.yml asks for, the bot is in the report and
// audit channels and can read their history (conversations.history, what delivery reconciliation
// needs; conversations.info would need channels:read, a scope the app does not ask for), the
// Socket Mode app token works, and someone may run the commands. Nothing is posted or changed.
import { z } from "zod";
import { REQUIRED_BOT_SCOPES } from "../../adapters/slack/required-scopes.js";
import type { Config } from "../../src/config.js";
import { DESTINATION_PURPOSES, type DestinationPurpose } from "../../src/feed/destination.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
import { type CheckBudget, fail, pass, skip } from "./check.js";
import { DoctorWebApi, type SlackAnswer } from "./slack-web-api.js";

type SlackConfig = NonNullable<Config["slack"]>;
type NotOk = Exclude<SlackAnswer<unknown>, { kind: "ok" }>;

const NAMES = {
  token: "Slack token",
  scopes: "Slack scopes",
  report: "Slack report channel",
  audit: "Slack audit channel",
  appToken: "Slack app token",
  people: "Slack moderators",
} as const;

const CHANNEL_VARIABLE: Record<DestinationPurpose, string> = {
  report: "SLACK_REPORT_CHANNEL_ID",
  audit: "SLACK_AUDIT_CHANNEL_ID",
};

const UNSET_CHANNEL: Record<DestinationPurpose, string> = {
  report: "the report feed does not post to Slack",
  audit: "cases are not posted to Slack",
};

/** auth.test's errors that mean the token itself is no good (docs.slack.dev, auth.test). */
const REFUSED_TOKEN = new Set([
  "invalid_auth",
  "not_authed",
  "account_inactive",
  "token_revoked",
  "token_expired",
]);

const REINSTALL_FIX =
  "reinstall the app to the workspace (OAuth & Permissions) and set SLACK_BOT_TOKEN to its Bot User OAuth Token";
const SCOPES_FIX =
  "add the missing scopes under OAuth & Permissions (slack-manifest.yml lists them), reinstall the app, and set the new SLACK_BOT_TOKEN";

const authTestSchema = z.object({
  user: z.string(),
  user_id: z.string(),
  team: z.string(),
  team_id: z.string(),
});
const historySchema = z.object({ messages: z.array(z.unknown()) });
const connectionSchema = z.object({ url: z.string() });

export async function slackDoctorChecks(
  slack: SlackConfig,
  budget: CheckBudget,
): Promise<DoctorCheck[]> {
  const api = new DoctorWebApi(slack.apiUrl, slack.botToken, budget);
  const people = peopleCheck(slack);
  const auth = await api.call("auth.test", {}, authTestSchema);
  const appToken = appTokenCheck(slack, budget);
  if (auth.kind !== "ok") {
    const after =
      auth.kind === "unanswered"
        ? "not checked: Slack did not answer"
        : "not checked: Slack did not accept the bot token";
    return [
      tokenFailure(auth),
      skip(NAMES.scopes, after),
      skip(NAMES.report, after),
      skip(NAMES.audit, after),
      ...(await appToken),
      people,
    ];
  }
  const { user, user_id, team, team_id } = auth.value;
  const channels = await Promise.all(
    DESTINATION_PURPOSES.map((purpose) => channelCheck(api, slack, purpose, user)),
  );
  return [
    pass(NAMES.token, `valid: bot @${user} (${user_id}) in ${team} (${team_id})`),
    scopesCheck(auth.scopes),
    ...channels,
    ...(await appToken),
    people,
  ];
}

function tokenFailure(answer: NotOk): DoctorCheck {
  if (answer.kind === "error" && REFUSED_TOKEN.has(answer.error)) {
    return fail(
      NAMES.token,
      `auth.test: ${answer.error}: Slack refused SLACK_BOT_TOKEN`,
      REINSTALL_FIX,
    );
  }
  return fail(NAMES.token, describe("auth.test", answer), retryFix(answer));
}

function scopesCheck(granted: readonly string[] | undefined): DoctorCheck {
  if (granted === undefined) {
    return skip(NAMES.scopes, "cannot tell: Slack's answer carried no x-oauth-scopes header");
  }
  const missing = REQUIRED_BOT_SCOPES.filter((scope) => !granted.includes(scope));
  if (missing.length > 0) {
    return fail(
      NAMES.scopes,
      `missing ${missing.join(", ")} (granted: ${granted.join(", ") || "none"})`,
      SCOPES_FIX,
    );
  }
  return pass(
    NAMES.scopes,
    `granted every scope slack-manifest.yml asks for: ${REQUIRED_BOT_SCOPES.join(", ")}`,
  );
}

async function channelCheck(
  api: DoctorWebApi,
  slack: SlackConfig,
  purpose: DestinationPurpose,
  botName: string,
): Promise<DoctorCheck> {
  const name = NAMES[purpose];
  const variable = CHANNEL_VARIABLE[purpose];
  const id = { report: slack.reportChannelId, audit: slack.auditChannelId }[purpose];
  if (id === undefined) return pass(name, `${variable} is not set: ${UNSET_CHANNEL[purpose]}`);
  const answer = await api.call(
    "conversations.history",
    { channel: id, limit: "1" },
    historySchema,
  );
  if (answer.kind === "ok") {
    return pass(name, `${id}: the bot is in the channel and can read its history`);
  }
  if (answer.kind === "error" && answer.error === "not_in_channel") {
    return fail(
      name,
      `the bot is not in ${id} (not_in_channel)`,
      `in that channel, type /invite @${botName}`,
    );
  }
  if (answer.kind === "error" && answer.error === "channel_not_found") {
    return fail(
      name,
      `no channel ${id} that the bot can see (channel_not_found)`,
      `check ${variable}; for a private channel, /invite @${botName} there first`,
    );
  }
  if (answer.kind === "error" && answer.error === "missing_scope") {
    return fail(
      name,
      `conversations.history needs ${answer.needed ?? "a scope the token lacks"}`,
      SCOPES_FIX,
    );
  }
  return fail(name, describe("conversations.history", answer), retryFix(answer));
}

/** Socket Mode only: the app-level token opens connections (apps.connections.open). */
async function appTokenCheck(slack: SlackConfig, budget: CheckBudget): Promise<DoctorCheck[]> {
  if (slack.mode.kind !== "socket") return [];
  const api = new DoctorWebApi(slack.apiUrl, slack.mode.appToken, budget);
  const answer = await api.call("apps.connections.open", {}, connectionSchema);
  if (answer.kind === "ok") return [pass(NAMES.appToken, "valid: Socket Mode can connect")];
  if (
    answer.kind === "error" &&
    (REFUSED_TOKEN.has(answer.error) || answer.error === "not_allowed_token_type")
  ) {
    return [
      fail(
        NAMES.appToken,
        `apps.connections.open: ${answer.error}: Slack refused SLACK_APP_TOKEN`,
        "set SLACK_APP_TOKEN to an app-level token with connections:write (Basic Information → App-Level Tokens)",
      ),
    ];
  }
  return [fail(NAMES.appToken, describe("apps.connections.open", answer), retryFix(answer))];
}

function peopleCheck(slack: SlackConfig): DoctorCheck {
  const moderators = slack.moderatorUserIds.length;
  const admins = slack.adminUserIds.length;
  if (moderators === 0 && admins === 0) {
    return fail(
      NAMES.people,
      "SLACK_MODERATOR_USER_IDS and SLACK_ADMIN_USER_IDS are empty: nobody on Slack can run moderator or admin commands",
      "set SLACK_MODERATOR_USER_IDS (and SLACK_ADMIN_USER_IDS) to member ids (a profile → ⋮ → Copy member ID)",
    );
  }
  return pass(NAMES.people, `${moderators} moderator(s), ${admins} admin(s)`);
}

function describe(method: string, answer: NotOk): string {
  return answer.kind === "error" ? `${method}: ${answer.error}` : answer.reason;
}

function retryFix(answer: NotOk): string {
  if (answer.kind === "unanswered") {
    return "check SLACK_API_URL (unset: https://slack.com/api/) and that this machine can reach it";
  }
  if (answer.error.startsWith("ratelimited")) return "wait a minute and run the doctor again";
  return "see Slack's documentation of this error for the method named";
}
