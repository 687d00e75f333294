// Who may do what. Moderators act on players; admins also change channels and word lists;
// `anyone` is for help. Each adapter maps its platform's identity (Discord roles, Slack user
// ids, the terminal) to an Actor; the core only ever sees Actors.

export type Role = "anyone" | "moderator" | "admin";
export type Platform = "discord" | "slack" | "console" | "cli";

export interface Actor {
  platform: Platform;
  /** The platform's id for the person: a Discord user id, a Slack user id, the OS user. */
  id: string;
  displayName: string;
  /** The highest role the person holds; each role includes the ones below it. */
  role: Role;
}

/** Each role includes every role before it. */
export const ROLES_LOW_TO_HIGH: readonly Role[] = ["anyone", "moderator", "admin"];

export function includesRole(held: Role, needed: Role): boolean {
  return ROLES_LOW_TO_HIGH.indexOf(held) >= ROLES_LOW_TO_HIGH.indexOf(needed);
}

export function hasRole(actor: Actor, needed: Role): boolean {
  return includesRole(actor.role, needed);
}

/** The terminal and the one-shot CLI hold the master token already, so they act as admins. */
export function operatorActor(platform: "console" | "cli"): Actor {
  const user = process.env.USER ?? process.env.USERNAME ?? "operator";
  return { platform, id: user, displayName: user, role: "admin" };
}
