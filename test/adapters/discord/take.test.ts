// Take on a report card, through the real discord.js client and the fake Discord: the button on
// the card's second row (Discord allows five to a row), the card's message edited to say who is
// looking at it and edited back when they release it, and another moderator's Dismiss asked
// privately first ("Mina (discord) took report #1 just now: act anyway?"), Confirm dismissing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscordMessage } from "../../../adapters/discord/render.js";
import type { RecordedCall } from "../../fakes/discord/server.js";
import { buttonId, buttonsOf, embedOf } from "./answers.js";
import {
  admin,
  cardPost,
  type DiscordHarness,
  moderator,
  REPORT_CHANNEL,
  startPolledDiscordHarness,
} from "./harness.js";

const LOOKING = /^Mina \(discord\) is looking at this since \d\d:\d\d UTC, until \d\d:\d\d UTC\.$/;

describe("Take on a report card, through Discord", () => {
  let h: DiscordHarness;
  beforeAll(async () => {
    h = await startPolledDiscordHarness({ audit: false });
  });
  afterAll(() => h?.close());

  /** The next edit of the card's message after `afterSeq`. */
  const cardEdit = (afterSeq: number) =>
    h.discord.log.waitFor(
      (call) =>
        call.method === "PATCH" && call.path.startsWith(`/channels/${REPORT_CHANNEL}/messages/`),
      { afterSeq },
    );
  const lines = (call: RecordedCall) => embedOf(call).description?.split("\n") ?? [];

  it("is on the card's second row; the card shows who took it, and the holder's second press releases it", async () => {
    const report = h.emulator.state.injectReport({ to_gamer_id: "dc-take" });
    await h.feed.pollNow();
    const post = await cardPost(h, "dc-take");
    const rows = (post.body as DiscordMessage).components.map((row) =>
      row.components.map((component) => ("label" in component ? component.label : undefined)),
    );
    expect(rows).toEqual([
      ["Ban 1d · 1st offence", "Ban…", "Dismiss", "History", "Filter…"],
      ["Take"],
    ]);
    const take = buttonId(post, "Take");
    expect(take).toBe(`cw:report:${report.report_id}:take`);

    const pressed = h.discord.button(moderator, take);
    expect(embedOf(await pressed.followUp()).title).toBe(`You took report #${report.report_id}`);
    const taken = await cardEdit(post.seq);
    expect(lines(taken)[1]).toMatch(LOOKING);
    expect(buttonsOf(taken).map((button) => button.label)).toContain("Taken by Mina · Release");

    // Pressed again by Mina: released, and the card says so no more.
    const again = h.discord.button(moderator, take);
    expect(embedOf(await again.followUp()).title).toBe(`Released report #${report.report_id}`);
    const released = await cardEdit(taken.seq);
    expect(lines(released).some((line) => LOOKING.test(line))).toBe(false);
    expect(buttonsOf(released).map((button) => button.label)).toContain("Take");
  });

  it("asks another moderator privately before a Dismiss; Confirm dismisses, which ends the take", async () => {
    const report = h.emulator.state.injectReport({ to_gamer_id: "dc-taken" });
    await h.feed.pollNow();
    const post = await cardPost(h, "dc-taken");
    const took = h.discord.button(moderator, buttonId(post, "Take"));
    await took.followUp();
    const taken = await cardEdit(post.seq);
    expect(lines(taken)[1]).toMatch(LOOKING);

    const dismiss = h.discord.button(admin, buttonId(post, "Dismiss"));
    const question = await dismiss.followUp();
    expect(embedOf(question).title).toBe("Please confirm");
    expect(embedOf(question).description).toBe(
      `Mina (discord) took report #${report.report_id} just now: act anyway? This question expires in 60 s.`,
    );
    expect(question.body).toMatchObject({ flags: 64 });

    const confirmed = h.discord.button(admin, buttonId(question, "Confirm"));
    expect(embedOf(await confirmed.followUp()).title).toBe(`Dismissed report #${report.report_id}`);
    const settled = await cardEdit(taken.seq);
    expect(lines(settled)).toEqual([expect.stringMatching(/^Dismissed by ari \(discord\) at /)]);
    expect(buttonsOf(settled).map((button) => button.label)).toEqual(["History"]);
  });
});
