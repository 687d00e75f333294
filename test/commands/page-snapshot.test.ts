// Issue 20, item 6: a page button turns the list the moderator saw. Items that join the list
// meanwhile (new reports, bans, channels, languages) neither push rows onto the next page again
// nor show up there: the page says how many arrived, and the list shows them when asked again.
// Items that leave the list meanwhile (a ban that ends) skip no row of the next page either.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../src/catalogue/runner.js";
import type { View } from "../../src/view/view.js";
import { type Harness, startHarness } from "../helpers/core.js";

let h: Harness;
let now = new Date("2026-11-21T10:00:00Z");
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
beforeEach(async () => {
  now = new Date("2026-11-21T10:00:00Z");
  h = await startHarness({ emulator: { now: () => now } });
});
afterEach(() => h.close());

const column = (view: View, key: string) => view.table?.rows.map((row) => row[key]) ?? [];

/** Presses Next page until there is none; every page's rows of `key`, in order. */
async function allPages(first: View, key: string): Promise<unknown[]> {
  const seen = [...column(first, key)];
  let view = first;
  while (view.actions?.some((action) => action.label === "Next page")) {
    view = await h.press(view, "Next page");
    seen.push(...column(view, key));
  }
  return seen;
}

/** 36 reports with ids 1 to 36, one a minute: the newest is #36. */
function thirtySixReports() {
  for (let id = 1; id <= 36; id++) {
    h.emulator.state.injectReport({
      report_id: id,
      to_gamer_id: "p-1",
      createdAt: new Date(now.getTime() - (37 - id) * 60_000),
    });
  }
}

describe("reports", () => {
  it("Next continues where page 1 ended while reports arrive, and says how many arrived", async () => {
    thirtySixReports();
    const first = await h.run("reports");
    expect(first.title).toBe("Reports: 36 reports");
    expect(first.page).toEqual({ number: 1, count: 4 });
    expect(column(first, "id")).toEqual([36, 35, 34, 33, 32, 31, 30, 29, 28, 27]);

    for (let n = 0; n < 5; n++) {
      later(1);
      h.emulator.state.injectReport({ to_gamer_id: "p-2" });
    }
    const second = await h.press(first, "Next page");
    expect(second.title).toBe("Reports: 36 reports");
    expect(second.page).toEqual({ number: 2, count: 4 });
    expect(column(second, "id")).toEqual([26, 25, 24, 23, 22, 21, 20, 19, 18, 17]);
    expect(second.notices).toContain("5 new reports since this list: run reports again");

    const back = await h.press(second, "Previous page");
    expect(column(back, "id")).toEqual(column(first, "id"));
    expect(back.page).toEqual({ number: 1, count: 4 });

    const ids = await allPages(first, "id");
    expect(ids).toEqual(Array.from({ length: 36 }, (_, index) => 36 - index));

    // Asked for again, the list shows them.
    const again = await h.run("reports");
    expect(again.title).toBe("Reports: 41 reports");
    expect(column(again, "id").slice(0, 5)).toEqual([41, 40, 39, 38, 37]);
    expect(again.notices ?? []).not.toContainEqual(expect.stringContaining("since this list"));
  });

  it("one report that arrived is one, and a new report is new by its time, whatever its id", async () => {
    thirtySixReports();
    const first = await h.run("reports", { gamer_id: "p-1" });
    later(1);
    // An id below every listed one: ids are not promised to grow, the time says it is new.
    h.emulator.state.injectReport({ report_id: 0, to_gamer_id: "p-1" });
    const second = await h.press(first, "Next page");
    expect(column(second, "id")).toEqual([26, 25, 24, 23, 22, 21, 20, 19, 18, 17]);
    expect(second.notices).toContain("1 new report since this list: run reports again");
  });

  it("reports of the same second as the newest listed are new when they were not listed", async () => {
    // The emulator's clock stands still: every report has the same time, ids decide the order.
    for (let i = 0; i < PAGE_SIZE * 2 + 3; i++)
      h.emulator.state.injectReport({ report_id: 100 + i });
    const first = await h.run("reports");
    for (let i = 0; i < 4; i++) h.emulator.state.injectReport({ report_id: 200 + i });
    const second = await h.press(first, "Next page");
    expect(column(second, "id")).toEqual([112, 111, 110, 109, 108, 107, 106, 105, 104, 103]);
    expect(second.notices).toContain("4 new reports since this list: run reports again");
  });

  it("a limit keeps counting from the list as shown", async () => {
    thirtySixReports();
    const first = await h.run("reports", { limit: "25" });
    expect(first.notices).toContain("Showing the newest 25 of 36; raise limit to see more.");
    for (let n = 0; n < 3; n++) {
      later(1);
      h.emulator.state.injectReport({ to_gamer_id: "p-2" });
    }
    const ids = await allPages(first, "id");
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => 36 - index));
  });
});

describe("bans", () => {
  it("Next continues after the last row shown, though bans begin and end meanwhile", async () => {
    // Soonest to end first: b-00 ends first.
    for (let n = 0; n < 25; n++) h.emulator.state.ban(`b-${String(n).padStart(2, "0")}`, n + 1);
    const first = await h.run("bans");
    expect(first.title).toBe("Chat bans: 25 players");
    expect(column(first, "gamer_id")).toEqual(
      Array.from({ length: 10 }, (_, n) => `b-${String(n).padStart(2, "0")}`),
    );

    later(60);
    // Three new bans, one of them ending among page 2's; and a ban page 1 showed is lifted.
    h.emulator.state.ban("new-1", 12);
    h.emulator.state.ban("new-2", 30);
    h.emulator.state.ban("new-3", 1);
    h.emulator.state.unban("b-03");
    const second = await h.press(first, "Next page");
    expect(column(second, "gamer_id")).toEqual(
      Array.from({ length: 10 }, (_, n) => `b-${String(n + 10).padStart(2, "0")}`),
    );
    expect(second.notices).toContain("3 new bans since this list: run bans again");
    expect(second.page).toEqual({ number: 2, count: 3 });

    const third = await h.press(second, "Next page");
    expect(column(third, "gamer_id")).toEqual(
      Array.from({ length: 5 }, (_, n) => `b-${String(n + 20).padStart(2, "0")}`),
    );

    // Back to page 1: the rows before page 2, without the ban lifted; page 2's first row stays
    // on page 2.
    const back = await h.press(second, "Previous page");
    expect(column(back, "gamer_id")).toEqual([
      "b-00",
      "b-01",
      "b-02",
      "b-04",
      "b-05",
      "b-06",
      "b-07",
      "b-08",
      "b-09",
    ]);
    expect(back.page).toEqual({ number: 1, count: 3 });
    expect(column(await h.press(back, "Next page"), "gamer_id")).toEqual(
      column(second, "gamer_id"),
    );
  });

  it("bans given in the same second as the list are new when the list did not show them", async () => {
    for (let n = 0; n < 12; n++) h.emulator.state.ban(`s-${String(n).padStart(2, "0")}`, n + 1);
    const first = await h.run("bans");
    h.emulator.state.ban("s-new", 1);
    const second = await h.press(first, "Next page");
    expect(column(second, "gamer_id")).toEqual(["s-10", "s-11"]);
    expect(second.notices).toContain("1 new ban since this list: run bans again");
  });
});

describe("channels list", () => {
  it("turns the channels of a group as listed, new channels counted", async () => {
    const { state } = h.emulator;
    const create = (name: string) =>
      state.createChannel({
        channel_group: "global",
        channel_name: name,
        max_count: 50,
        is_default: false,
      });
    for (let n = 0; n < 15; n++) create(`c-${String(n).padStart(2, "0")}`);
    const first = await h.run("channels list", { group: "global" });
    expect(first.title).toBe("Channels of global: 15");
    later(1);
    create("c-00a"); // sorts among page 1's rows
    create("c-zz");
    const second = await h.press(first, "Next page");
    expect(second.title).toBe("Channels of global: 15");
    expect(column(second, "name")).toEqual(["c-10", "c-11", "c-12", "c-13", "c-14"]);
    expect(second.notices).toContain("2 new channels since this list: run channels list again");
  });

  it("turns the channel groups as listed", async () => {
    const { state } = h.emulator;
    const group = (name: string) =>
      state.createChannel({
        channel_group: name,
        channel_name: "main",
        max_count: 50,
        is_default: true,
      });
    for (let n = 0; n < 12; n++) group(`g-${String(n).padStart(2, "0")}`);
    const first = await h.run("channels list");
    group("g-000");
    const second = await h.press(first, "Next page");
    expect(column(second, "group")).toEqual(["g-10", "g-11"]);
    expect(second.notices).toContain(
      "1 new channel group since this list: run channels list again",
    );
  });
});

describe("badwords list", () => {
  it("turns the languages as listed, new languages counted", async () => {
    const { state } = h.emulator;
    for (let n = 0; n < 12; n++)
      state.putBadWords(`l${String(n).padStart(2, "0")}`, ["x"], "replace");
    const first = await h.run("badwords list");
    expect(first.title).toBe("Filtered words: 13 languages");
    state.putBadWords("l000", ["y"], "replace");
    const second = await h.press(first, "Next page");
    expect(column(second, "language")).toEqual(["l09", "l10", "l11"]);
    expect(second.notices).toContain("1 new language since this list: run badwords list again");
  });
});

describe("history", () => {
  it("turns the player's reports as listed, new reports counted", async () => {
    const { state } = h.emulator;
    for (let n = 1; n <= 8; n++) {
      state.injectReport({ report_id: n, to_gamer_id: "h-1", from_gamer_id: "h-2" });
    }
    for (let n = 9; n <= 13; n++) {
      state.injectReport({ report_id: n, to_gamer_id: "h-3", from_gamer_id: "h-1" });
    }
    const first = await h.run("history", { gamer_id: "h-1" });
    expect(column(first, "id")).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 13, 12]);
    later(1);
    state.injectReport({ report_id: 14, to_gamer_id: "h-1", from_gamer_id: "h-2" });
    const second = await h.press(first, "Next page");
    expect(column(second, "id")).toEqual([11, 10, 9]);
    expect(column(second, "direction")).toEqual(["by", "by", "by"]);
    expect(second.notices).toContain("1 new report since this list: run history again");
  });
});

describe("what stays as it was", () => {
  it("a page asked for by number lists afresh: new items count, and nothing is said", async () => {
    thirtySixReports();
    later(1);
    h.emulator.state.injectReport({ to_gamer_id: "p-2" });
    const second = await h.run("reports", {}, undefined, { page: 2 });
    expect(second.page).toEqual({ number: 2, count: 4 });
    expect(column(second, "id")[0]).toBe(27);
    expect(second.notices ?? []).not.toContainEqual(expect.stringContaining("since this list"));
  });
});
