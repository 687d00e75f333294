// Every command of the catalogue, one by one, through the same rules: a valid call works, the
// chat API failing reads as its own words, and someone without the role is refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { admin, type Harness, player, startHarness } from "../helpers/core.js";

/** A valid call of each command; confirmed, so the handler itself runs. */
const validCalls: Record<string, Record<string, unknown>> = {
  ban: { gamer_id: "every-1", days: "1" },
  unban: { gamer_id: "every-1" },
  bans: {},
  reports: {},
  history: { gamer_id: "every-1" },
  "channels list": {},
  "channels create": { group: "every", name: "room", max_count: "10" },
  "channels delete": { group: "every", name: "room" },
  "badwords list": {},
  "badwords add": { language: "en-us", words: ["every"] },
  "badwords remove": { language: "en-us", words: ["every"] },
  // Report 1 exists in the API but not (yet) in the feed's store: shown as the API has it.
  report: { report_id: "1" },
  // Report 2 was read by the feed: dismissing it is the bot's own record.
  dismiss: { report_id: "2" },
  help: {},
};

/** Commands that change only the bot's own store: a chat API failure cannot touch them. */
const storeOnly = new Set(["dismiss"]);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.emulator.state.injectReport({ report_id: 1, to_gamer_id: "every-1" });
  const seen = h.emulator.state.injectReport({ report_id: 2, to_gamer_id: "every-2" });
  h.core.reports.transaction(() => h.core.reports.record(seen, new Date(), undefined));
});
beforeEach(() => h.emulator.faults.clear());
afterAll(() => h.close());

describe("every command", () => {
  it("has a valid call listed here (a new command must be added)", () => {
    expect(Object.keys(validCalls).sort()).toEqual(
      h.core.runner.catalogue.all.map((c) => c.name).sort(),
    );
  });

  for (const [name, args] of Object.entries(validCalls)) {
    it(`${name}: a valid call succeeds`, async () => {
      const view = await h.run(name, args, admin, { confirmed: true });
      expect(["success", "info", "warning"]).toContain(view.outcome);
    });

    if (name === "help") continue;

    it.skipIf(storeOnly.has(name))(
      `${name}: a chat API failure reads as the API's words`,
      async () => {
        h.emulator.faults.add({
          respond: {
            status: 500,
            body: JSON.stringify({ message: "maintenance", code: 500001, error: true }),
          },
          times: 10,
        });
        const view = await h.run(name, args, admin, { confirmed: true });
        expect(view.outcome).toBe("error");
        expect(view.description).toMatch(
          /^The chat API answered (GET|PUT|DELETE) \/\w+ with HTTP 500: maintenance \(500001\)/,
        );
      },
    );

    it(`${name}: refused to someone without the role, nothing sent`, async () => {
      const before = h.emulator.requests.length;
      const view = await h.run(name, args, player, { confirmed: true });
      expect(view.outcome).toBe("denied");
      expect(h.emulator.requests.length).toBe(before);
    });
  }
});
