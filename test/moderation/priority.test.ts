// The priority rules as a moderator reads them: what a card's player has against him becomes a
// level and reasons in words, with the configured weights.
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import {
  assessPriority,
  type PriorityInputs,
  type PriorityRules,
  priorityLine,
} from "../../src/moderation/priority.js";

const rules: PriorityRules = parseConfig({}).priority;
const once: PriorityInputs = {
  reporters: 1,
  reports: 1,
  earlierBans: 0,
  dismissed: 0,
  atLeast: { reports: false, bans: false, dismissed: false },
  categories: ["SPAM"],
};
const line = (inputs: Partial<PriorityInputs>, with_: PriorityRules = rules) =>
  priorityLine(assessPriority({ ...once, ...inputs }, with_));

describe("a card's priority", () => {
  it("reads as the issue's example: four reporters, two bans, cheating", () => {
    const priority = assessPriority(
      { ...once, reporters: 4, reports: 4, earlierBans: 2, categories: ["CHEATING"] },
      rules,
    );
    expect(priority).toEqual({
      level: "high",
      score: 4 * 2 + 2 * 3 + 4,
      reasons: ["4 reporters in 24 h", "banned twice before", "CHEATING"],
    });
    expect(priorityLine(priority)).toBe(
      "High: 4 reporters in 24 h · banned twice before · CHEATING",
    );
  });

  it("is low for one report of spam by one player", () => {
    expect(line({})).toBe("Low: 1 reporter in 24 h · SPAM");
  });

  it("weighs categories as configured: the same report is medium for cheating, low for spam", () => {
    expect(line({ categories: ["CHEATING"] })).toBe("Medium: 1 reporter in 24 h · CHEATING");
    expect(line({ categories: ["cheating"] })).toBe("Medium: 1 reporter in 24 h · cheating");
    // A category the rules do not name weighs as `*`.
    expect(assessPriority({ ...once, categories: ["GRIEFING"] }, rules).score).toBe(2 + 1);
    // Of several, the heaviest is the card's.
    expect(line({ categories: ["SPAM", "HARASSMENT"] })).toBe(
      "Medium: 1 reporter in 24 h · HARASSMENT",
    );
  });

  it("counts a reporter's repeated reports for less than other people's", () => {
    expect(line({ reporters: 1, reports: 5 })).toBe(
      "Medium: 1 reporter in 24 h · 5 reports in 24 h · SPAM",
    );
    expect(assessPriority({ ...once, reporters: 1, reports: 5 }, rules).score).toBe(5);
  });

  it("is lowered by reports against him that moderators dismissed before", () => {
    expect(line({ categories: ["CHEATING"], dismissed: 2 })).toBe(
      "Low: 1 reporter in 24 h · 2 reports dismissed before · CHEATING",
    );
  });

  it("says when a count stopped at its cap", () => {
    expect(
      line({
        reporters: 60,
        reports: 100,
        earlierBans: 100,
        dismissed: 100,
        atLeast: { reports: true, bans: true, dismissed: true },
      }),
    ).toBe(
      "High: 60 reporters+ in 24 h · 100 reports+ in 24 h · banned 100+ times before · 100 reports+ dismissed before · SPAM",
    );
  });

  it("leaves out what weighs nothing", () => {
    const noBans = parseConfig({ PRIORITY_WEIGHTS: "ban=0" }).priority;
    expect(line({ earlierBans: 3 }, noBans)).toBe("Low: 1 reporter in 24 h · SPAM");
  });
});

describe("the priority configuration", () => {
  it("reads the weights, the categories and the levels, defaults where not given", () => {
    const read = parseConfig({
      PRIORITY_CATEGORY_WEIGHTS: " hate = 6 , *=0.5",
      PRIORITY_WEIGHTS: "ban=5",
      PRIORITY_LEVELS: "high=20,medium=2.5",
    }).priority;
    expect(read).toEqual({
      weights: { reporter: 2, report: 0.5, ban: 5, dismissed: -1 },
      categories: new Map([
        ["HATE", 6],
        ["*", 0.5],
      ]),
      levels: { high: 20, medium: 2.5 },
    });
  });
});
