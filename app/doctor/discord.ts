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

const UNSET_CHANNEL: Record<DestinationPurpose, string> = {
  report: "the report feed does not post to Discord",
  audit: "cases are not posted to Discord",
};

const INVITE_FIX =
  "invite the bot with the OAuth2 URL in docs/discord.md (scopes bot and applications.commands)";
const PERMISSION_FIX = (missing: readonly string[]) =>
  `give the bot's role ${missing.join(", ")} in that channel (Edit Channel → Permissions)`;

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
    const after =
      me.kind === "refused"
        ? "not checked: Discord did not accept the token"
        : "not checked: Discord did not answer";
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
    pass(NAMES.token, `valid: bot ${bot.username} (${bot.id})`),
    applicationCheck(application, discord.applicationId),
  ];
  if (member.kind !== "ok") {
    const after =
      member.kind === "refused"
        ? "not checked: the bot is not in the guild"
        : "not checked: the guild could not be read";
    return [
      ...checks,
      guildFailure(member, discord.guildId),
      skip(NAMES.report, after),
      skip(NAMES.audit, after),
      skip(NAMES.roles, after),
    ];
  }
  checks.push(pass(NAMES.guild, `the bot is a member of guild ${discord.guildId}`));
  if (roles.kind !== "ok") {
    const after = "not checked: the guild's roles could not be read";
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
      `${describeRefusal(answer)}: Discord refused DISCORD_TOKEN`,
      "set DISCORD_TOKEN to the bot's token (Developer Portal → your app → Bot → Reset Token)",
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
      `DISCORD_APPLICATION_ID is ${configured}, but the token is the bot of application ${id} (${name})`,
      `set DISCORD_APPLICATION_ID to ${id}, or DISCORD_TOKEN to the bot token of application ${configured}`,
    );
  }
  return pass(NAMES.application, `${name} (${id}) matches DISCORD_APPLICATION_ID`);
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
      `the bot is not a member of guild ${guildId}: ${describeRefusal(answer)}`,
      `${INVITE_FIX}, or set DISCORD_GUILD_ID to the server it is in`,
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
  if (id === undefined) return pass(name, `${variable} is not set: ${UNSET_CHANNEL[purpose]}`);

  const answer = await context.rest.get(`/channels/${id}`, channelSchema);
  if (answer.kind === "refused" && answer.status === 404) {
    return fail(
      name,
      `no channel ${id}: ${describeRefusal(answer)}`,
      `set ${variable} to a text channel of the guild (right-click it → Copy Channel ID)`,
    );
  }
  if (answer.kind === "refused" && answer.status === 403) {
    const needs = CHANNEL_NEEDS.map((need) => need.name);
    return fail(
      name,
      `the bot cannot see channel ${id}: ${describeRefusal(answer)}`,
      PERMISSION_FIX(needs),
    );
  }
  if (answer.kind !== "ok") return fail(name, readFailure(answer), retryFix(answer));

  const channel = answer.value;
  const shown = channel.name ? `#${channel.name} (${id})` : id;
  if (channel.guild_id !== context.discord.guildId) {
    return fail(
      name,
      `${shown} is not a channel of guild ${context.discord.guildId}`,
      `set ${variable} to a channel of that guild, or DISCORD_GUILD_ID to the channel's`,
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
    const seen = missing.includes("View Channel") ? "cannot see it" : "can see it";
    return fail(
      name,
      `${shown}: the bot ${seen} and lacks ${missing.join(", ")}`,
      PERMISSION_FIX(missing),
    );
  }
  return pass(name, `${shown}: the bot can ${CHANNEL_NEEDS.map((need) => need.name).join(", ")}`);
}

function roleIdsCheck(discord: DiscordConfig, roles: readonly Role[]): DoctorCheck {
  if (discord.moderatorRoleIds.length === 0 && discord.adminRoleIds.length === 0) {
    return fail(
      NAMES.roles,
      "DISCORD_MODERATOR_ROLE_IDS and DISCORD_ADMIN_ROLE_IDS are empty: nobody on Discord can run moderator or admin commands",
      "set DISCORD_MODERATOR_ROLE_IDS (and DISCORD_ADMIN_ROLE_IDS) to role ids of the guild",
    );
  }
  const byId = new Map(roles.map((role) => [role.id, role]));
  const lists = [
    { variable: "DISCORD_MODERATOR_ROLE_IDS", label: "moderators", ids: discord.moderatorRoleIds },
    { variable: "DISCORD_ADMIN_ROLE_IDS", label: "admins", ids: discord.adminRoleIds },
  ];
  const unknown = lists.flatMap(({ variable, ids }) =>
    ids
      .filter((id) => !byId.has(id))
      .map((id) => `${variable} names ${id}, which is not a role of guild ${discord.guildId}`),
  );
  if (unknown.length > 0) {
    return fail(
      NAMES.roles,
      unknown.join("; "),
      "use ids from Server Settings → Roles (with Developer Mode on: right-click a role → Copy Role ID)",
    );
  }
  const found = lists.map(({ label, ids }) =>
    ids.length === 0
      ? `${label}: none set`
      : `${label}: ${ids.map((id) => byId.get(id)?.name ?? id).join(", ")}`,
  );
  return pass(NAMES.roles, found.join("; "));
}

/** Why an answer could not be read, for a line. */
function readFailure(answer: Exclude<RestAnswer<unknown>, { kind: "ok" }>): string {
  return answer.kind === "refused" ? `Discord answered ${describeRefusal(answer)}` : answer.reason;
}

function retryFix(answer: Exclude<RestAnswer<unknown>, { kind: "ok" }>): string {
  if (answer.kind === "unanswered") {
    return "check DISCORD_API_URL (unset: https://discord.com/api) and that this machine can reach it";
  }
  if (answer.status === 429) return "wait a minute and run the doctor again";
  if (answer.status >= 500)
    return "Discord is failing: try again later (https://discordstatus.com)";
  return "check the Discord variables against the Developer Portal and the server";
}
