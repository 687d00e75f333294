// The English answers keep their numbers as they always were: a count of a thousand or more is
// written without a thousands separator (`Chat bans: 100000 players`), though ICU's `#` would
// group it.
import { describe, expect, it } from "vitest";
import { t } from "../../src/i18n/translate.js";

describe("counts in the English answers", () => {
  it("are written without a thousands separator, as before the catalogue", () => {
    expect(t("bans.title", { count: 100_000 })).toBe("Chat bans: 100000 players");
    expect(t("reports.title", { count: 1_000 })).toBe("Reports: 1000 reports");
    expect(t("history.caseBan", { days: 3_650 })).toBe("ban 3650 days");
    expect(t("history.next", { days: 1, offence: 1_001 })).toBe("1 day (1001st offence)");
  });
});
