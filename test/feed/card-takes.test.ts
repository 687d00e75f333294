// Take on a report card, through the runner every front end uses: the card says who is looking
// at it and until when, anyone else who bans, dismisses or takes it is asked first ("Mina
// (discord) took report #1 2 minutes ago: act anyway?"), and the take ends when its holder
// presses the button again, when the card is settled, or 15 minutes on (read against the clock).
import { afterEach, describe, expect, it } from "vitest";
import { reportButtonId } from "../../src/feed/report-buttons.js";
import type { ReportKey } from "../../src/feed/report-store.js";
import type { Actor } from "../../src/moderation/roles.js";
import type { View } from "../../src/view/view.js";
import { admin, type Harness, moderator, player, startHarness } from "../helpers/core.js";

const T0 = new Date(Date.UTC(2026, 10, 22, 16, 42, 0));
const MINUTE_MS = 60_000;
/** Ari as a plain moderator on Discord. */
const other: Actor = { platform: "discord", id: "200", displayName: "Ari", role: "moderator" };

let h: Harness | undefined;
let now = T0;
afterEach(async () => {
  await h?.close();
  h = undefined;
  now = T0;
});

/** A harness whose clock the test moves, with one open card against `target`. */
async function withCard(target = "take-1"): Promise<{ h: Harness; key: ReportKey }> {
  h = await startHarness({ now: () => now });
  const cardId = await h.core.reports.openCard(target, T0);
  h.emulator.state.injectReport({ to_gamer_id: target, to_gamer_name: "Taken" });
  const [report] = await h.core.api.listReports();
  if (!report) throw new Error("the emulator lists the report");
  await h.core.reports.record(report, T0, cardId);
  return { h, key: { reportId: report.report_id, generation: 0 } };
}

const press = (key: ReportKey, verb: "take" | "dismiss" | "ban1", actor: Actor) => {
  if (!h) throw new Error("no harness");
  return h.core.runner.press(reportButtonId(key, verb), actor);
};

const later = (minutes: number) => {
  now = new Date(T0.getTime() + minutes * MINUTE_MS);
};

/** The card as `report` shows it. */
async function card(key: ReportKey): Promise<View> {
  if (!h) throw new Error("no harness");
  return h.run("report", { report_id: String(key.reportId) });
}

const takeLabel = (view: View) =>
  view.actions?.find((action) => action.id.endsWith(":take"))?.label;

describe("Take on a report card", () => {
  it("shows everyone who is looking at the card, and asks anyone else before a ban", async () => {
    const { h, key } = await withCard();
    const before = await card(key);
    expect(takeLabel(before)).toBe("Take");
    expect(before.data).toMatchObject({ taken: null });

    const taken = await press(key, "take", moderator);
    expect(taken).toMatchObject({
      outcome: "success",
      title: `You took report #${key.reportId}`,
      visibility: "private",
    });
    const shown = await card(key);
    expect(shown.description?.split("\n")).toEqual([
      "Open: 1 report waiting for a moderator.",
      "Mina (discord) is looking at this since 16:42 UTC, until 16:57 UTC.",
      expect.stringMatching(/^(High|Medium|Low): /),
    ]);
    expect(takeLabel(shown)).toBe("Taken by Mina · Release");
    expect(shown.data).toMatchObject({
      taken: {
        by: "Mina",
        by_id: moderator.id,
        platform: "discord",
        since: "2026-11-22T16:42:00.000Z",
        until: "2026-11-22T16:57:00.000Z",
      },
    });

    // Two minutes on, Ari presses the ladder's ban: asked first, nothing sent yet.
    later(2);
    const asked = await press(key, "ban1", other);
    expect(asked.outcome).toBe("confirm");
    expect(asked.description).toBe(
      `Mina (discord) took report #${key.reportId} 2 minutes ago: act anyway? This question expires in 60 s.`,
    );
    expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);
    // The card is not held by the question: it is still open, and still Mina's.
    expect((await card(key)).description).toContain("Mina (discord) is looking at this");

    const banned = await h.press(asked, "Confirm", other);
    expect(banned.title).toBe("Banned take-1 for 1 day");
    // The ban settled the card, which ends the take.
    const settled = await card(key);
    expect(settled.description).toBe(
      `Banned for 1 day by Ari (discord) at 2026-11-22 16:44 UTC, case #${banned.caseNumber}.`,
    );
    expect(settled.data).toMatchObject({ state: "banned", taken: null });
  });

  it("lets its holder act without a question, and release it with the same button", async () => {
    const { key } = await withCard();
    await press(key, "take", moderator);
    // Pressed again by its holder: released, and the card says nobody is looking at it.
    const released = await press(key, "take", moderator);
    expect(released).toMatchObject({
      outcome: "success",
      title: `Released report #${key.reportId}`,
    });
    const shown = await card(key);
    expect(shown.description).not.toContain("looking at this");
    expect(takeLabel(shown)).toBe("Take");

    await press(key, "take", moderator);
    const dismissed = await press(key, "dismiss", moderator);
    expect(dismissed.title).toBe(`Dismissed report #${key.reportId}`);
    expect((await card(key)).data).toMatchObject({ state: "dismissed", taken: null });
  });

  it("asks anyone else before a dismissal, and a Cancel leaves the card as it was", async () => {
    const { h, key } = await withCard();
    await press(key, "take", moderator);
    later(1);
    const asked = await press(key, "dismiss", other);
    expect(asked.description).toBe(
      `Mina (discord) took report #${key.reportId} 1 minute ago: act anyway? This question expires in 60 s.`,
    );
    const cancelled = await h.press(asked, "Cancel", other);
    expect(cancelled.title).toBe("Cancelled");
    expect((await card(key)).data).toMatchObject({ state: "open", taken: { by: "Mina" } });
    // Typed, as in the console: the same question; confirmed (--yes), it is done.
    const typed = await h.run("dismiss", { report_id: String(key.reportId) }, other);
    expect(typed.outcome).toBe("confirm");
    const done = await h.run("dismiss", { report_id: String(key.reportId) }, other, {
      confirmed: true,
    });
    expect(done.title).toBe(`Dismissed report #${key.reportId}`);
    expect((await card(key)).data).toMatchObject({ state: "dismissed", taken: null });
  });

  it("is taken over by someone else only once they confirm", async () => {
    const { h, key } = await withCard();
    await press(key, "take", moderator);
    const asked = await press(key, "take", other);
    expect(asked.description).toBe(
      `Mina (discord) took report #${key.reportId} just now: take it over? This question expires in 60 s.`,
    );
    expect((await card(key)).data).toMatchObject({ taken: { by: "Mina" } });
    const takenOver = await h.press(asked, "Confirm", other);
    expect(takenOver.title).toBe(`You took report #${key.reportId}`);
    expect(takeLabel(await card(key))).toBe("Taken by Ari · Release");
    // Mina no longer holds it: her press asks to take it back, and --release says who has it.
    expect((await press(key, "take", moderator)).outcome).toBe("confirm");
    const release = await h.run("take", { report_id: String(key.reportId), release: "yes" });
    expect(release).toMatchObject({
      outcome: "error",
      title: `You do not hold report #${key.reportId}`,
      description:
        "Ari (discord) took it; only they release it (or it lapses at 2026-11-22 16:57 UTC).",
    });
  });

  it("lapses after 15 minutes: the card no longer says so, and nobody is asked", async () => {
    const { key } = await withCard();
    await press(key, "take", moderator);
    later(14);
    expect((await card(key)).description).toContain("Mina (discord) is looking at this");
    later(15);
    const lapsed = await card(key);
    expect(lapsed.description).not.toContain("looking at this");
    expect(lapsed.data).toMatchObject({ taken: null });
    expect((await press(key, "dismiss", other)).title).toBe(`Dismissed report #${key.reportId}`);
  });

  it("asks before a typed ban of the player, naming each card someone else took", async () => {
    const { h, key } = await withCard("take-typed");
    await press(key, "take", moderator);
    later(3);
    const asked = await h.run("ban", { gamer_id: "take-typed", days: "40" }, other);
    // Both questions at once: the long ban's, then the take's.
    expect(asked.description).toBe(
      `Ban Taken (take-typed) for 40 days? That is longer than 30 days. Mina (discord) took report #${key.reportId} 3 minutes ago: act anyway? This question expires in 60 s.`,
    );
    // Its holder is asked only what anyone would be.
    const own = await h.run("ban", { gamer_id: "take-typed", days: "1" }, moderator);
    expect(own.title).toBe("Banned Taken (take-typed) for 1 day");
  });

  it("is in reports --open --json, and refused to someone without the moderator role", async () => {
    const { h, key } = await withCard();
    const denied = await press(key, "take", player);
    expect(denied.outcome).toBe("denied");
    // A report the feed recorded without a card gets none from a refused press either.
    const bare = h.emulator.state.injectReport({ to_gamer_id: "take-bare" });
    await h.core.reports.record(bare, T0, undefined);
    const bareKey = { reportId: bare.report_id, generation: 0 };
    expect((await press(bareKey, "take", player)).outcome).toBe("denied");
    expect((await h.core.reports.locate(bareKey))?.cardId).toBeUndefined();
    const taken = await h.run("take", { report_id: String(key.reportId) }, admin);
    expect(taken.data).toMatchObject({ taken: { by: "Ari", platform: "slack" } });
    const open = await h.run("reports", { open: true });
    expect(open.data).toEqual([
      expect.objectContaining({
        report_id: key.reportId,
        taken: expect.objectContaining({ by: "Ari", by_id: admin.id, platform: "slack" }),
      }),
    ]);
  });

  it("answers a report it does not know, and a card already settled", async () => {
    const { h, key } = await withCard();
    const unknown = await h.run("take", { report_id: "999999" });
    expect(unknown).toMatchObject({ outcome: "error", title: "Report #999999 is not known yet" });
    await press(key, "dismiss", moderator);
    const settled = await press(key, "take", other);
    expect(settled).toMatchObject({ outcome: "error", title: "Already handled" });
  });
});
