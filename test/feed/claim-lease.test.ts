// A report card's "being handled" claim is a lease: a press whose process died mid-ban, or whose
// end the store could not record, holds the card no longer than a ban can take. Until then a
// second moderator hears who is handling it and until when; from then on their press is taken
// as on an open card, and bans the player the card shows.
import { afterEach, describe, expect, it } from "vitest";
import { reportButtonId } from "../../src/feed/report-buttons.js";
import type { Actor } from "../../src/moderation/roles.js";
import { type Harness, moderator, startHarness } from "../helpers/core.js";
import { freshStoreLocation, STORE_KINDS } from "../helpers/stores.js";

const T0 = new Date(Date.UTC(2026, 10, 22, 12, 0, 10));
const gone: Actor = { platform: "slack", id: "U0GONE", displayName: "Gone", role: "moderator" };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe.each(STORE_KINDS)("a card's claim on %s", (kind) => {
  it("lapses after its lease: until then a press hears until when, after it the press bans", async () => {
    let now = T0;
    const { databaseUrl } = await freshStoreLocation(kind);
    h = await startHarness({ databaseUrl, now: () => now });
    const { reports } = h.core;
    const cardId = await reports.openCard("lease-1", T0);
    h.emulator.state.injectReport({ to_gamer_id: "lease-1", to_gamer_name: "Lease" });
    const [report] = await h.core.api.listReports();
    if (!report) throw new Error("the emulator lists the report");
    await reports.record(report, T0, cardId);
    // A press whose process then died: its claim stays behind.
    expect(await reports.claim(cardId, gone, T0)).toEqual({ ok: true });
    // The harness's chat API allows 2 s a try, 4 s a call with retries: a ban's three calls take
    // at most 12 s, and the lease adds 30 s for the store's writes.
    const lease = 42_000;

    now = new Date(T0.getTime() + lease - 1_000);
    const early = await h.core.runner.press(
      reportButtonId({ reportId: report.report_id, generation: 0 }, "ban1"),
      moderator,
    );
    expect(early.title).toBe("Being handled");
    expect(early.description).toBe(
      "This report is being handled by Gone on slack, 2026-11-22 12:00 UTC. If that is not finished by 2026-11-22 12:01 UTC, the report is open to another press again.",
    );
    expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);

    now = new Date(T0.getTime() + lease);
    const taken = await h.core.runner.press(
      reportButtonId({ reportId: report.report_id, generation: 0 }, "ban1"),
      moderator,
    );
    expect(taken.title).toBe("Banned lease-1 for 1 day");
    expect(
      h.emulator.requests.filter((r) => r.path === "/block_user_chat").map((r) => r.body),
    ).toEqual([{ gamer_id: "lease-1", days: 1 }]);
    expect(await reports.card(cardId)).toMatchObject({
      state: "banned",
      handler: { name: moderator.displayName, platform: moderator.platform },
      caseNumber: taken.caseNumber,
    });
  });
});
