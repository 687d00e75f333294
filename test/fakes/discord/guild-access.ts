// Who the bot is in the fake guild and what it may do there, as Discord's REST API shows it to
// the bot: Get Current User, Get Current Application, Get Guild Member (the bot's own roles),
// Get Guild Roles, and the permission_overwrites that Get Channel returns.
//
// A bot invited through the OAuth2 URL with `permissions` gets a role of its own holding them:
// `managed` (by an integration), with `tags.bot_id` naming the bot (the role object,
// https://discord.com/developers/docs/topics/permissions#role-object). docs/discord.md's invite asks
// for 19456 = View Channels + Send Messages + Embed Links. @everyone keeps the "0"
// the gateway's GUILD_CREATE shows (payloads.ts), so the bot can do what its role allows until a
// channel overwrite says otherwise: a private channel is one whose @everyone overwrite denies
// View Channel, and the bot sees it only if it (or its role) is allowed in.
//
// Get Channel still answers for a channel the bot cannot view, overwrites included: Discord has
// long sent bots every channel of a guild with its metadata (discord/discord-api-docs#3676,
// #867); the doctor computes what the bot may do from them.
import { type FakeUser, snowflake } from "./payloads.js";

/** The bits of Discord's permission flags the bot's checks read. */
export const FAKE_PERMISSION = {
  administrator: 1n << 3n,
  viewChannel: 1n << 10n,
  sendMessages: 1n << 11n,
  embedLinks: 1n << 14n,
} as const;

/** What docs/discord.md's invite URL grants the bot's managed role. */
export const INVITE_PERMISSIONS =
  FAKE_PERMISSION.viewChannel | FAKE_PERMISSION.sendMessages | FAKE_PERMISSION.embedLinks;

/** A channel's overwrite as Discord sends it: type 0 a role (the guild id is @everyone), 1 a member. */
export interface FakeOverwrite {
  id: string;
  type: 0 | 1;
  allow: string;
  deny: string;
}

export class FakeGuildAccess {
  /** The managed role Discord made for the bot when it was invited. */
  readonly botRoleId = snowflake();
  /** Role id → permissions; a role not here has "0". */
  readonly rolePermissions = new Map<string, bigint>();
  /** Set false and the bot has left the guild (or was never invited). */
  botInGuild = true;
  private readonly overwrites = new Map<string, FakeOverwrite[]>();

  constructor(
    private readonly guild: { id: string; roles: { id: string; name: string }[] },
    private readonly bot: Pick<FakeUser, "id" | "username">,
  ) {
    this.rolePermissions.set(this.botRoleId, INVITE_PERMISSIONS);
  }

  /** Replaces the channel's overwrite for `overwrite.id`, as Edit Channel Permissions does. */
  setOverwrite(channelId: string, overwrite: FakeOverwrite): void {
    const others = (this.overwrites.get(channelId) ?? []).filter((o) => o.id !== overwrite.id);
    this.overwrites.set(channelId, [...others, overwrite]);
  }

  /** A private channel: @everyone may not view it, and nobody was let in. */
  makePrivate(channelId: string): void {
    this.setOverwrite(channelId, {
      id: this.guild.id,
      type: 0,
      allow: "0",
      deny: String(FAKE_PERMISSION.viewChannel),
    });
  }

  overwritesOf(channelId: string): FakeOverwrite[] {
    return this.overwrites.get(channelId) ?? [];
  }

  /**
   * What the bot may do in a channel, as Discord computes it ("Permission Overwrites",
   * https://discord.com/developers/docs/topics/permissions#permission-overwrites): @everyone's
   * permissions and its roles', everything for Administrator, then the channel's @everyone
   * overwrite, its role overwrites together, and its member overwrite, each denying then allowing.
   */
  botPermissionsIn(channelId: string): bigint {
    const roles = this.botMember().roles;
    let permissions = this.rolePermissions.get(this.guild.id) ?? 0n;
    for (const role of roles) permissions |= this.rolePermissions.get(role) ?? 0n;
    if (permissions & FAKE_PERMISSION.administrator) return ~0n;
    const overwrites = this.overwritesOf(channelId);
    const apply = (deny: bigint, allow: bigint) => {
      permissions = (permissions & ~deny) | allow;
    };
    const everyone = overwrites.find((o) => o.type === 0 && o.id === this.guild.id);
    if (everyone) apply(BigInt(everyone.deny), BigInt(everyone.allow));
    let roleDeny = 0n;
    let roleAllow = 0n;
    for (const o of overwrites) {
      if (o.type !== 0 || !roles.includes(o.id)) continue;
      roleDeny |= BigInt(o.deny);
      roleAllow |= BigInt(o.allow);
    }
    apply(roleDeny, roleAllow);
    const member = overwrites.find((o) => o.type === 1 && o.id === this.bot.id);
    if (member) apply(BigInt(member.deny), BigInt(member.allow));
    return permissions;
  }

  /** Back to how the bot was invited: its role only, no overwrites, in the guild. */
  reset(): void {
    this.overwrites.clear();
    this.rolePermissions.clear();
    this.rolePermissions.set(this.botRoleId, INVITE_PERMISSIONS);
    this.botInGuild = true;
  }

  /** Get Guild Roles: @everyone, the configured roles, and the bot's managed role. */
  roles() {
    const role = (id: string, name: string, position: number, managed = false) => ({
      id,
      name,
      color: 0,
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position,
      permissions: String(this.rolePermissions.get(id) ?? 0n),
      managed,
      mentionable: false,
      flags: 0,
      ...(managed ? { tags: { bot_id: this.bot.id } } : {}),
    });
    return [
      role(this.guild.id, "@everyone", 0),
      ...this.guild.roles.map((r, index) => role(r.id, r.name, index + 1)),
      role(this.botRoleId, this.bot.username, this.guild.roles.length + 1, true),
    ];
  }

  /** Get Guild Member for the bot itself. */
  botMember() {
    return {
      user: { id: this.bot.id, username: this.bot.username, discriminator: "0", bot: true },
      nick: null,
      roles: [this.botRoleId],
      joined_at: "2026-01-01T00:00:00.000000+00:00",
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
    };
  }
}
