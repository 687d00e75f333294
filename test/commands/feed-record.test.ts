// `history` and `report` read the report list from the report feed's record of it while a feed
// polls (its last poll no older than its schedule says), and from the chat API where none does.
// What a moderator sees is the same either way, but for one line saying how fresh the record is;
// the emulator's request log shows which was read. On today's main both fetched the whole list
// every time: 100,000 reports for one player's history.
import { afterEach, describe, expect, it } from "vitest";
import type { ReportFeed } from "../../src/feed/feed.js";
import { FEED_POLL_GRACE_MS } from "../../src/feed/feed-record.js";
import { silentLogger } from "../../src/log.js";
import type { View } from "../../src/view/view.js";
import { type Harness, startHarness } from "../helpers/core.js";
import { startAdapterFeed } from "../helpers/feed.js";

let h: Harness;
let feed: ReportFeed | undefined;
let clock = new Date(Date.UTC(2026, 10, 21, 10, 0, 0));
afterEach(async () => {
  await feed?.stop();
  feed = undefined;
  await h.close();
});

async function start(): Promise<void> {
  clock = new Date(Date.UTC(2026, 10, 21, 10, 0, 0));
  h = await startHarness({ now: () => clock });
  const { state } = h.emulator;
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
  state.injectReport({
    report_id: 3,
    to_gamer_id: "subject",
    from_gamer_id: "a",
    createdAt: at(3),
  });
  state.injectReport({
    report_id: 1,
    to_gamer_id: "subject",
    from_gamer_id: "b",
    createdAt: at(5),
  });
  state.injectReport({
    report_id: 2,
    to_gamer_id: "other",
    from_gamer_id: "subject",
    createdAt: at(4),
  });
  state.injectReport({ report_id: 4, to_gamer_id: "other", from_gamer_id: "c", createdAt: at(6) });
  await h.core.api.banUser({ gamer_id: "subject", days: 3 });
  // Known to the bot (a report named it): the list is read for the answer, not to find who it is.
  await h.see("subject=a0");
}

/** A serve process's feed on the harness's store, polling once now. */
async function feedPolls(): Promise<void> {
  feed ??= startAdapterFeed(h.core, [], silentLogger);
  await feed.pollNow();
}

const listReads = () => h.callsTo("GET", "/report_list");
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
/** The view but for the line on freshness, and the time it names in --json. */
const shown = (view: View) => ({
  ...view,
  notices: view.notices?.filter((notice) => !notice.startsWith("Reports as of")),
  data: { ...(view.data as object), reports_as_of: undefined },
});

describe("history", () => {
  it("answers from the feed's record while a feed polls: the same answer, said how fresh, no list read", async () => {
    await start();
    const live = await h.run("history", { gamer_id: "subject" });
    expect(listReads()).toBe(1);
    expect(live.notices).toEqual([]);
    expect((live.data as { reports_as_of: unknown }).reports_as_of).toBeNull();

    await feedPolls();
    const polls = listReads();
    later(12_000);
    const recorded = await h.run("history", { gamer_id: "subject" });
    expect(listReads()).toBe(polls);
    expect(recorded.notices).toEqual(["Reports as of the report feed's last poll, 12 s ago."]);
    expect((recorded.data as { reports_as_of: unknown }).reports_as_of).toBe(
      "2026-11-21T10:00:00.000Z",
    );
    expect(shown(recorded)).toEqual(shown(live));
    expect(recorded.table?.rows.map((row) => [row.direction, row.id])).toEqual([
      ["against", 1],
      ["against", 3],
      ["by", 2],
    ]);
  });

  it("reads the chat API where no feed polls, or where the feed's next poll is overdue", async () => {
    await start();
    await h.run("history", { gamer_id: "subject" });
    expect(listReads()).toBe(1);

    await feedPolls();
    const polls = listReads();
    // The feed polls when told here, so its record holds for the grace a poll may take.
    later(FEED_POLL_GRACE_MS + 1);
    const overdue = await h.run("history", { gamer_id: "subject" });
    expect(listReads()).toBe(polls + 1);
    expect(overdue.notices).toEqual([]);
  });

  it("takes the record as fresh only from a poll that read the list", async () => {
    await start();
    await feedPolls();
    later(FEED_POLL_GRACE_MS - 1_000);
    h.emulator.faults.add({ method: "GET", path: "/report_list", malformedJson: true, times: 10 });
    expect(await feed?.pollNow()).toBeUndefined();
    h.emulator.faults.clear();
    later(2_000);
    const reads = listReads();
    const view = await h.run("history", { gamer_id: "subject" });
    expect(listReads()).toBe(reads + 1);
    expect(view.notices).toEqual([]);
  });

  it("shows the reports as of the last poll: one arrived since shows once the feed has read it", async () => {
    await start();
    await feedPolls();
    h.emulator.state.injectReport({ report_id: 30, to_gamer_id: "subject", from_gamer_id: "d" });
    const against = async () =>
      (await h.run("history", { gamer_id: "subject" })).fields?.find(
        (field) => field.label === "Reports against",
      )?.value;
    expect(await against()).toBe(2);
    await feedPolls();
    expect(await against()).toBe(3);
  });
});

describe("report", () => {
  it("answers an id the feed has not read from its record while it polls, without reading the list", async () => {
    await start();
    await feedPolls();
    const polls = listReads();
    later(5_000);
    const unknown = await h.run("report", { report_id: "999" });
    expect(listReads()).toBe(polls);
    expect(unknown).toMatchObject({ outcome: "error", title: "No report #999" });
    expect(unknown.notices).toEqual(["Reports as of the report feed's last poll, 5 s ago."]);

    const known = await h.run("report", { report_id: "1" });
    expect(listReads()).toBe(polls);
    expect(known.title).toBe("2 reports against a0 (subject)");
    expect(known.notices).toEqual(["Reports as of the report feed's last poll, 5 s ago."]);
  });

  it("reads the chat API for an id it does not know where no feed polls", async () => {
    await start();
    const unknown = await h.run("report", { report_id: "999" });
    expect(listReads()).toBe(1);
    expect(unknown).toMatchObject({ outcome: "error", title: "No report #999" });
    expect(unknown.notices ?? []).toEqual([]);
    const preview = await h.run("report", { report_id: "1" });
    expect(listReads()).toBe(2);
    expect(preview.description).toMatch(/^The report feed has not read this report yet/);
  });
});
