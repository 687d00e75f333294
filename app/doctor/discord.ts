// `chatwarden doctor` for Discord, loaded only when DISCORD_TOKEN is set: the token works, it
// belongs to DISCORD_APPLICATION_ID, the bot is in DISCORD_GUILD_ID, it can see, post and embed
// in the report and audit channels, and the configured role ids are roles of that guild. Only
// GETs: the doctor changes nothing.
import { z } from "zod";
import {
  CHANNEL_NEEDS,
  channelPermissions,
  missingNeeds,
  type Overwrite,
} from "../../adapters/discord/channel-permissions.js";
import type { Config } from "../../src/config.js";
import { DESTINATION_PURPOSES, type DestinationPurpose } from "../../src/feed/destination.js";
import { t } from "../../src/i18n/translate.js";
import type { DoctorCheck } from "../../src/runtime/component.js";
import { type CheckBudget, fail, pass, skip } from "./check.js";
import { DoctorRest, describeRefusal, type RestAnswer } from "./discord-rest.js";

type DiscordConfig = NonNullable<Config["discord"]>;

const NAMES = {
  token: "Discord token",
  application: "Discord application",
  guild: "Discord guild",
  report: "Discord report channel",
  audit: "Discord audit channel",
  roles: "Discord roles",
} as const;

const CHANNEL_VARIABLE: Record<DestinationPurpose, string> = {
  report: "DISCORD_REPORT_CHANNEL_ID",
  audit: "DISCORD_AUDIT_CHANNEL_ID",
};

// Discord's permission names ("View Channel") stay as Discord's developer documentation writes them.
const PERMISSION_FIX = (missing: readonly string[]) =>
  t("terminal.doctor.discord.permissionFix", { missing: missing.join(", ") });

const digits = z.string().regex(/^\d+$/);
const userSchema = z.object({ id: z.string(), username: z.string() });
const applicationSchema = z.object({ id: z.string(), name: z.string() });
const memberSchema = z.object({ roles: z.array(z.string()) });
const roleSchema = z.object({ id: z.string(), name: z.string(), permissions: digits });
const channelSchema = z.object({
  id: z.string(),
  type: z.number(),
  guild_id: z.string().optional(),
  name: z.string().nullish(),
  permission_overwrites: z
    .array(z.object({ id: z.string(), type: z.number(), allow: digits, deny: digits }))
    .default([]),
});

type Role = z.infer<typeof roleSchema>;

export async function discordDoctorChecks(
  discord: DiscordConfig,
  budget: CheckBudget,
): Promise<DoctorCheck[]> {
  const rest = new DoctorRest(discord.apiUrl, discord.token, budget);
  const me = await rest.get("/users/@me", userSchema);
  if (me.kind !== "ok") {
    const after = t("terminal.doctor.discord.tokenNotChecked", { why: me.kind });
    return [
      tokenFailure(me),
      ...[NAMES.application, NAMES.guild, NAMES.report, NAMES.audit, NAMES.roles].map((name) =>
        skip(name, after),
      ),
    ];
  }
  const bot = me.value;
  const [application, member, roles] = await Promise.all([
    rest.get("/applications/@me", applicationSchema),
    rest.get(`/guilds/${discord.guildId}/members/${bot.id}`, memberSchema),
    rest.get(`/guilds/${discord.guildId}/roles`, z.array(roleSchema)),
  ]);
  const checks = [
    pass(NAMES.token, t("terminal.doctor.discord.tokenValid", { bot: bot.username, id: bot.id })),
    applicationCheck(application, discord.applicationId),
  ];
  if (member.kind !== "ok") {
    const after = t("terminal.doctor.discord.guildNotChecked", { why: member.kind });
    return [
      ...checks,
      guildFailure(member, discord.guildId),
      skip(NAMES.report, after),
      skip(NAMES.audit, after),
      skip(NAMES.roles, after),
    ];
  }
  checks.push(pass(NAMES.guild, t("terminal.doctor.discord.member", { guild: discord.guildId })));
  if (roles.kind !== "ok") {
    const after = t("terminal.doctor.discord.rolesNotRead");
    return [
      ...checks,
      skip(NAMES.report, after),
      skip(NAMES.audit, after),
      fail(NAMES.roles, readFailure(roles), retryFix(roles)),
    ];
  }
  const where = {
    rest,
    discord,
    botId: bot.id,
    botRoleIds: member.value.roles,
    roles: roles.value,
  };
  const channels = await Promise.all(
    DESTINATION_PURPOSES.map((purpose) => channelCheck(where, purpose)),
  );
  return [...checks, ...channels, roleIdsCheck(discord, roles.value)];
}

function tokenFailure(answer: Exclude<RestAnswer<unknown>, { kind: "ok" }>): DoctorCheck {
  if (answer.kind === "refused" && answer.status === 401) {
    return fail(
      NAMES.token,
      t("terminal.doctor.discord.tokenRefused", { refusal: describeRefusal(answer) }),
      t("terminal.doctor.discord.tokenFix"),
    );
  }
  return fail(NAMES.token, readFailure(answer), retryFix(answer));
}

function applicationCheck(
  answer: RestAnswer<z.infer<typeof applicationSchema>>,
  configured: string,
): DoctorCheck {
  if (answer.kind !== "ok") return fail(NAMES.application, readFailure(answer), retryFix(answer));
  const { id, name } = answer.value;
  if (id !== configured) {
    return fail(
      NAMES.application,
      t("terminal.doctor.discord.otherApplication", { configured, id, name }),
      t("terminal.doctor.discord.otherApplicationFix", { configured, id }),
    );
  }
  return pass(NAMES.application, t("terminal.doctor.discord.application", { id, name }));
}

function guildFailure(
  answer: Exclude<RestAnswer<unknown>, { kind: "ok" }>,
  guildId: string,
): DoctorCheck {
  // Discord answers 404 Unknown Guild, 404 Unknown Member or 403 Missing Access: the bot is not
  // there, whichever it says.
  if (answer.kind === "refused" && (answer.status === 403 || answer.status === 404)) {
    return fail(
      NAMES.guild,
      t("terminal.doctor.discord.notMember", { guild: guildId, refusal: describeRefusal(answer) }),
      t("terminal.doctor.discord.inviteFix"),
    );
  }
  return fail(NAMES.guild, readFailure(answer), retryFix(answer));
}

interface ChannelContext {
  rest: DoctorRest;
  discord: DiscordConfig;
  botId: string;
  botRoleIds: readonly string[];
  roles: readonly Role[];
}

async function channelCheck(
  context: ChannelContext,
  purpose: DestinationPurpose,
): Promise<DoctorCheck> {
  const name = NAMES[purpose];
  const variable = CHANNEL_VARIABLE[purpose];
  const { reportChannelId, auditChannelId } = context.discord;
  const id = { report: reportChannelId, audit: auditChannelId }[purpose];
  if (id === undefined) {
    return pass(name, t("terminal.doctor.discord.channelUnset", { variable, purpose }));
  }

  const answer = await context.rest.get(`/channels/${id}`, channelSchema);
  if (answer.kind === "refused" && answer.status === 404) {
    return fail(
      name,
      t("terminal.doctor.discord.noChannel", { id, refusal: describeRefusal(answer) }),
      t("terminal.doctor.discord.noChannelFix", { variable }),
    );
  }
  if (answer.kind === "refused" && answer.status === 403) {
    const needs = CHANNEL_NEEDS.map((need) => need.name);
    return fail(
      name,
      t("terminal.doctor.discord.cannotSee", { id, refusal: describeRefusal(answer) }),
      PERMISSION_FIX(needs),
    );
  }
  if (answer.kind !== "ok") return fail(name, readFailure(answer), retryFix(answer));

  const channel = answer.value;
  const shown = channel.name ? `#${channel.name} (${id})` : id;
  if (channel.guild_id !== context.discord.guildId) {
    return fail(
      name,
      t("terminal.doctor.discord.otherGuild", { shown, guild: context.discord.guildId }),
      t("terminal.doctor.discord.otherGuildFix", { variable }),
    );
  }
  const overwrites: Overwrite[] = channel.permission_overwrites.map((overwrite) => ({
    id: overwrite.id,
    type: overwrite.type,
    allow: BigInt(overwrite.allow),
    deny: BigInt(overwrite.deny),
  }));
  const permissions = channelPermissions({
    guildId: context.discord.guildId,
    memberId: context.botId,
    memberRoleIds: context.botRoleIds,
    rolePermissions: new Map(context.roles.map((role) => [role.id, BigInt(role.permissions)])),
    overwrites,
  });
  const missing = missingNeeds(permissions);
  if (missing.length > 0) {
    const sees = missing.includes("View Channel") ? "no" : "yes";
    return fail(
      name,
      t("terminal.doctor.discord.lacks", { shown, sees, missing: missing.join(", ") }),
      PERMISSION_FIX(missing),
    );
  }
  const can = CHANNEL_NEEDS.map((need) => need.name).join(", ");
  return pass(name, t("terminal.doctor.discord.can", { shown, can }));
}

function roleIdsCheck(discord: DiscordConfig, roles: readonly Role[]): DoctorCheck {
  if (discord.moderatorRoleIds.length === 0 && discord.adminRoleIds.length === 0) {
    return fail(
      NAMES.roles,
      t("terminal.doctor.discord.noRoles"),
      t("terminal.doctor.discord.noRolesFix"),
    );
  }
  const byId = new Map(roles.map((role) => [role.id, role]));
  const lists = [
    { variable: "DISCORD_MODERATOR_ROLE_IDS", role: "moderator", ids: discord.moderatorRoleIds },
    { variable: "DISCORD_ADMIN_ROLE_IDS", role: "admin", ids: discord.adminRoleIds },
  ];
  const unknown = lists.flatMap(({ variable, ids }) =>
    ids
      .filter((id) => !byId.has(id))
      .map((id) =>
        t("terminal.doctor.discord.unknownRole", { variable, id, guild: discord.guildId }),
      ),
  );
  if (unknown.length > 0) {
    return fail(NAMES.roles, unknown.join("; "), t("terminal.doctor.discord.unknownRoleFix"));
  }
  const found = lists.map(({ role, ids }) =>
    t("terminal.doctor.discord.roles", {
      role,
      set: ids.length === 0 ? "no" : "yes",
      names: ids.map((id) => byId.get(id)?.name ?? id).join(", "),
    }),
  );
  return pass(NAMES.roles, found.join("; "));
}

/** Why an answer could not be read, for a line. */
function readFailure(answer: Exclude<RestAnswer<unknown>, { kind: "ok" }>): string {
  return answer.kind === "refused"
    ? t("terminal.doctor.discord.answered", { refusal: describeRefusal(answer) })
    : answer.reason;
}

function retryFix(answer: Exclude<RestAnswer<unknown>, { kind: "ok" }>): string {
  if (answer.kind === "unanswered") return t("terminal.doctor.discord.unansweredFix");
  if (answer.status === 429) return t("terminal.doctor.rateLimitFix");
  if (answer.status >= 500) return t("terminal.doctor.discord.failingFix");
  return t("terminal.doctor.discord.refusedFix");
}
