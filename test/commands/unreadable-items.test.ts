// One bad item must not break a whole list: on today's main a single report with
// `update_at: ""` made `reports` and `history` fail, and a single ban with an `end_time` in
// another format made `bans` fail. Every readable item is shown, and the view says how many
// could not be read and why, naming the id.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Harness, startHarness, textOf } from "../helpers/core.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.emulator.state.injectReport({ report_id: 1, to_gamer_id: "gamer-1", from_gamer_id: "gamer-2" });
  h.emulator.state.injectReport({ report_id: 2, to_gamer_id: "gamer-1", from_gamer_id: "gamer-3" });
  await h.core.api.banUser({ gamer_id: "gamer-1", days: 3 });
  await h.core.api.banUser({ gamer_id: "gamer-2", days: 3 });
});
afterAll(() => h.close());

/** The next GET of `path` answers the real list with one item broken by `breakIt`. */
async function breakOneItem(path: string, breakIt: (items: Record<string, unknown>[]) => void) {
  const response = await fetch(`${h.emulator.baseUrl}${path}`, {
    headers: { authorization: "Bearer test-master-token-do-not-use" },
  });
  const items = (await response.json()) as Record<string, unknown>[];
  breakIt(items);
  h.emulator.faults.add({
    method: "GET",
    path,
    respond: { status: 200, body: JSON.stringify(items) },
  });
}

it("reports shows the readable reports and names the unreadable one", async () => {
  await breakOneItem("/report_list", (items) => {
    (items[1] as Record<string, unknown>).update_at = "";
  });
  const view = await h.run("reports");
  expect(view.outcome).toBe("info");
  expect(view.table?.rows.map((row) => row.id)).toEqual([1]);
  expect(view.notices?.join(" ")).toMatch(
    /^1 report could not be read and is not shown: report 2: update_at /,
  );
});

it("bans shows the readable bans and names the unreadable one", async () => {
  await breakOneItem("/block_user_list", (items) => {
    (items[0] as Record<string, unknown>).end_time = "next tuesday";
  });
  const view = await h.run("bans");
  expect(view.outcome).toBe("info");
  expect(view.table?.rows).toHaveLength(1);
  expect(view.notices?.join(" ")).toMatch(
    /1 ban could not be read and is not shown: ban of gamer-\d: end_time /,
  );
});

it("history shows what it can read", async () => {
  await breakOneItem("/report_list", (items) => {
    (items[0] as Record<string, unknown>).create_at = 12;
  });
  await h.see("gamer-1");
  const view = await h.run("history", { gamer_id: "gamer-1" });
  expect(view.outcome).toBe("info");
  expect(textOf(view)).toContain("report 1: create_at");
  expect(view.table?.rows.map((row) => row.id)).toEqual([2]);
});
