// One report the store cannot hold must not halt the feed: an id that is no safe integer (1.5,
// 1e19), a NUL in a player's id, or a write the database refuses. The others beside it are
// posted, the odd one is skipped with a warning naming it, and when the store itself cannot be
// written, readiness and the log name the store, not the chat API (which was read). On SQLite
// and PostgreSQL alike: each engine refuses different values, with different errors.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { pollerComponent } from "../../app/components/poller.js";
import type { Store } from "../../src/store/store.js";
import { captureLogs, type LogCapture } from "../adapters/slack/log-capture.js";
import { STORE_KINDS } from "../helpers/stores.js";
import { type FeedHarness, startFeedHarness } from "./harness.js";

let h: FeedHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The emulator lists its own reports and, after them, `extra` as the API would send them. */
async function listAlso(harness: FeedHarness, extra: Record<string, unknown>[]): Promise<void> {
  const listed = await harness.core.api.listReports();
  harness.emulator.faults.add({
    method: "GET",
    path: "/report_list",
    respond: { status: 200, body: JSON.stringify([...listed, ...extra]) },
  });
}

/** A report as the API lists it, against `target`, with this id. */
function listedReport(reportId: number, target: string): Record<string, unknown> {
  return {
    report_id: reportId,
    to_gamer_id: target,
    to_gamer_name: "Odd",
    from_gamer_id: "1",
    from_gamer_name: "a1",
    message: "",
    keyword: "SPAM",
    reason: "",
    status: 1,
    value: 0,
    update_at: "2026-11-22 12:00:00",
    create_at: "2026-11-22 12:00:00",
  };
}

/** The database refuses to record any report against `target`, as a constraint would. */
async function refuseReportsAgainst(store: Store, target: string): Promise<void> {
  if (store.dialect === "sqlite") {
    await sql`CREATE TRIGGER refuse_target BEFORE INSERT ON reports WHEN NEW.target = ${sql.lit(target)}
      BEGIN SELECT RAISE(ABORT, 'refused by a test trigger'); END`.execute(store.db);
    return;
  }
  await sql`CREATE FUNCTION refuse_target() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by a test trigger'; END $$`.execute(store.db);
  await sql`CREATE TRIGGER refuse_target BEFORE INSERT ON reports FOR EACH ROW
      WHEN (NEW.target = ${sql.lit(target)}) EXECUTE FUNCTION refuse_target()`.execute(store.db);
}

async function acceptEveryReport(store: Store): Promise<void> {
  await sql`DROP TRIGGER refuse_target${store.dialect === "postgres" ? sql` ON reports` : sql``}`.execute(
    store.db,
  );
}

const titles = (harness: FeedHarness) => harness.reports.views().map((view) => view.title);

describe.each(STORE_KINDS)("reports the store cannot hold, on %s", (kind) => {
  let logs: LogCapture;
  async function started(): Promise<FeedHarness> {
    logs = captureLogs();
    h = await startFeedHarness({ kind, logger: logs.logger });
    await h.feed.pollNow();
    return h;
  }

  it("skips a report whose id is no safe integer, names it, and posts the others", async () => {
    const harness = await started();
    harness.emulator.state.injectReport({ to_gamer_id: "first" });
    harness.emulator.state.injectReport({ to_gamer_id: "second" });
    await listAlso(harness, [listedReport(1.5, "halved"), listedReport(1e19, "huge")]);

    const result = await harness.feed.pollNow();
    await harness.reports.until(() => harness.reports.posts.length === 2);
    expect(titles(harness).sort()).toEqual([
      "Report #1 against a0 (first)",
      "Report #2 against a0 (second)",
    ]);
    expect(result?.skipped).toEqual([
      expect.stringMatching(/^report 1\.5: /),
      expect.stringMatching(/^report 10000000000000000000: /),
    ]);
    for (const id of ["1.5", "10000000000000000000"]) {
      const line = await logs.waitFor("skipped", (entry) =>
        String(entry.problem).startsWith(`report ${id}:`),
      );
      expect(line.level).toBe(40);
    }
    expect(pollerComponent(harness.feed).readiness().ready).toBe(true);
  });

  it("posts a report with a NUL in a player's id, shown as ␀, beside the others", async () => {
    const harness = await started();
    harness.emulator.state.injectReport({ to_gamer_id: "first" });
    harness.emulator.state.injectReport({ to_gamer_id: "bad\u0000id", to_gamer_name: "N\u0000ul" });
    harness.emulator.state.injectReport({ to_gamer_id: "third" });

    await harness.feed.pollNow();
    await harness.reports.until(() => harness.reports.posts.length === 3);
    expect(titles(harness).sort()).toEqual([
      "Report #1 against a0 (first)",
      "Report #2 against N\u2400ul (bad\u2400id)",
      "Report #3 against a0 (third)",
    ]);
  });

  it("skips a report the database refuses, posts the others, and takes it once it can", async () => {
    const harness = await started();
    await refuseReportsAgainst(harness.core.store, "refused");
    harness.emulator.state.injectReport({ to_gamer_id: "first" });
    harness.emulator.state.injectReport({ to_gamer_id: "refused" });
    harness.emulator.state.injectReport({ to_gamer_id: "third" });

    const result = await harness.feed.pollNow();
    await harness.reports.until(() => harness.reports.posts.length === 2);
    expect(titles(harness).sort()).toEqual([
      "Report #1 against a0 (first)",
      "Report #3 against a0 (third)",
    ]);
    expect(result?.skipped).toEqual([
      expect.stringMatching(/^report 2: .*refused by a test trigger/),
    ]);
    await logs.waitFor("skipped", (entry) => String(entry.problem).startsWith("report 2:"));
    expect(pollerComponent(harness.feed).readiness().ready).toBe(true);

    await acceptEveryReport(harness.core.store);
    await harness.feed.pollNow();
    await harness.reports.until(() => harness.reports.posts.length === 3);
    expect(titles(harness)[2]).toBe("Report #2 against a0 (refused)");
  });

  it("names each card once in the poll's result when its reports are written one by one", async () => {
    const harness = await started();
    await refuseReportsAgainst(harness.core.store, "refused");
    harness.emulator.state.injectReport({ to_gamer_id: "first" });
    await harness.feed.pollNow();
    await harness.reports.until(() => harness.reports.posts.length === 1);

    // Card 1 gains a report and its first one changes, written apart around the refused one.
    harness.emulator.state.updateReport(1, { status: 2 });
    harness.emulator.state.injectReport({ to_gamer_id: "first" });
    harness.emulator.state.injectReport({ to_gamer_id: "refused" });
    harness.emulator.state.injectReport({ to_gamer_id: "fourth" });
    const result = await harness.feed.pollNow();
    expect(result?.skipped).toEqual([expect.stringMatching(/^report 3: /)]);
    expect(result?.updated).toEqual([1]);
    expect(result?.opened).toHaveLength(1);
    const expected = ["2 reports against a0 (first)", "Report #4 against a0 (fourth)"];
    await harness.reports.until(() => titles(harness).join() === expected.join());
    expect(harness.reports.posts).toHaveLength(2);
  });

  it("says the store cannot be written, not that the report list cannot be read", async () => {
    const harness = await started();
    const { store } = harness.core;
    await sql`ALTER TABLE reports RENAME TO reports_away`.execute(store.db);
    harness.emulator.state.injectReport({ to_gamer_id: "waiting" });

    await harness.feed.pollNow();
    const poller = pollerComponent(harness.feed);
    expect(poller.readiness()).toEqual({
      ready: false,
      detail: expect.stringMatching(
        /^reports read from the chat API cannot be stored since \d{4}-\d\d-\d\d \d\d:\d\d UTC: /,
      ),
    });
    const warning = await logs.waitFor("cannot be stored");
    expect(warning.msg).not.toContain("cannot be read");
    expect(logs.lines.items.map((line) => line.msg).join("\n")).not.toContain("cannot be read");

    await sql`ALTER TABLE reports_away RENAME TO reports`.execute(store.db);
    await harness.feed.pollNow();
    await harness.reports.until(() => harness.reports.posts.length === 1);
    expect(poller.readiness().ready).toBe(true);
    await logs.waitFor("can be stored again");
  });
});
