// The fake workspace's members, as users.info answers for them
// (https://api.slack.com/methods/users.info): `user` (required, "User to get info on") and
// `include_locale` ("Set this to true to receive the locale for this user. Defaults to false");
// it answers `{ ok, user }` with a user object, and `user_not_found` ("Value passed for user was
// invalid") for an id the workspace does not have. The locale is opt-in: "If you don't include
// the parameter, no locale will be provided"; it is "a IETF language code, such as en-US"
// (https://api.slack.com/changelog/2017-09-locale-locale-locale). The method needs the bot scope
// users:read (https://api.slack.com/scopes/users:read lists users.info among its methods); the
// Web API answers `missing_scope` without it (web-api.ts). A test sets each member's locale.
import { z } from "zod";
import { FAKE_TEAM } from "./identity.js";

export const USERS_SCOPE = "users:read";

export interface FakeMember {
  id: string;
  name: string;
  /** The language the member chose in Slack, an IETF tag (`ko-KR`). */
  locale: string;
}

type Answer = { ok: true; user: Record<string, unknown> } | { ok: false; error: string };

/** Form fields arrive as strings (`true`, `1`); JSON bodies as booleans. */
const infoArgumentsSchema = z.object({
  user: z.string().min(1),
  include_locale: z
    .union([z.boolean(), z.string().transform((text) => text === "true" || text === "1")])
    .default(false),
});

export class FakeMembers {
  private readonly members = new Map<string, FakeMember>();

  /** Adds `member` to the workspace, or changes their name or locale. */
  set(member: FakeMember): void {
    this.members.set(member.id, member);
  }

  info(args: Record<string, unknown>): Answer {
    const parsed = infoArgumentsSchema.safeParse(args);
    const member = parsed.success ? this.members.get(parsed.data.user) : undefined;
    if (!parsed.success || !member) return { ok: false, error: "user_not_found" };
    return {
      ok: true,
      user: {
        id: member.id,
        team_id: FAKE_TEAM.id,
        name: member.name,
        deleted: false,
        real_name: member.name,
        tz: "Asia/Seoul",
        is_bot: false,
        ...(parsed.data.include_locale ? { locale: member.locale } : {}),
      },
    };
  }
}
