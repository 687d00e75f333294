// Hostile content from players (names, messages, reasons) through the real client: nothing
// pings, nothing renders as a mention, markdown or a link, no control or bidi character gets
// through, and every message stays within Discord's limits (6,000 characters per message, 1,024
// per field), however long the content. The whole hostile corpus is in ../hostile-corpus.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../fakes/discord/server.js";
import { embedOf, messageOf } from "./answers.js";
import { type DiscordHarness, moderator, startDiscordHarness } from "./harness.js";

const HOSTILE =
  "@everyone @here <@&123> <@456> <#789> **bold** __under__ ||spoiler|| `code` [link](https://evil.example) # heading\n> quote";
const LONG = `${HOSTILE} ${"x".repeat(5000)}`;

let h: DiscordHarness;
beforeAll(async () => {
  h = await startDiscordHarness({ audit: false });
  for (let n = 0; n < 10; n += 1) {
    h.emulator.state.injectReport({
      to_gamer_id: "target",
      to_gamer_name: LONG,
      from_gamer_id: `from-${n}`,
      from_gamer_name: HOSTILE,
      message: LONG,
      reason: LONG,
      keyword: HOSTILE,
    });
  }
});
afterAll(() => h.close());

/** Every string the embed shows, and the embed's size as Discord counts it. */
function measure(call: RecordedCall) {
  const embed = embedOf(call);
  const texts = [
    embed.title,
    embed.description ?? "",
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
    embed.footer?.text ?? "",
  ];
  return { embed, texts, size: texts.reduce((sum, text) => sum + text.length, 0) };
}

function expectInert(texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toMatch(/@(everyone|here)/);
    expect(text).not.toMatch(/<[@#]/);
    expect(text).not.toMatch(/(^|[^\\])\*\*bold/);
    expect(text).not.toMatch(/(^|[^\\])\[link\]/);
    expect(text).not.toMatch(/^#{1,3} /m);
    expect(text).not.toMatch(/^>/m);
  }
}

describe("hostile content", () => {
  it("in report lists: names, messages and reasons of 5,000 characters", async () => {
    const sent = h.discord.slash(moderator, "reports", { gamer_id: "target" });
    const answer = await sent.edit();
    const { embed, texts, size } = measure(answer);
    expect(size).toBeLessThanOrEqual(6000);
    expect(embed.fields).toHaveLength(10);
    for (const field of embed.fields ?? []) {
      expect(field.name.length).toBeLessThanOrEqual(256);
      expect(field.value.length).toBeLessThanOrEqual(1024);
    }
    expectInert(texts);
    expect(messageOf(answer).allowed_mentions).toEqual({ parse: [] });
    // What the moderator reads still says what was written.
    expect(texts.join("\n")).toContain("everyone");
  });

  it("in history and in a ban reason shown to the channel", async () => {
    const history = await h.discord.slash(moderator, "history", { gamer_id: "target" }).edit();
    expect(measure(history).size).toBeLessThanOrEqual(6000);
    expectInert(measure(history).texts);

    const reason = HOSTILE.slice(0, 200);
    const ban = await h.discord
      .slash(moderator, "ban", { gamer_id: "target", days: "1", reason })
      .edit();
    expectInert(measure(ban).texts);
    expect(messageOf(ban).allowed_mentions).toEqual({ parse: [] });
  });

  it("in a command's answer: no control or bidi character, no live link (issue 9, item 8)", async () => {
    const text = "gift\u202etxt.exe \u001b[31mred a\u0000b https://example.com/free-gold";
    h.emulator.state.injectReport({
      to_gamer_id: "controls",
      to_gamer_name: text,
      from_gamer_id: "controls-by",
      from_gamer_name: text,
      message: text,
      reason: text,
    });
    const answer = await h.discord.slash(moderator, "reports", { gamer_id: "controls" }).edit();
    const { texts } = measure(answer);
    expectInert(texts);
    for (const shown of texts) {
      expect(shown).not.toMatch(/[^\P{Cc}\n]|[\u202a-\u202e\u2066-\u2069]/u);
      // A scheme right before :// is an autolink; `https\://` reads the same and is none.
      expect(shown).not.toMatch(/[a-z]:\/\//i);
    }
    const all = texts.join("\n");
    expect(all).toContain(
      "gift\ufffdtxt.exe \u241b\\[31mred a\u2400b https\\://example.com/free-gold",
    );
  });

  it("a 5,000-character reason is refused with words, not a broken message", async () => {
    const sent = h.discord.slash(moderator, "unban", { gamer_id: "target", reason: LONG });
    const answer = await sent.edit();
    expect(embedOf(answer).description).toBe("reason must be at most 500 characters");
  });
});
