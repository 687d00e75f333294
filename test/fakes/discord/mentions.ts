// Whom a message the bot creates mentions, as Discord decides it ("Allowed Mentions Object",
// https://discord.com/developers/docs/resources/message#allowed-mentions-object; the docs' own
// source is discord/discord-api-docs docs/resources/message.mdx):
// - mentions are read from the message content ("the mention format ... must also be present in
//   the content"), never from its embeds;
// - without `allowed_mentions`, a regular message parses every type: `{"parse": ["users",
//   "roles", "everyone"]}`;
// - a role or user is mentioned when its type is in `parse`, or its id is in `roles` / `users`;
//   `@everyone` and `@here` only when `everyone` is in `parse`;
// - "the `parse` field is mutually exclusive with the other fields": a type in `parse` with ids
//   of that type is refused, 50035 with allowed_mentions[MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE]
//   `parse:["roles"] and roles: [ids...] are mutually exclusive.` (as discord.js reports it, e.g.
//   Mephisto5558/Teufelsbot#287).
// Whether a mentioned role's members are notified also depends on the role being mentionable or
// the bot holding MENTION_EVERYONE; the fake records the mention, which is what the bot decides.
import { z } from "zod";
import type { RefusedField } from "./form-errors.js";

const allowedSchema = z
  .object({
    parse: z.array(z.enum(["users", "roles", "everyone"])).nullish(),
    users: z.array(z.string()).nullish(),
    roles: z.array(z.string()).nullish(),
  })
  .loose();

/** What a created message says it mentions: Discord's message object fields. */
export interface Mentioned {
  mentions: string[];
  mention_roles: string[];
  mention_everyone: boolean;
}

const EVERY_TYPE = { parse: ["users", "roles", "everyone"] as const };

/** The mentions of a message with this content and `allowed_mentions`, or why it is refused. */
export function mentionsOf(
  content: string | undefined,
  allowedMentions: unknown,
): { ok: true; mentioned: Mentioned } | { ok: false; refused: RefusedField } {
  const allowed = allowedSchema.parse(allowedMentions ?? EVERY_TYPE);
  const parse = new Set(allowed.parse ?? []);
  for (const type of ["users", "roles"] as const) {
    if (parse.has(type) && (allowed[type]?.length ?? 0) > 0) {
      return {
        ok: false,
        refused: {
          path: ["allowed_mentions"],
          code: "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
          message: `parse:["${type}"] and ${type}: [ids...] are mutually exclusive.`,
        },
      };
    }
  }
  const text = content ?? "";
  const ids = (pattern: RegExp) => [...new Set([...text.matchAll(pattern)].map((m) => m[1] ?? ""))];
  const roles = ids(/<@&(\d+)>/g);
  const users = ids(/<@!?(\d+)>/g);
  return {
    ok: true,
    mentioned: {
      mentions: users.filter((id) => parse.has("users") || (allowed.users ?? []).includes(id)),
      mention_roles: roles.filter((id) => parse.has("roles") || (allowed.roles ?? []).includes(id)),
      mention_everyone: parse.has("everyone") && /@(everyone|here)/.test(text),
    },
  };
}
