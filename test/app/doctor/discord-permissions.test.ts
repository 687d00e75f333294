// The bot's permissions in a channel, in Discord's documented order: base from @everyone and the
// member's roles, ADMINISTRATOR first, then the @everyone overwrite, the role overwrites
// together, the member's own overwrite last.
import { describe, expect, it } from "vitest";
import {
  channelPermissions,
  missingNeeds,
  type Overwrite,
  PERMISSION,
} from "../../../adapters/discord/channel-permissions.js";

const GUILD = "100";
const BOT = "200";
const BOT_ROLE = "300";
const OTHER_ROLE = "301";
const {
  viewChannel: VIEW,
  sendMessages: SEND,
  embedLinks: EMBED,
  administrator: ADMIN,
} = PERMISSION;
const INVITED = VIEW | SEND | EMBED;

function permissionsWith(overwrites: Overwrite[], roles: [string, bigint][] = []): bigint {
  return channelPermissions({
    guildId: GUILD,
    memberId: BOT,
    memberRoleIds: [BOT_ROLE],
    rolePermissions: new Map([[GUILD, 0n], [BOT_ROLE, INVITED], ...roles]),
    overwrites,
  });
}

const role = (id: string, allow: bigint, deny: bigint): Overwrite => ({ id, type: 0, allow, deny });

describe("channelPermissions", () => {
  it("gives the bot its roles' permissions where no overwrite says otherwise", () => {
    expect(missingNeeds(permissionsWith([]))).toEqual([]);
  });

  it("hides a private channel: @everyone denied View Channel takes it from the role too", () => {
    const permissions = permissionsWith([role(GUILD, 0n, VIEW)]);
    expect(missingNeeds(permissions)).toEqual(["View Channel", "Send Messages", "Embed Links"]);
  });

  it("lets the bot into a private channel when its role is allowed in", () => {
    expect(
      missingNeeds(permissionsWith([role(GUILD, 0n, VIEW), role(BOT_ROLE, VIEW, 0n)])),
    ).toEqual([]);
  });

  it("applies the role overwrites together: one role's allow beats another's deny", () => {
    const permissions = channelPermissions({
      guildId: GUILD,
      memberId: BOT,
      memberRoleIds: [BOT_ROLE, OTHER_ROLE],
      rolePermissions: new Map([[BOT_ROLE, INVITED]]),
      overwrites: [role(OTHER_ROLE, 0n, EMBED), role(BOT_ROLE, EMBED, 0n)],
    });
    expect(missingNeeds(permissions)).toEqual([]);
  });

  it("lets the member's own overwrite have the last word", () => {
    const own: Overwrite = { id: BOT, type: 1, allow: 0n, deny: SEND };
    expect(missingNeeds(permissionsWith([role(BOT_ROLE, SEND, 0n), own]))).toEqual([
      "Send Messages",
    ]);
  });

  it("ignores overwrites of roles the bot does not hold", () => {
    expect(missingNeeds(permissionsWith([role(OTHER_ROLE, 0n, VIEW | SEND)]))).toEqual([]);
  });

  it("gives an administrator everything, whatever the overwrites", () => {
    const permissions = permissionsWith(
      [role(GUILD, 0n, VIEW), { id: BOT, type: 1, allow: 0n, deny: VIEW }],
      [
        [OTHER_ROLE, 0n],
        [BOT_ROLE, ADMIN],
      ],
    );
    expect(missingNeeds(permissions)).toEqual([]);
  });

  it("names only what is missing when the bot can see the channel", () => {
    expect(missingNeeds(permissionsWith([role(BOT_ROLE, 0n, EMBED)]))).toEqual(["Embed Links"]);
  });
});
