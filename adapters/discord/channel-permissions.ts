// What the bot may do in one channel, computed as Discord computes it ("Permission Overwrites",
// https://discord.com/developers/docs/topics/permissions#permission-overwrites): the @everyone
// role's permissions and the member's roles' together are the base, ADMINISTRATOR grants
// everything, then the channel's @everyone overwrite applies, then the overwrites of all the
// member's roles at once (their denies, then their allows), then the member's own overwrite.
// Pure, so the doctor and its tests share one reading of the rule.

/** The bits this bot cares about, from the documented bitwise permission flags. */
export const PERMISSION = {
  administrator: 1n << 3n,
  viewChannel: 1n << 10n,
  sendMessages: 1n << 11n,
  embedLinks: 1n << 14n,
} as const;

const ALL_PERMISSIONS = (1n << 64n) - 1n;

/** What a report or audit channel needs: to see it, post in it, and show embeds (the cards). */
export const CHANNEL_NEEDS: readonly { name: string; bit: bigint }[] = [
  { name: "View Channel", bit: PERMISSION.viewChannel },
  { name: "Send Messages", bit: PERMISSION.sendMessages },
  { name: "Embed Links", bit: PERMISSION.embedLinks },
];

/** A channel's overwrite: type 0 names a role (the guild's id is @everyone), 1 a member. */
export interface Overwrite {
  id: string;
  type: number;
  allow: bigint;
  deny: bigint;
}

export interface ChannelPermissionInputs {
  guildId: string;
  memberId: string;
  memberRoleIds: readonly string[];
  /** Every role of the guild, @everyone (whose id is the guild's) included. */
  rolePermissions: ReadonlyMap<string, bigint>;
  overwrites: readonly Overwrite[];
}

export function channelPermissions(inputs: ChannelPermissionInputs): bigint {
  const { guildId, memberId, memberRoleIds, rolePermissions, overwrites } = inputs;
  let base = rolePermissions.get(guildId) ?? 0n;
  for (const roleId of memberRoleIds) base |= rolePermissions.get(roleId) ?? 0n;
  if ((base & PERMISSION.administrator) !== 0n) return ALL_PERMISSIONS;

  let permissions = base;
  const everyone = overwrites.find((overwrite) => overwrite.type === 0 && overwrite.id === guildId);
  if (everyone) permissions = (permissions & ~everyone.deny) | everyone.allow;

  let allow = 0n;
  let deny = 0n;
  for (const overwrite of overwrites) {
    if (overwrite.type === 0 && overwrite.id !== guildId && memberRoleIds.includes(overwrite.id)) {
      allow |= overwrite.allow;
      deny |= overwrite.deny;
    }
  }
  permissions = (permissions & ~deny) | allow;

  const own = overwrites.find((overwrite) => overwrite.type === 1 && overwrite.id === memberId);
  if (own) permissions = (permissions & ~own.deny) | own.allow;
  return permissions;
}

/**
 * The channel needs the bot lacks, by name. Without View Channel a member has none of the
 * others in practice, whatever the bits say, so the others are named too.
 */
export function missingNeeds(permissions: bigint): string[] {
  const sees = (permissions & PERMISSION.viewChannel) !== 0n;
  return CHANNEL_NEEDS.filter(({ bit }) => !sees || (permissions & bit) === 0n).map(
    ({ name }) => name,
  );
}
