// "Did you mean …?": which names a mistyped word is offered, and which it is not.
import { describe, expect, it } from "vitest";
import { editDistance, nearMisses } from "../../src/catalogue/near-miss.js";

const COMMANDS = ["badwords", "ban", "bans", "channels", "help", "report", "reports", "serve"];

describe("editDistance", () => {
  it.each([
    ["bans", "bans", 0],
    ["bnas", "bans", 1],
    ["ban", "bans", 1],
    ["srve", "serve", 1],
    ["chanels", "channels", 1],
    ["ca", "abc", 3],
    ["", "ban", 3],
    ["차단", "차단해", 1],
  ])("%s → %s: %i", (a, b, steps) => {
    expect(editDistance(a, b)).toBe(steps);
    expect(editDistance(b, a)).toBe(steps);
  });
});

describe("nearMisses", () => {
  it.each([
    ["bnas", ["bans"]],
    ["BNAS", ["bans"]],
    ["srve", ["serve"]],
    ["chanels", ["channels"]],
    ["reprots", ["reports"]],
    ["bann", ["ban", "bans"]],
    // A prefix long enough to mean something names every command it begins.
    ["chan", ["channels"]],
    ["rep", ["report", "reports"]],
  ])("offers %s → %j", (typed, offered) => {
    expect(nearMisses(typed, COMMANDS)).toEqual(offered);
  });

  it.each(["bogus", "frobnicate", "b", "x", "", "bans"])("offers nothing for %j", (typed) => {
    expect(nearMisses(typed, COMMANDS)).toEqual([]);
  });
});
