// A denial flood: 300 refused /ban from a user in no role list made 300 cases and 300 audit posts
// on today's main. Every refusal is still a case; the audit channel gets at most one per user per
// minute, and the next one posted says how many were recorded in between.
import { afterEach, expect, it, vi } from "vitest";
import { ReportFeed } from "../../src/feed/feed.js";
import { silentLogger } from "../../src/log.js";
import type { Actor } from "../../src/moderation/roles.js";
import { type Harness, player, startHarness, textOf } from "../helpers/core.js";
import { FAST_TIMING } from "./harness.js";
import { RecordingDestination } from "./recording-destination.js";

let h: Harness;
let feed: ReportFeed;
afterEach(async () => {
  await feed?.stop();
  await h?.close();
});

it("posts one refusal per user per minute, then says how many it did not post", async () => {
  const clock = { now: Date.UTC(2026, 10, 22, 12, 0, 0) };
  h = await startHarness({
    destinations: { report: [], audit: ["slack:audit"] },
    now: () => new Date(clock.now),
  });
  const audit = new RecordingDestination("slack:audit");
  feed = new ReportFeed({
    core: h.core,
    destinations: [audit],
    poll: false,
    pollCron: "0 0 1 1 *",
    backfill: 10,
    groupMinutes: 60,
    logger: silentLogger,
    timing: FAST_TIMING,
  });
  feed.start();

  for (let n = 0; n < 300; n++) {
    const view = await h.run("ban", { gamer_id: `flood-${n}`, days: "1" }, player);
    expect(view.outcome).toBe("denied");
  }
  const other: Actor = { ...player, id: "301", displayName: "Other" };
  await h.run("ban", { gamer_id: "x", days: "1" }, other);
  expect((await h.core.cases.recent(400)).filter((c) => c.outcome === "denied")).toHaveLength(301);
  await audit.until(() => audit.posts.length === 2);

  clock.now += 61_000;
  await h.run("ban", { gamer_id: "again", days: "1" }, player);
  await audit.until(() => audit.posts.length === 3);
  const third = audit.views()[2];
  expect(third?.title).toMatch(/: ban again$/);
  expect(textOf(third as NonNullable<typeof third>)).toContain(
    "299 more refusals of Random since the last one posted",
  );
  await vi.waitFor(async () => expect(await h.core.outbox.depth("slack:audit")).toBe(0));
  expect(audit.posts).toHaveLength(3);
});
