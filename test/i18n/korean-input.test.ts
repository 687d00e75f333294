// Where a moderator types, Korean works as English does: 3일 and 2주 are ban lengths beside 3d
// and 2w, and 예 / 아니오 answer a question beside y / n, whichever language asked.
import { describe, expect, it } from "vitest";
import { daysArgument } from "../../src/catalogue/arguments.js";
import { parseCommandText } from "../../src/catalogue/text-parser.js";
import { createCatalogue } from "../../src/command-list.js";
import { yesOrNo } from "../../src/i18n/answers.js";

describe("Korean input", () => {
  const days = daysArgument(365).schema;

  it("reads 3일 and 2주 as 3 and 14 days, as 3d and 2w are", () => {
    expect(days.parse("3일")).toBe(3);
    expect(days.parse("2주")).toBe(14);
    expect(days.parse("3 일")).toBe(3);
    expect(days.parse("3d")).toBe(3);
    expect(days.safeParse("3개월").success).toBe(false);
  });

  it("reads a ban typed in a terminal with a Korean length", () => {
    const catalogue = createCatalogue({
      maxBanDays: 365,
      confirmBanDaysOver: 30,
      requireReason: false,
      chatTimeZone: "UTC",
    });
    for (const line of ["ban 10003 2주 --reason 도배", "ban 10003 2 주 도배"]) {
      const parsed = parseCommandText(line, catalogue);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(parsed.args, line).toMatchObject({ gamer_id: "10003", reason: "도배" });
      expect(days.parse(parsed.args.days), line).toBe(14);
    }
  });

  it("answers a question with 예, 네 or 아니오 as with y or n", () => {
    expect(["예", "네", " 예 ", "y", "YES"].map(yesOrNo)).toEqual(Array(5).fill("yes"));
    expect(["아니오", "아니요", "n", "No"].map(yesOrNo)).toEqual(Array(4).fill("no"));
    expect(yesOrNo("maybe")).toBeUndefined();
  });
});
