// `chatwarden doctor` for Slack, loaded only when SLACK_BOT_TOKEN is set: the bot token works
// (auth.test), it holds the scopes slack-manifest.yml asks for, the bot is in the report and
// audit channels and can read their history (conversations.history, what delivery reconciliation
// needs; conversations.info would need channels:read, a scope the app does not ask for), the
// Socket Mode app token works, and someone may run the commands. Nothing is posted or changed.
import { z } from "zod";
import { OPTIONAL_BOT_SCOPES, REQUIRED_BOT_SCOPES } from "../../adapters/slack/required-scopes.js";
import type { Config } from "../../src/config.js";
import { DESTINATION_PURPOSES, type DestinationPurpose } from "../../src/feed/destination.js";
import { t } from "../../src/i18n/translate.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
import { type CheckBudget, fail, pass, skip, warn } from "./check.js";
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

/** auth.test's errors that mean the token itself is no good (docs.slack.dev, auth.test). */
const REFUSED_TOKEN = new Set([
  "invalid_auth",
  "not_authed",
  "account_inactive",
  "token_revoked",
  "token_expired",
]);

const scopesFix = () => t("terminal.doctor.slack.scopesFix");

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
    const after = t("terminal.doctor.slack.notChecked", { why: auth.kind });
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
    pass(NAMES.token, t("terminal.doctor.slack.tokenValid", { user, user_id, team, team_id })),
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
      t("terminal.doctor.slack.tokenRefused", { error: answer.error }),
      t("terminal.doctor.slack.reinstallFix"),
    );
  }
  return fail(NAMES.token, describe("auth.test", answer), retryFix(answer));
}

function scopesCheck(granted: readonly string[] | undefined): DoctorCheck {
  if (granted === undefined) {
    return skip(NAMES.scopes, t("terminal.doctor.slack.scopesUnknown"));
  }
  const missing = REQUIRED_BOT_SCOPES.filter((scope) => !granted.includes(scope));
  if (missing.length > 0 && missing.every((scope) => OPTIONAL_BOT_SCOPES.has(scope))) {
    // users:read, the one optional scope: what is lost without it.
    return warn(
      NAMES.scopes,
      t("terminal.doctor.slack.languageScopeMissing", { missing: missing.join(", ") }),
      scopesFix(),
    );
  }
  if (missing.length > 0) {
    return fail(
      NAMES.scopes,
      t("terminal.doctor.slack.scopesMissing", {
        missing: missing.join(", "),
        any: granted.length > 0 ? "yes" : "no",
        granted: granted.join(", "),
      }),
      scopesFix(),
    );
  }
  const scopes = REQUIRED_BOT_SCOPES.join(", ");
  return pass(NAMES.scopes, t("terminal.doctor.slack.scopesGranted", { scopes }));
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
  if (id === undefined) {
    return pass(name, t("terminal.doctor.slack.channelUnset", { variable, purpose }));
  }
  const answer = await api.call(
    "conversations.history",
    { channel: id, limit: "1" },
    historySchema,
  );
  if (answer.kind === "ok") {
    return pass(name, t("terminal.doctor.slack.inChannel", { id }));
  }
  if (answer.kind === "error" && answer.error === "not_in_channel") {
    return fail(
      name,
      t("terminal.doctor.slack.notInChannel", { id }),
      t("terminal.doctor.slack.inviteFix", { bot: botName }),
    );
  }
  if (answer.kind === "error" && answer.error === "channel_not_found") {
    return fail(
      name,
      t("terminal.doctor.slack.noChannel", { id }),
      t("terminal.doctor.slack.noChannelFix", { variable, bot: botName }),
    );
  }
  if (answer.kind === "error" && answer.error === "missing_scope") {
    return fail(
      name,
      t("terminal.doctor.slack.historyNeeds", {
        known: answer.needed === undefined ? "no" : "yes",
        needed: answer.needed ?? "",
      }),
      scopesFix(),
    );
  }
  return fail(name, describe("conversations.history", answer), retryFix(answer));
}

/** Socket Mode only: the app-level token opens connections (apps.connections.open). */
async function appTokenCheck(slack: SlackConfig, budget: CheckBudget): Promise<DoctorCheck[]> {
  if (slack.mode.kind !== "socket") return [];
  const api = new DoctorWebApi(slack.apiUrl, slack.mode.appToken, budget);
  const answer = await api.call("apps.connections.open", {}, connectionSchema);
  if (answer.kind === "ok") return [pass(NAMES.appToken, t("terminal.doctor.slack.appTokenValid"))];
  if (
    answer.kind === "error" &&
    (REFUSED_TOKEN.has(answer.error) || answer.error === "not_allowed_token_type")
  ) {
    return [
      fail(
        NAMES.appToken,
        t("terminal.doctor.slack.appTokenRefused", { error: answer.error }),
        t("terminal.doctor.slack.appTokenFix"),
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
      t("terminal.doctor.slack.noPeople"),
      t("terminal.doctor.slack.noPeopleFix"),
    );
  }
  return pass(NAMES.people, t("terminal.doctor.slack.people", { moderators, admins }));
}

function describe(method: string, answer: NotOk): string {
  return answer.kind === "error" ? `${method}: ${answer.error}` : answer.reason;
}

function retryFix(answer: NotOk): string {
  if (answer.kind === "unanswered") return t("terminal.doctor.slack.unansweredFix");
  if (answer.error.startsWith("ratelimited")) return t("terminal.doctor.rateLimitFix");
  return t("terminal.doctor.slack.errorFix");
}
