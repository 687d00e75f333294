// Players by name on Discord, through discord.js against the fake: /ban with a name two players
// share is deferred publicly (nothing the options say foretells the question), the question goes
// to the invoker alone with one button per player, and the chosen one is banned in the channel's
// sight. A name one player has bans that player, and the answer says who it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMessage } from "../../fakes/discord/server.js";
import { buttonId, buttonsOf, EPHEMERAL, embedOf, textOf } from "./answers.js";
import { type DiscordHarness, moderator, startDiscordHarness } from "./harness.js";

let h: DiscordHarness;
beforeAll(async () => {
  h = await startDiscordHarness({ audit: false });
  await h.see("10003=ShadowFox", "20017=ShadowFox", "10008=MoonWalker");
});
afterAll(() => h.close());

const isPrivate = (message: FakeMessage | undefined) =>
  message !== undefined && (message.flags & EPHEMERAL) !== 0;

describe("/ban with a player's name", () => {
  it("asks the invoker alone which ShadowFox, and bans the one chosen", async () => {
    const sent = h.discord.slash(moderator, "ban", { gamer_id: "ShadowFox", days: "1" });
    const line = await sent.answer();
    const question = await sent.followUp(line.seq);
    expect(embedOf(question).title).toBe("Which ShadowFox?");
    expect(textOf(question)).toContain("ShadowFox is the name of 2 players");
    expect(buttonsOf(question).map((button) => button.label)).toEqual([
      "ShadowFox (10003)",
      "ShadowFox (20017)",
      "Cancel",
    ]);
    await sent.deleted();
    const [shown, ...more] = sent.answers();
    expect(more).toEqual([]);
    expect(isPrivate(shown)).toBe(true);
    expect(h.emulator.state.runningBan("10003")).toBeUndefined();
    expect(h.emulator.state.runningBan("20017")).toBeUndefined();

    const pressed = h.discord.button(moderator, buttonId(question, "ShadowFox (20017)"), shown);
    const result = await pressed.followUp();
    expect(embedOf(result).title).toBe("Banned ShadowFox (20017) for 1 day");
    expect(h.emulator.state.runningBan("20017")).toBeDefined();
    expect(h.emulator.state.runningBan("10003")).toBeUndefined();
  });

  it("bans the one player with a name, and says who that was", async () => {
    const sent = h.discord.slash(moderator, "ban", { gamer_id: "moonwalker", days: "1" });
    const answer = await sent.edit();
    expect(embedOf(answer).title).toBe("Banned MoonWalker (10008) for 1 day");
    expect(textOf(answer)).toContain("moonwalker is 10008");
    expect(h.emulator.state.runningBan("10008")).toBeDefined();
  });
});
