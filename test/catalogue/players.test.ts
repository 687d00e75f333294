// Players by name, through the runner every front end calls: an id the bot has seen is that
// player; a name one player has is that player, and the answer says so; a name several share is
// a question with one button per player (single use, the invoker's only); an id never seen is
// asked about before a change, and said of in a read. A report card's button acts on its card's
// player whatever names say.
import { afterEach, describe, expect, it } from "vitest";
import { MAX_PLAYER_CHOICES } from "../../src/catalogue/player-argument.js";
import { type Harness, moderator, startHarness, textOf } from "../helpers/core.js";

let h: Harness;
afterEach(() => h.close());

const bansSent = () => h.callsTo("PUT", "/block_user_chat");
const banOf = (gamerId: string) =>
  h.emulator.state.listBans().find((ban) => ban.gamer_id === gamerId);

describe("a player named by an id the bot has seen", () => {
  it("is that player, shown Name (id), even where another player has that id for a name", async () => {
    h = await startHarness();
    await h.see("10003=ShadowFox", "20017=10003");
    const view = await h.run("ban", { gamer_id: "10003", days: "1" });
    expect(view.title).toBe("Banned ShadowFox (10003) for 1 day");
    expect(view.notices).not.toContain("10003 is 20017");
    expect(view.player).toMatchObject({ gamerId: "10003", name: "ShadowFox", matchedBy: "id" });
    expect(banOf("10003")).toBeDefined();
  });
});

describe("a name one player has", () => {
  it("is that player, found case-insensitively, and the answer says so", async () => {
    h = await startHarness();
    await h.see("10008=MoonWalker");
    const view = await h.run("ban", { gamer_id: "moonwalker", days: "2", reason: "spam" });
    expect(view.title).toBe("Banned MoonWalker (10008) for 2 days");
    expect(view.notices?.[0]).toBe("moonwalker is 10008");
    expect(view.player).toEqual({
      gamerId: "10008",
      name: "MoonWalker",
      lastSeenAt: expect.any(Date),
      matchedBy: "name",
      typed: "moonwalker",
    });
    // The case is the id's: history finds it, by id or by name.
    const [recorded] = await h.core.cases.forTarget("10008");
    expect(recorded).toMatchObject({ target: "10008", args: { gamer_id: "10008", days: 2 } });
    expect((await h.run("history", { gamer_id: "MoonWalker" })).title).toBe(
      "History of MoonWalker (10008)",
    );
  });

  it("is looked for in the chat API's lists when the bot has not seen it yet", async () => {
    h = await startHarness();
    h.emulator.state.createChannel({
      channel_group: "en",
      channel_name: "general",
      max_count: 50,
      is_default: true,
    });
    h.emulator.state.joinPlayer("en", "general", { gamer_id: "10014", gamer_name: "NightOwl" });
    const view = await h.run("ban", { gamer_id: "NightOwl", days: "1" });
    expect(view.title).toBe("Banned NightOwl (10014) for 1 day");
    // Learnt once: the next command finds it in the store, reading no list.
    const reads = h.callsTo("GET", "/open_channel_groups");
    await h.run("history", { gamer_id: "nightowl" });
    expect(h.callsTo("GET", "/open_channel_groups")).toBe(reads);
  });

  it("waits for a long ban's confirmation as the id: the question names the player", async () => {
    h = await startHarness();
    await h.see("10008=MoonWalker");
    const question = await h.run("ban", { gamer_id: "MoonWalker", days: "60" });
    expect(question.description).toBe(
      "Ban MoonWalker (10008) for 60 days? That is longer than 30 days. This question expires in 60 s.",
    );
    expect((await h.press(question, "Confirm")).title).toBe(
      "Banned MoonWalker (10008) for 60 days",
    );
  });
});

describe("a name several players share", () => {
  async function namesakes() {
    h = await startHarness();
    await h.core.players.saw([
      { gamerId: "10003", name: "ShadowFox", at: new Date("2026-03-01T12:00:00Z") },
      { gamerId: "20017", name: "shadowfox", at: new Date("2026-03-01T09:00:00Z") },
    ]);
  }

  it("asks which one, showing each id with when it was last seen, and bans nobody yet", async () => {
    await namesakes();
    const question = await h.run("ban", { gamer_id: "ShadowFox", days: "1" });
    expect(question).toMatchObject({
      outcome: "confirm",
      title: "Which ShadowFox?",
      description:
        "ShadowFox is the name of 2 players. Choose one, or give the id. This question expires in 60 s.",
      visibility: "private",
    });
    expect(question.table?.rows).toEqual([
      { player: "ShadowFox (10003)", seen: { time: new Date("2026-03-01T12:00:00Z") } },
      { player: "shadowfox (20017)", seen: { time: new Date("2026-03-01T09:00:00Z") } },
    ]);
    expect(question.actions?.map((action) => [action.kind, action.label])).toEqual([
      ["choose", "ShadowFox (10003)"],
      ["choose", "shadowfox (20017)"],
      ["cancel", "Cancel"],
    ]);
    // Within Discord's 100-character custom_id.
    for (const action of question.actions ?? []) expect(action.id.length).toBeLessThanOrEqual(100);
    expect(question.choice?.players.map((player) => player.gamerId)).toEqual(["10003", "20017"]);
    expect(bansSent()).toBe(0);
  });

  it("a chosen player is banned, once: the other buttons are spent", async () => {
    await namesakes();
    const question = await h.run("ban", { gamer_id: "ShadowFox", days: "1" });
    const chosen = await h.press(question, "shadowfox (20017)");
    expect(chosen.title).toBe("Banned shadowfox (20017) for 1 day");
    expect(banOf("20017")).toBeDefined();
    expect(await h.press(question, "ShadowFox (10003)")).toMatchObject({
      title: "Already decided",
      description: "This choice was already answered by Mina.",
    });
    expect(banOf("10003")).toBeUndefined();
  });

  it("a choice leads on to the ban's own question when there is one", async () => {
    await namesakes();
    const question = await h.run("ban", { gamer_id: "ShadowFox", days: "90" });
    const asked = await h.press(question, "ShadowFox (10003)");
    expect(asked.description).toMatch(/^Ban ShadowFox \(10003\) for 90 days\?/);
    expect(bansSent()).toBe(0);
    expect((await h.press(asked, "Confirm")).title).toBe("Banned ShadowFox (10003) for 90 days");
  });

  it("only the invoker chooses, and Cancel changes nothing", async () => {
    await namesakes();
    const question = await h.run("ban", { gamer_id: "ShadowFox", days: "1" });
    const other = { ...moderator, id: "101", displayName: "Jun" };
    expect(await h.press(question, "ShadowFox (10003)", other)).toMatchObject({
      outcome: "denied",
      description: "Only Mina can use this choice.",
    });
    expect(await h.press(question, "Cancel")).toMatchObject({ title: "Cancelled" });
    expect(bansSent()).toBe(0);
  });

  it("a read asks too: history of whom?", async () => {
    await namesakes();
    const question = await h.run("history", { gamer_id: "SHADOWFOX" });
    expect(question.title).toBe("Which SHADOWFOX?");
    expect((await h.press(question, "ShadowFox (10003)")).title).toBe(
      "History of ShadowFox (10003)",
    );
  });

  it(`offers at most ${MAX_PLAYER_CHOICES}, and says there are more`, async () => {
    h = await startHarness();
    await h.see(...Array.from({ length: MAX_PLAYER_CHOICES + 2 }, (_, i) => `p-${i}=Twin`));
    const question = await h.run("ban", { gamer_id: "twin", days: "1" });
    expect(question.actions?.filter((action) => action.kind === "choose")).toHaveLength(
      MAX_PLAYER_CHOICES,
    );
    expect(question.description).toContain(
      `the name of ${MAX_PLAYER_CHOICES} players, and more than those shown: give the id of another`,
    );
  });
});

describe("an id never seen", () => {
  it("is asked about before a change: the question names where it was looked for", async () => {
    h = await startHarness();
    const question = await h.run("ban", { gamer_id: "10003x", days: "1" });
    expect(question.description).toBe(
      "10003x has never appeared in a report, a channel or a ban: ban anyway? This question expires in 60 s.",
    );
    expect(question.player).toMatchObject({ gamerId: "10003x", matchedBy: "unseen" });
    expect(bansSent()).toBe(0);
    expect((await h.press(question, "Confirm")).title).toBe("Banned 10003x for 1 day");
    // Acted on once, it is seen: the next command does not ask.
    expect((await h.run("unban", { gamer_id: "10003x" })).title).toBe("Unbanned 10003x");
  });

  it("a long ban of it asks once, saying both", async () => {
    h = await startHarness();
    const question = await h.run("ban", { gamer_id: "nobody-1", days: "60" });
    expect(question.description).toBe(
      "nobody-1 has never appeared in a report, a channel or a ban: ban anyway? Ban nobody-1 for 60 days? That is longer than 30 days. This question expires in 60 s.",
    );
  });

  it("is found in the ban list: a player banned elsewhere is a player seen", async () => {
    h = await startHarness();
    h.emulator.state.ban("banned-elsewhere", 3);
    const view = await h.run("unban", { gamer_id: "banned-elsewhere" });
    expect(view.title).toBe("Unbanned banned-elsewhere");
  });

  it("is said of in a read, which goes ahead", async () => {
    h = await startHarness();
    const view = await h.run("bans", { gamer_id: "ghost-1" });
    expect(view.outcome).toBe("info");
    expect(view.notices).toContain("ghost-1 has never appeared in a report, a channel or a ban.");
  });
});

describe("a report card's button", () => {
  it("acts on the card's player, by id, whatever a name says", async () => {
    h = await startHarness();
    // Another player is called by the reported player's id: typed, it would name him.
    await h.see("20017=gamer-9");
    const typed = await h.run("ban", { gamer_id: "gamer-9", days: "1" });
    expect(typed.title).toBe("Banned gamer-9 (20017) for 1 day");
    const view = await h.run("ban", { gamer_id: "gamer-9", days: "1" }, moderator, {
      pressed: { reportId: 5, generation: 0 },
    });
    expect(view.outcome).toBe("success");
    expect(banOf("gamer-9")).toBeDefined();
    expect(textOf(view)).not.toContain("20017");
  });
});
