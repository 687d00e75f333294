// Item 7 of issue 9: a write whose echo carries the master token (`Bearer <token>` in an extra
// field) leaves the token nowhere: not in the view, not in the stored case, not in history --json.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderJson } from "../../adapters/console/render.js";
import { admin, type Harness, startHarness } from "../helpers/core.js";
import { TEST_TOKEN } from "../helpers/emulator.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const storedRows = async () =>
  JSON.stringify(await h.core.store.db.selectFrom("cases").selectAll().execute());

describe("an echo carrying the master token", () => {
  it("ban: the view, the case and history --json hold no token", async () => {
    h.emulator.faults.add({
      method: "PUT",
      path: "/block_user_chat",
      respond: {
        status: 200,
        body: JSON.stringify({
          gamer_id: "leaky-1",
          days: 3,
          debug: `Bearer ${TEST_TOKEN}`,
          headers: { authorization: `Bearer ${TEST_TOKEN}` },
        }),
      },
    });
    await h.see("leaky-1");
    const view = await h.run("ban", { gamer_id: "leaky-1", days: "3" });
    expect(view.outcome).toBe("success");
    expect(renderJson(view)).not.toContain(TEST_TOKEN);

    const [recorded] = await h.core.cases.forTarget("leaky-1");
    expect(recorded?.answer).toMatchObject({
      answer: { gamer_id: "leaky-1", debug: "Bearer [redacted]" },
    });
    expect(await storedRows()).not.toContain(TEST_TOKEN);

    const history = await h.run("history", { gamer_id: "leaky-1" });
    expect(JSON.stringify(history.data)).toContain("Bearer [redacted]");
    expect(renderJson(history)).not.toContain(TEST_TOKEN);
  });

  it("badwords add: the echo's token is not stored either", async () => {
    h.emulator.faults.add({
      method: "PUT",
      path: "/bad_word_list",
      respond: {
        status: 200,
        body: JSON.stringify({ language: "en-us", filters: ["leak"], debug: TEST_TOKEN }),
      },
    });
    const view = await h.run("badwords add", { language: "en-us", words: ["leak"] }, admin);
    expect(renderJson(view)).not.toContain(TEST_TOKEN);
    expect(await storedRows()).not.toContain(TEST_TOKEN);
  });
});
