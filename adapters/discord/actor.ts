// Who pressed or typed: the Discord member as the core's Actor. The role comes from the member's
// Discord roles and the configured ids, nothing else: admin if any admin role, else moderator if
// any moderator role, else anyone. The core's ranks make an admin a moderator too. Roles count
// only in the configured guild: the bot may sit in others, where nobody moderates through it.
import type { Interaction } from "discord.js";
import type { Actor, Role } from "../../src/index.js";

export interface RoleIds {
  guildId: string;
  moderatorRoleIds: readonly string[];
  adminRoleIds: readonly string[];
}

export function actorOf(interaction: Interaction, roles: RoleIds): Actor {
  const held =
    interaction.guildId === roles.guildId ? memberRoleIds(interaction) : new Set<string>();
  return {
    platform: "discord",
    id: interaction.user.id,
    displayName: displayName(interaction),
    role: roleOf(held, roles),
  };
}

export function roleOf(held: ReadonlySet<string>, roles: RoleIds): Role {
  if (roles.adminRoleIds.some((id) => held.has(id))) return "admin";
  if (roles.moderatorRoleIds.some((id) => held.has(id))) return "moderator";
  return "anyone";
}

/**
 * A member of a cached guild is a GuildMember, whose roles resolve through the guild's role
 * cache; before the guild is cached it is the raw API member with role ids. Outside a guild
 * (a DM) there are no roles at all.
 */
function memberRoleIds(interaction: Interaction): ReadonlySet<string> {
  const member = interaction.member;
  if (!member) return new Set();
  if (Array.isArray(member.roles)) return new Set(member.roles);
  return new Set(member.roles.cache.keys());
}

function displayName(interaction: Interaction): string {
  const member = interaction.member;
  if (member && "displayName" in member) return member.displayName;
  return member?.nick ?? interaction.user.globalName ?? interaction.user.username;
}
