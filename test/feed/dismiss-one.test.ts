// One report of a card dismissed alone (`dismiss ID --only`): the report's case and audit post
// like any dismiss, the card everywhere one report fewer, its count, title and list updated; the
// other reports stay open for Dismiss and the ban buttons. On SQLite and PostgreSQL alike.
import { afterEach, describe, expect, it } from "vitest";
import type { View } from "../../src/view/view.js";
import { moderator } from "../helpers/core.js";
import { STORE_KINDS } from "../helpers/stores.js";
import { type FeedHarness, startFeedHarness } from "./harness.js";

let h: FeedHarness;
afterEach(async () => {
  await h?.close();
});

const listed = (view: View | undefined) => (view?.table?.rows ?? []).map((row) => row.id);

describe.each(STORE_KINDS)("dismissing one report of a card on %s", (kind) => {
  async function cardOf(reports: number): Promise<void> {
    h = await startFeedHarness({ kind });
    await h.feed.pollNow();
    for (let n = 0; n < reports; n++) {
      h.emulator.state.injectReport({ to_gamer_id: "gamer-9", to_gamer_name: "Troll" });
    }
    await h.feed.pollNow();
    await h.reports.until(() => h.reports.posts.length === 1);
  }

  it("takes the report off its card, which shows one report fewer everywhere", async () => {
    await cardOf(3);
    const answer = await h.run("dismiss", { report_id: "2", only: true, reason: "a joke" });
    expect(answer).toMatchObject({
      outcome: "success",
      title: "Dismissed report #2 alone",
      description: "2 reports against Troll (gamer-9) stay open on its card.",
    });
    expect(answer.data).toMatchObject({
      report_id: 2,
      only: true,
      reports: 1,
      remaining: { card: 1, state: "open", reports: 2, listed: [1, 3] },
    });
    await h.reports.until(
      () => h.reports.views()[0]?.title === "2 reports against Troll (gamer-9)",
    );
    const card = h.reports.views()[0];
    expect(listed(card)).toEqual([1, 3]);
    expect(card?.description).toMatch(/^Open: 2 reports waiting for a moderator\./);
    // Its case and audit post, like any dismiss.
    await h.audit.until(() => h.audit.posts.length === 1);
    expect(h.audit.views()[0]?.title).toBe("Case #1: dismiss Troll (gamer-9)");
    expect((await h.core.cases.get(1))?.reason).toBe("a joke");

    // The report is settled; the card's others are not.
    const again = await h.run("dismiss", { report_id: "2", only: true });
    expect(again.outcome).toBe("error");
    expect(again.description).toMatch(
      /^Handled by Mina on discord, .* UTC: dismissed \(case #1\)\.$/,
    );
    const shown = await h.run("report", { report_id: "2" });
    expect(shown.description).toMatch(/^Dismissed by Mina \(discord\) at .*, case #1\.$/);
    const rest = await h.run("dismiss", { report_id: "1" });
    expect(rest.description).toBe("2 reports against gamer-9 were dismissed together.");
    const late = await h.run("dismiss", { report_id: "3", only: true });
    expect(late.title).toBe("Already handled");
    expect((await h.core.cases.recent()).map((found) => found.command)).toEqual([
      "dismiss",
      "dismiss",
    ]);
  });

  it("offers each listed report in the card's menu; a choice dismisses that report alone", async () => {
    await cardOf(3);
    const card = h.reports.views()[0];
    expect(card?.menu?.placeholder).toBe("Dismiss one report…");
    const options = card?.menu?.options ?? [];
    expect(options.map((option) => option.label)).toEqual(
      [1, 2, 3].map((id) => expect.stringMatching(new RegExp(`^#${id} by .+ \\(.+\\) · `))),
    );
    const chosen = options[2]?.id ?? "";
    const answer = await h.core.runner.press(chosen, moderator);
    expect(answer).toMatchObject({
      title: "Dismissed report #3 alone",
      visibility: "private",
    });
    await h.reports.until(
      () => h.reports.views()[0]?.title === "2 reports against Troll (gamer-9)",
    );
    const now = h.reports.views()[0];
    expect(now?.menu?.options.map((option) => option.label.split(" ")[0])).toEqual(["#1", "#2"]);
    // The same choice again, from a message not edited yet: already done, and by whom.
    const late = await h.core.runner.press(chosen, moderator);
    expect(late.title).toBe("Already handled");

    // Dismiss settles the rest: no menu is left, only History.
    await h.run("dismiss", { report_id: "1" });
    await h.reports.until(() => h.reports.views()[0]?.outcome === "success");
    expect(h.reports.views()[0]?.menu).toBeUndefined();
  });

  it("a card listing ten of its reports says how the others are dismissed alone", async () => {
    await cardOf(12);
    const card = h.reports.views()[0];
    expect(card?.menu?.options).toHaveLength(10);
    expect(card?.notices).toEqual([
      "and 2 more: dismiss one of them alone with dismiss <report id> --only",
    ]);
    const answer = await h.run("dismiss", { report_id: "12", only: true });
    expect(answer.description).toBe("11 reports against Troll (gamer-9) stay open on its card.");
    await h.reports.until(
      () => h.reports.views()[0]?.notices?.[0]?.startsWith("and 1 more") === true,
    );
  });

  it("settles the card of a report alone on it, and says so", async () => {
    await cardOf(1);
    const answer = await h.run("dismiss", { report_id: "1", only: true });
    expect(answer.title).toBe("Dismissed report #1");
    expect(answer.description).toBe("It was the only report on its card, so its card is settled.");
    expect(answer.data).toMatchObject({ card: 1, reports: 1, only: true });
    await h.reports.until(() => h.reports.views()[0]?.outcome === "success");
    expect(h.reports.views()[0]?.description).toMatch(/^Dismissed by Mina \(discord\)/);
    // A card of one report has no menu: Dismiss is that.
    expect((await h.run("report", { report_id: "1" })).menu).toBeUndefined();
  });

  it("leaves a card being handled alone, and who handles it is said", async () => {
    await cardOf(2);
    await h.core.reports.claim(1, { ...moderator, displayName: "Ari" }, new Date());
    const answer = await h.run("dismiss", { report_id: "2", only: true });
    expect(answer.outcome).toBe("error");
    expect(answer.description).toMatch(/^This report is being handled by Ari on discord/);
    expect((await h.core.reports.card(1))?.reportCount).toBe(2);
    expect(await h.core.cases.recent()).toEqual([]);
  });
});
