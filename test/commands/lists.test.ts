// bans, reports, history and pagination through the catalogue.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../src/catalogue/runner.js";
import { readFormAction } from "../../src/view/form-action.js";
import { type Harness, moderator, startHarness, textOf } from "../helpers/core.js";

let h: Harness;
const now = new Date("2026-11-21T10:00:00Z");
// A fresh emulator and store per test: a list holds only what its own test put there.
beforeEach(async () => {
  h = await startHarness({ emulator: { now: () => now } });
});
afterEach(() => h.close());

describe("bans", () => {
  it("lists bans soonest to end first, and filters by player", async () => {
    await h.see("b-long", "b-short", "b-mid");
    await h.run("ban", { gamer_id: "b-long", days: "20" });
    await h.run("ban", { gamer_id: "b-short", days: "1" });
    await h.run("ban", { gamer_id: "b-mid", days: "5" });
    const view = await h.run("bans");
    expect(view.visibility).toBe("private");
    expect(view.table?.rows.map((row) => row.gamer_id)).toEqual(["b-short", "b-mid", "b-long"]);
    expect(view.table?.rows[0]?.end).toEqual({ time: new Date("2026-11-22T10:00:00Z") });

    const one = await h.run("bans", { gamer_id: "b-mid" });
    expect(one.table?.rows).toHaveLength(1);
    const none = await h.run("bans", { gamer_id: "nobody" });
    expect(none.table).toMatchObject({ rows: [], emptyText: "nobody is not banned." });
  });

  it("names each player, and for a ban the bot made says why and who made it", async () => {
    await h.see("b-1=Bandit", "b-2=Brawler");
    await h.run("ban", { gamer_id: "b-1", days: "3", reason: "gold selling" });
    // Made elsewhere (the vendor's console): no case of ours.
    h.emulator.state.ban("b-2", 5);
    // The bot banned b-3 long ago; the ban running now was made elsewhere since.
    await h.see("b-3");
    await h.run("ban", { gamer_id: "b-3", days: "1", reason: "old" });
    h.emulator.state.ban("b-3", 9, "extend", new Date(Date.now() + 10 * 60_000));
    const view = await h.run("bans");
    expect(view.table?.columns.map((column) => column.label)).toEqual([
      "Player",
      "Bans",
      "Since",
      "Until",
      "Reason",
      "By",
    ]);
    const rows = Object.fromEntries(
      (view.table?.rows ?? []).map((row) => [row.gamer_id, [row.reason, row.by]]),
    );
    expect(rows).toEqual({
      "Bandit (b-1)": ["gold selling", "Mina (discord)"],
      "Brawler (b-2)": ["", ""],
      "b-3": ["", ""],
    });
    expect((await h.run("bans", { gamer_id: "bandit" })).title).toBe("Ban of Bandit (b-1)");
    // The data is the chat API's list, as before.
    expect(view.data).toEqual(h.emulator.state.listBans());
  });
});

describe("reports", () => {
  it("lists newest first, by time and not by id, and filters by player either side", async () => {
    const { state } = h.emulator;
    state.injectReport({
      report_id: 900,
      to_gamer_id: "r-bad",
      from_gamer_id: "r-good",
      createdAt: new Date("2026-11-20T09:00:00Z"),
    });
    state.injectReport({
      report_id: 7,
      to_gamer_id: "r-other",
      from_gamer_id: "r-bad",
      createdAt: new Date("2026-11-21T09:00:00Z"),
    });
    state.injectReport({
      report_id: 50,
      to_gamer_id: "r-bad",
      from_gamer_id: "r-x",
      createdAt: new Date("2026-11-19T09:00:00Z"),
    });
    const view = await h.run("reports", { gamer_id: "r-bad" });
    expect(view.table?.rows.map((row) => row.id)).toEqual([7, 900, 50]);
    // The emulator names a reported player a0 unless told otherwise.
    expect(view.title).toBe("Reports against or by a0 (r-bad): 3");
    const limited = await h.run("reports", { gamer_id: "r-bad", limit: "2" });
    expect(limited.table?.rows.map((row) => row.id)).toEqual([7, 900]);
    expect(limited.notices).toEqual(["Showing the newest 2 of 3; raise limit to see more."]);
  });

  it("refuses a bad limit", async () => {
    expect((await h.run("reports", { limit: "0" })).description).toBe(
      "limit must be a whole number from 1 to 1000",
    );
    expect((await h.run("reports", { limit: "ten" })).description).toBe(
      "limit must be a whole number from 1 to 1000",
    );
  });
});

describe("history", () => {
  it("combines the player's cases, current ban and the reports against and by them", async () => {
    const { state } = h.emulator;
    state.injectReport({
      to_gamer_id: "hist-1",
      to_gamer_name: "Troll",
      from_gamer_id: "hist-2",
      reason: "욕설",
    });
    state.injectReport({ to_gamer_id: "hist-3", from_gamer_id: "hist-1", reason: "false report" });
    await h.run("ban", { gamer_id: "hist-1", days: "3", reason: "abuse" });
    await h.run("unban", { gamer_id: "hist-1", reason: "mistake" });
    await h.run("ban", { gamer_id: "hist-1", days: "7", reason: "abuse again" });

    const view = await h.run("history", { gamer_id: "hist-1" });
    const text = textOf(view);
    expect(text).toContain("Current ban: yes, ban number 2");
    expect(text).toContain("Reports against: 1");
    expect(text).toContain("Reports by: 1");
    expect(text).toMatch(
      /Cases \(3\): #\d+ ban 7 days by Mina \(discord\), 20\d\d-\d\d-\d\d \d\d:\d\d UTC: abuse again\n#\d+ unban by Mina \(discord\), .*: mistake\n#\d+ ban 3 days by Mina/,
    );
    expect(view.table?.rows.map((row) => row.direction)).toEqual(["against", "by"]);
    expect(view.data).toMatchObject({
      gamer_id: "hist-1",
      ban: { gamer_id: "hist-1", count: 2 },
      reports_against: [expect.objectContaining({ to_gamer_id: "hist-1" })],
      reports_by: [expect.objectContaining({ from_gamer_id: "hist-1" })],
      cases: expect.arrayContaining([
        expect.objectContaining({ command: "unban", actor_name: "Mina", platform: "discord" }),
      ]),
    });
    const banForm = view.actions?.find((action) => action.label === "Ban…");
    expect(banForm?.kind).toBe("form");
    expect(readFormAction(banForm?.id ?? "")).toEqual({
      command: "ban",
      args: { gamer_id: "hist-1" },
    });
  });

  it("says when an unban changed nothing, and when a ban replaced a running one", async () => {
    await h.see("hist-4");
    await h.run("unban", { gamer_id: "hist-4" });
    await h.run("ban", { gamer_id: "hist-4", days: "1" });
    await h.run("ban", { gamer_id: "hist-4", days: "2w", reason: "again" });
    const cases = textOf(await h.run("history", { gamer_id: "hist-4" }));
    expect(cases).toMatch(
      /#\d+ ban 14 days, replacing a ban until 20\d\d-\d\d-\d\d \d\d:\d\d UTC, by Mina \(discord\), .*: again\n#\d+ ban 1 day by Mina .*\n#\d+ unban by Mina \(discord\), [^\n]* \[was not banned: nothing changed\]/,
    );
  });

  it("of a stranger: nothing found, said plainly", async () => {
    const text = textOf(await h.run("history", { gamer_id: "stranger" }));
    expect(text).toContain("Current ban: not banned");
    expect(text).toContain("Cases (0): none");
    expect(text).toContain("stranger has never appeared in a report, a channel or a ban.");
  });
});

describe("pagination", () => {
  it("cuts long lists into pages with page-turn buttons for the invoker", async () => {
    for (let i = 0; i < PAGE_SIZE * 2 + 3; i++)
      h.emulator.state.injectReport({ to_gamer_id: "paged", report_id: 5000 + i });
    const first = await h.run("reports", { gamer_id: "paged" });
    expect(first.page).toEqual({ number: 1, count: 3 });
    expect(first.table?.rows).toHaveLength(PAGE_SIZE);
    expect(first.actions?.map((action) => action.label)).toEqual(["Next page"]);

    const second = await h.press(first, "Next page");
    expect(second.page).toEqual({ number: 2, count: 3 });
    expect(second.actions?.map((action) => action.label)).toEqual(["Previous page", "Next page"]);
    const third = await h.press(second, "Next page");
    expect(third.table?.rows).toHaveLength(3);
    const ids = [first, second, third].flatMap(
      (view) => view.table?.rows.map((row) => row.id) ?? [],
    );
    expect(new Set(ids).size).toBe(PAGE_SIZE * 2 + 3);

    const stranger = { ...moderator, id: "999", displayName: "Other" };
    expect((await h.press(first, "Next page", stranger)).outcome).toBe("denied");
  });

  it("cuts the same pages without storing buttons where none can be pressed (the one-shot CLI)", async () => {
    for (let i = 0; i < PAGE_SIZE + 3; i++)
      h.emulator.state.injectReport({ to_gamer_id: "unpressable", report_id: 6000 + i });
    const second = await h.run("reports", { gamer_id: "unpressable" }, moderator, {
      page: 2,
      pageButtons: false,
    });
    expect(second.page).toEqual({ number: 2, count: 2 });
    expect(second.table?.rows).toHaveLength(3);
    expect(second.actions ?? []).toEqual([]);
    const stored = await h.core.store.db
      .selectFrom("pending_actions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(stored.n).toBe(0);
  });
});
