// The sanction ladder's arithmetic: the step after so many bans, and how an offence is said.
import { describe, expect, it } from "vitest";
import { BANS_COUNTED } from "../../src/moderation/ban-record.js";
import { ladderStep, MAX_LADDER_STEPS, offenceText } from "../../src/moderation/ladder.js";

const LADDER = [1, 7, 30, 365];

describe("the ladder's next step", () => {
  it("climbs one step per earlier ban, and stays at the top past it", () => {
    expect([0, 1, 2, 3, 4, 9].map((bans) => ladderStep(LADDER, bans).days)).toEqual([
      1, 7, 30, 365, 365, 365,
    ]);
    expect(ladderStep(LADDER, 2)).toEqual({ days: 30, offence: 3, earlierBans: 2 });
  });

  it("names the offence in English ordinals", () => {
    const said = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((offence) =>
      offenceText({ days: 1, offence, earlierBans: offence - 1 }),
    );
    expect(said).toEqual([
      "1st offence",
      "2nd offence",
      "3rd offence",
      "4th offence",
      "11th offence",
      "12th offence",
      "13th offence",
      "21st offence",
      "22nd offence",
      "23rd offence",
      "101st offence",
      "111th offence",
    ]);
  });

  it("counts bans far enough to reach the top of the longest ladder", () => {
    const longest = Array.from({ length: MAX_LADDER_STEPS }, (_, n) => n + 1);
    expect(ladderStep(longest, BANS_COUNTED).days).toBe(MAX_LADDER_STEPS);
    expect(BANS_COUNTED).toBeGreaterThanOrEqual(MAX_LADDER_STEPS - 1);
  });
});
