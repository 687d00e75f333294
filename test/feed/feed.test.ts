// The report feed end to end inside one process: the emulator's report list, the real store and
// outbox, the drainers, and destinations that record what they are sent. What a moderator sees:
// each report posted once, floods on one card, actions that settle the card everywhere. On the
// embedded SQLite store and on PostgreSQL alike.
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFormAction } from "../../src/view/form-action.js";
import type { View } from "../../src/view/view.js";
import { admin, moderator, player, textOf } from "../helpers/core.js";
import { STORE_KINDS } from "../helpers/stores.js";
import { type FeedHarness, FIRST_OFFENCE_BUTTONS, startFeedHarness } from "./harness.js";

let h: FeedHarness;
afterEach(async () => {
  await h?.close();
});

const labels = (view: View | undefined) => (view?.actions ?? []).map((action) => action.label);
const actionId = (view: View | undefined, label: string) => {
  const action = view?.actions?.find((candidate) => candidate.label === label);
  if (!action) throw new Error(`no ${label} on ${view?.title}`);
  return action.id;
};

describe.each(STORE_KINDS)("the feed on %s", (kind) => {
  describe("the first poll", () => {
    it("posts only the newest REPORT_BACKFILL reports and records the rest as seen", async () => {
      h = await startFeedHarness({
        kind,
        backfill: 3,
        existing: (state) => {
          for (let n = 1; n <= 8; n++) {
            // Ids out of time order: the backfill goes by create_at, not by id.
            state.injectReport({
              report_id: 100 - n,
              to_gamer_id: `gamer-${n}`,
              createdAt: new Date(Date.UTC(2026, 10, 20, 10, n)),
            });
          }
        },
      });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 3);
      const titles = h.reports.views().map((view) => view.title);
      expect(titles.sort()).toEqual([
        "Report #92 against a0 (gamer-8)",
        "Report #93 against a0 (gamer-7)",
        "Report #94 against a0 (gamer-6)",
      ]);
      // The next poll finds nothing new: the older five were recorded, not forgotten.
      h.emulator.state.injectReport({ to_gamer_id: "late" });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 4);
      expect(h.reports.views()[3]?.title).toBe("Report #100 against a0 (late)");
    });
  });

  describe("the first poll of a long list", () => {
    it("records every report, written a batch at a time, and posts only the newest", async () => {
      const count = 2_500;
      h = await startFeedHarness({
        kind,
        backfill: 3,
        existing: (state) => {
          for (let n = 0; n < count; n++) {
            // Ids in no order of time: the batches go by id, the backfill by create_at.
            state.injectReport({
              report_id: 1 + ((n * 7_919) % count),
              to_gamer_id: `gamer-${n}`,
              createdAt: new Date(Date.UTC(2026, 10, 20, 10, 0, n)),
            });
          }
        },
      });
      const first = await h.feed.pollNow();
      expect(first?.recordedOnly).toBe(count - 3);
      await h.reports.until(() => h.reports.posts.length === 3);
      expect(h.reports.views().map((view) => view.title.replace(/ against .*/, ""))).toEqual(
        [count - 3, count - 2, count - 1].map((n) => `Report #${1 + ((n * 7_919) % count)}`),
      );
      // Every one was recorded: the next poll finds only the one that is new.
      h.emulator.state.injectReport({ to_gamer_id: "late" });
      const next = await h.feed.pollNow();
      expect([next?.opened.length, next?.updated.length, next?.recordedOnly]).toEqual([1, 0, 0]);
    });
  });

  describe("after a restart", () => {
    it("finds the reports it stored unchanged, and edits the one that changed", async () => {
      h = await startFeedHarness({ kind });
      h.emulator.state.injectReport({ to_gamer_id: "gamer-1" });
      // A status no fingerprint number spells: its fingerprint is kept as the store wrote it.
      h.emulator.state.injectReport({ to_gamer_id: "gamer-2", status: 150 });
      h.emulator.state.injectReport({ to_gamer_id: "gamer-3", status: 2.5 });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 3);
      // A new poller reads what the store holds, then the same list, which it has never hashed.
      await h.restart();
      const same = await h.feed.pollNow();
      expect(same?.unchanged).toBe(false);
      expect([same?.opened, same?.updated]).toEqual([[], []]);

      h.emulator.state.updateReport(2, { status: 151 });
      const changed = await h.feed.pollNow();
      expect([changed?.opened.length, changed?.updated.length]).toEqual([0, 1]);
      await h.reports.until(() =>
        h.reports.views().some((view) => textOf(view).includes("status 151")),
      );
      expect(h.reports.posts).toHaveLength(3);
    });

    it("posts a report that arrived after a first poll that read an empty list", async () => {
      // backfill 0: were the next poll taken for a first one, the report would be recorded only.
      h = await startFeedHarness({ kind, backfill: 0 });
      await h.feed.pollNow();
      // A new poller (a restart, or another replica taking over) on the same store.
      await h.restart();
      h.emulator.state.injectReport({ to_gamer_id: "arrived-between" });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 1);
      expect(h.reports.views()[0]?.title).toMatch(/\(arrived-between\)$/);
    });
  });

  describe("new reports", () => {
    it("posts a new report once, with who reported whom and its buttons", async () => {
      h = await startFeedHarness({ kind });
      await h.feed.pollNow();
      h.emulator.state.injectReport({
        to_gamer_id: "gamer-7",
        to_gamer_name: "Night",
        from_gamer_id: "gamer-3",
        from_gamer_name: "Mina",
        keyword: "SPAM",
        reason: "gold selling",
        message: "cheap gold at example.com",
      });
      await h.feed.pollNow();
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 1);
      const card = h.reports.views()[0];
      const text = textOf(card as View);
      for (const expected of [
        "Night (gamer-7)",
        "Mina (gamer-3)",
        "SPAM",
        "gold selling",
        "cheap gold",
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toMatch(/#1, status 1/);
      expect(labels(card)).toEqual(FIRST_OFFENCE_BUTTONS);
      expect(readFormAction(card?.actions?.find((a) => a.label === "Ban…")?.id ?? "")).toEqual({
        command: "ban",
        args: { gamer_id: "gamer-7" },
        defaults: { reason: "report #1" },
      });
      // Issue 22, item 6: the report's message is too long for a button's id; the form reads
      // it from the report when it opens (test/commands/filter.test.ts).
      expect(readFormAction(card?.actions?.find((a) => a.label === "Filter…")?.id ?? "")).toEqual({
        command: "filter",
        args: { report_id: "1" },
        defaults: { language: "all" },
      });
      expect(h.reports.posts).toHaveLength(1);
    });

    it("skips an unchanged list without parsing it, and edits (never reposts) a changed report", async () => {
      h = await startFeedHarness({ kind });
      h.emulator.state.injectReport({ to_gamer_id: "gamer-1" });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 1);
      expect((await h.feed.pollNow())?.unchanged).toBe(true);

      h.emulator.state.updateReport(1, { status: 2 });
      const changed = await h.feed.pollNow();
      expect(changed?.updated).toHaveLength(1);
      await h.reports.until(() => textOf(h.reports.views()[0] as View).includes("status 2"));
      expect(h.reports.posts).toHaveLength(1);
    });

    it("groups a flood against one player into one card whose count grows", async () => {
      h = await startFeedHarness({ kind });
      await h.feed.pollNow();
      for (let n = 0; n < 3; n++) {
        h.emulator.state.injectReport({ to_gamer_id: "flooded", to_gamer_name: "Flood" });
      }
      h.emulator.state.injectReport({ to_gamer_id: "someone-else" });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 2);
      const flood = () => h.reports.views().find((view) => view.title.includes("Flood"));
      expect(flood()?.title).toBe("3 reports against Flood (flooded)");

      h.emulator.state.injectReport({ to_gamer_id: "flooded", to_gamer_name: "Flood" });
      await h.feed.pollNow();
      await h.reports.until(() => flood()?.title === "4 reports against Flood (flooded)");
      expect(h.reports.posts).toHaveLength(2);
    });

    it("gives each of many players new in one poll one card, floods grouped, in report time", async () => {
      h = await startFeedHarness({ kind });
      await h.feed.pollNow();
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 9, minute));
      h.emulator.state.injectReport({
        to_gamer_id: "returning",
        to_gamer_name: "Back",
        createdAt: at(0),
      });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 1);

      // One poll: 40 players never seen, two of them flooding in between the others, and two
      // more reports against the player whose card is still open and young.
      const players = Array.from({ length: 40 }, (_, n) => `new-${n}`);
      let minute = 1;
      for (const [n, player] of players.entries()) {
        h.emulator.state.injectReport({ to_gamer_id: player, createdAt: at(minute++) });
        if (n % 10 === 9) {
          for (const flooder of ["new-3", "new-17"]) {
            h.emulator.state.injectReport({ to_gamer_id: flooder, createdAt: at(minute++) });
          }
          if (n < 20) {
            h.emulator.state.injectReport({
              to_gamer_id: "returning",
              to_gamer_name: "Back",
              createdAt: at(minute++),
            });
          }
        }
      }
      const result = await h.feed.pollNow();
      expect(result?.opened).toHaveLength(40);
      expect(result?.updated).toEqual([1]);
      await h.reports.until(() => h.reports.posts.length === 41);
      const back = () => h.reports.views()[0]?.title;
      await h.reports.until(() => back() === "3 reports against Back (returning)");

      // Posted once each, in the order of each player's first report: new-17's came with the
      // flood after new-9's.
      const titles = h.reports
        .views()
        .slice(1)
        .map((view) => view.title);
      const firstReported = [
        ...players.slice(0, 10),
        "new-17",
        ...players.slice(10).filter((player) => player !== "new-17"),
      ];
      expect(titles.map((title) => /\((new-\d+)\)$/.exec(title)?.[1])).toEqual(firstReported);
      const floods = titles.filter((title) => !title.startsWith("Report #"));
      expect(floods).toEqual(["5 reports against a0 (new-3)", "5 reports against a0 (new-17)"]);
      expect(h.reports.posts).toHaveLength(41);
    });

    it("lists at most ten reports on a card and counts the rest", async () => {
      h = await startFeedHarness({ kind });
      await h.feed.pollNow();
      for (let n = 0; n < 13; n++) h.emulator.state.injectReport({ to_gamer_id: "many" });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 1);
      const card = h.reports.views()[0];
      expect(card?.title).toBe("13 reports against a0 (many)");
      expect(card?.table?.rows).toHaveLength(10);
      expect(card?.notices).toEqual([
        "and 3 more: dismiss one of them alone with dismiss <report id> --only",
      ]);
      // `report` shows the same card, and its --json data holds every report; dismiss counts all.
      const shown = await h.run("report", { report_id: "13" });
      expect(shown.title).toBe("13 reports against a0 (many)");
      expect(shown.table?.rows).toHaveLength(10);
      expect((shown.data as { reports: unknown[] }).reports).toHaveLength(13);
      const dismissed = await h.run("dismiss", { report_id: "1" });
      expect(dismissed.description).toBe("13 reports against many were dismissed together.");
    });

    it("takes a report that cannot be read once it can, and shows the others meanwhile", async () => {
      h = await startFeedHarness({ kind });
      await h.feed.pollNow();
      h.emulator.state.injectReport({ to_gamer_id: "readable" });
      h.emulator.state.injectReport({ report_id: 99, to_gamer_id: "broken-for-now" });
      const listed = JSON.parse(JSON.stringify(await h.core.api.listReports())) as {
        report_id: number;
        update_at: string;
      }[];
      for (const report of listed) if (report.report_id === 99) report.update_at = "";
      h.emulator.faults.add({
        method: "GET",
        path: "/report_list",
        respond: { status: 200, body: JSON.stringify(listed) },
      });
      const result = await h.feed.pollNow();
      expect(result?.unreadable).toEqual([expect.stringMatching(/^report 99: update_at /)]);
      await h.reports.until(() => h.reports.posts.length === 1);
      expect(h.reports.views()[0]?.title).toContain("(readable)");

      // The same list, readable now: the skipped report is taken.
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 2);
      expect(h.reports.views()[1]?.title).toBe("Report #99 against a0 (broken-for-now)");
    });
  });

  describe("acting on a card", () => {
    async function oneOpenCard(): Promise<View> {
      h = await startFeedHarness({ kind });
      await h.feed.pollNow();
      h.emulator.state.injectReport({ to_gamer_id: "gamer-9", to_gamer_name: "Troll" });
      h.emulator.state.injectReport({ to_gamer_id: "gamer-9", to_gamer_name: "Troll" });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 1);
      return h.reports.views()[0] as View;
    }

    it("Dismiss settles the card everywhere; a second press hears who handled it", async () => {
      const card = await oneOpenCard();
      const answer = await h.core.runner.press(actionId(card, "Dismiss"), moderator);
      expect(answer.outcome).toBe("success");
      expect(answer.visibility).toBe("private");
      await h.reports.until(() => labels(h.reports.views()[0]).join() === "History");
      expect(h.reports.views()[0]?.description).toMatch(
        /^Dismissed by Mina \(discord\) at .*, case #1\.$/,
      );

      const late = await h.core.runner.press(actionId(card, "Ban 1d · 1st offence"), admin);
      expect(late.title).toBe("Already handled");
      expect(late.description).toMatch(
        /^Handled by Mina on discord, .* UTC: dismissed \(case #1\)\.$/,
      );
      expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);
      // The dismissal is a case, and owes its audit post like every case.
      await h.audit.until(() => h.audit.posts.length === 1);
      expect(h.audit.views()[0]?.title).toBe("Case #1: dismiss Troll (gamer-9)");
    });

    it("the suggested ban bans through the API, settles every report of the player, and is audited", async () => {
      const card = await oneOpenCard();
      const answer = await h.core.runner.press(actionId(card, "Ban 1d · 1st offence"), moderator);
      expect(answer.title).toBe("Banned Troll (gamer-9) for 1 day");
      expect(h.emulator.state.runningBan("gamer-9")?.count).toBe(1);
      await h.reports.until(() => labels(h.reports.views()[0]).join() === "History");
      expect(h.reports.views()[0]?.description).toContain("Banned for 1 day by Mina (discord)");
      const recorded = await h.core.cases.get(1);
      expect(recorded?.reason).toBe("report #1");
    });

    it("a press from someone without the role does nothing but record the refusal", async () => {
      const card = await oneOpenCard();
      const answer = await h.core.runner.press(actionId(card, "Ban 1d · 1st offence"), player);
      expect(answer.outcome).toBe("denied");
      expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);
      expect((await h.core.cases.get(1))?.outcome).toBe("denied");
      expect((await h.core.reports.card(1))?.state).toBe("open");
    });

    it("a ban from the /ban command settles the player's open card too", async () => {
      await oneOpenCard();
      await h.run("ban", { gamer_id: "gamer-9", days: "3" });
      await h.reports.until(() => labels(h.reports.views()[0]).join() === "History");
    });

    it("History answers privately with the player's history", async () => {
      const card = await oneOpenCard();
      const answer = await h.core.runner.press(actionId(card, "History"), moderator);
      expect(answer.title).toBe("History of Troll (gamer-9)");
      expect(answer.visibility).toBe("private");
    });

    it("`report ID` shows the card with its actions, and `dismiss ID` settles it", async () => {
      await oneOpenCard();
      const shown = await h.run("report", { report_id: "2" });
      expect(shown.title).toBe("2 reports against Troll (gamer-9)");
      expect(labels(shown)).toContain("Dismiss");
      const dismissed = await h.run("dismiss", { report_id: "2", reason: "not abuse" });
      expect(dismissed.outcome).toBe("success");
      const again = await h.run("dismiss", { report_id: "1" });
      expect(again.outcome).toBe("error");
      expect(again.title).toBe("Already handled");
      // Said once: the title says "already handled", the line says by whom.
      expect(again.description).toMatch(
        /^Handled by Mina on discord, .* UTC: dismissed \(case #\d+\)\.$/,
      );
      // Nothing was done the second time: no case, no audit post, nothing in the history.
      const cases = await h.core.cases.forTarget("gamer-9");
      expect(cases.map((found) => found.command)).toEqual(["dismiss"]);
      const unknown = await h.run("dismiss", { report_id: "999" });
      expect(unknown.title).toBe("Report #999 is not known yet");
      expect(await h.core.cases.recent()).toHaveLength(1);
    });
  });

  describe("delivery", () => {
    it("retries a destination that fails, without holding up the other, and posts once", async () => {
      h = await startFeedHarness({ kind });
      await h.feed.pollNow();
      const { RetryableFailure } = await import("./recording-destination.js");
      h.reports.failNext(new RetryableFailure(), new RetryableFailure());
      h.emulator.state.injectReport({ to_gamer_id: "retried" });
      await h.feed.pollNow();
      // The audit destination is not held up by the failing report destination.
      await h.see("x");
      await h.run("unban", { gamer_id: "x" });
      await h.audit.until(() => h.audit.posts.length === 1);
      await h.reports.until(() => h.reports.posts.length === 1);
      expect(h.reports.posts).toHaveLength(1);
    });

    it("gives up a delivery the platform refuses, and goes on with the next", async () => {
      h = await startFeedHarness({ kind });
      await h.feed.pollNow();
      h.reports.failNext(new Error("Unknown Channel"));
      h.emulator.state.injectReport({ to_gamer_id: "refused" });
      await h.feed.pollNow();
      h.emulator.state.injectReport({ to_gamer_id: "accepted" });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 1);
      expect(h.reports.views()[0]?.title).toContain("(accepted)");
    });

    it("a delivery in flight when its process died is looked up, not posted again", async () => {
      h = await startFeedHarness({ kind });
      await h.feed.pollNow();
      h.emulator.state.injectReport({ to_gamer_id: "in-doubt" });
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 1);
      // As if the post had reached the platform and the process had died before recording it.
      await h.core.store.db
        .updateTable("outbox")
        .set({ state: "in_flight", lease_owner: "elsewhere:1", lease_until: 0 })
        .where("kind", "=", "post-card")
        .execute();
      await h.core.store.db.deleteFrom("card_messages").execute();
      await h.restart();
      await h.see("flush");
      await h.run("unban", { gamer_id: "flush" });
      await h.audit.until(() => h.audit.posts.length === 1);
      await vi.waitFor(async () => expect(await h.core.outbox.depth("discord:report")).toBe(0));
      expect(h.reports.posts).toHaveLength(1);
      expect(await h.core.reports.messageRef(1, "discord:report")).toBe(h.reports.posts[0]);
    });
  });
});
