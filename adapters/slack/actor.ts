// Who pressed or typed: a Slack user id mapped to a role through the configured id lists. An
// admin is a moderator too, so an id in either list is enough; nobody else holds a role.
import type { Actor, Role } from "../../src/index.js";

export interface SlackRoleLists {
  moderatorUserIds: readonly string[];
  adminUserIds: readonly string[];
}

export interface SlackUser {
  id: string;
  /** The handle Slack sends (`user_name`, `user.name` or `user.username`), when it sends one. */
  name?: string | undefined;
}

export function slackActor(user: SlackUser, lists: SlackRoleLists): Actor {
  return {
    platform: "slack",
    id: user.id,
    displayName: user.name || user.id,
    role: roleOf(user.id, lists),
  };
}

function roleOf(userId: string, lists: SlackRoleLists): Role {
  if (lists.adminUserIds.includes(userId)) return "admin";
  if (lists.moderatorUserIds.includes(userId)) return "moderator";
  return "anyone";
}
