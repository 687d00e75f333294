// The fake Discord's mentions follow Discord's documented examples
// (https://discord.com/developers/docs/resources/message#allowed-mentions-object).
import { describe, expect, it } from "vitest";
import { mentionsOf } from "./mentions.js";

const mentioned = (content: string, allowed?: unknown) => {
  const answer = mentionsOf(content, allowed);
  if (!answer.ok) throw new Error(answer.refused.message);
  return answer.mentioned;
};

describe("the fake Discord's mentions", () => {
  const content = "@here Hello <@&1234> and <@5678> 👋";

  it("parses every type in a regular message that says nothing", () => {
    expect(mentioned(content)).toEqual({
      mentions: ["5678"],
      mention_roles: ["1234"],
      mention_everyone: true,
    });
  });

  it("parses none with parse: []", () => {
    expect(mentioned(content, { parse: [] })).toEqual({
      mentions: [],
      mention_roles: [],
      mention_everyone: false,
    });
  });

  it("mentions only the ids given, and only when the content mentions them", () => {
    expect(mentioned("<@123> Time for some memes", { users: ["123", "456"] }).mentions).toEqual([
      "123",
    ]);
    expect(mentioned("<@&1> <@&2>", { parse: [], roles: ["2"] }).mention_roles).toEqual(["2"]);
    expect(mentioned("no mention here", { parse: [], roles: ["2"] }).mention_roles).toEqual([]);
  });

  it("refuses parse of a type beside ids of that type", () => {
    expect(mentionsOf("<@1>", { parse: ["users"], users: ["1"] })).toEqual({
      ok: false,
      refused: {
        path: ["allowed_mentions"],
        code: "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
        message: 'parse:["users"] and users: [ids...] are mutually exclusive.',
      },
    });
    // An empty list is not a conflict.
    expect(mentionsOf("<@1>", { parse: ["users"], users: [] }).ok).toBe(true);
  });
});
