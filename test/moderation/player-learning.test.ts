// Where the player directory learns players from, on a real core against the emulator: the
// report feed's polls (both players of every report, on both engines), channel member lists, and
// the bot's own cases. A refusal teaches it nothing: a denied ban is not a player seen.
import { afterEach, describe, expect, it } from "vitest";
import { type FeedHarness, startFeedHarness } from "../feed/harness.js";
import { admin, type Harness, player, startHarness } from "../helpers/core.js";
import { STORE_KINDS } from "../helpers/stores.js";

const harnesses: (Harness | FeedHarness)[] = [];
afterEach(async () => {
  for (const harness of harnesses.splice(0)) await harness.close();
});

describe.each(STORE_KINDS)("the report feed on %s", (kind) => {
  it("learns both players of every report it records, with their names", async () => {
    const h = await startFeedHarness({ kind });
    harnesses.push(h);
    h.emulator.state.injectReport({
      to_gamer_id: "10003",
      to_gamer_name: "ShadowFox",
      from_gamer_id: "10001",
      from_gamer_name: "김민수",
    });
    await h.feed.pollNow();
    expect(await h.core.players.get("10003")).toMatchObject({
      gamerId: "10003",
      name: "ShadowFox",
    });
    expect((await h.core.players.get("10001"))?.name).toBe("김민수");

    // Later reports: a new reporter, and the player under another name.
    h.emulator.state.injectReport({
      to_gamer_id: "10003",
      to_gamer_name: "NightFox",
      from_gamer_id: "10002",
      from_gamer_name: "달빛기사",
    });
    await h.feed.pollNow();
    expect((await h.core.players.get("10003"))?.name).toBe("NightFox");
    expect((await h.core.players.named("shadowfox", 5)).map((p) => p.gamerId)).toEqual(["10003"]);
    expect((await h.core.players.get("10002"))?.name).toBe("달빛기사");
  });
});

describe("commands", () => {
  it("channels list learns the players in every channel it lists", async () => {
    const h = await startHarness({ emulator: { seed: "demo" } });
    harnesses.push(h);
    expect(await h.core.players.get("10008")).toBeUndefined();
    await h.run("channels list", {});
    expect((await h.core.players.get("10008"))?.name).toBe("MoonWalker");
    // One group alone, too.
    h.emulator.state.joinPlayer("en", "general", { gamer_id: "30001", gamer_name: "Newcomer" });
    await h.run("channels list", { group: "en" });
    expect((await h.core.players.get("30001"))?.name).toBe("Newcomer");
  });

  it("a ban the bot made makes its player known; a refused one does not", async () => {
    const h = await startHarness();
    harnesses.push(h);
    await h.run("ban", { gamer_id: "gamer-7", days: "1" }, player);
    expect(await h.core.players.get("gamer-7")).toBeUndefined();
    await h.run("ban", { gamer_id: "gamer-7", days: "1" }, admin, { confirmed: true });
    expect(await h.core.players.get("gamer-7")).toMatchObject({ gamerId: "gamer-7" });
  });
});
