// One report of a card dismissed alone, through the real discord.js client and the fake Discord:
// the card's "Dismiss one report…" string select (a row of its own, one option per listed report,
// player text inert in the labels), a choice answered privately and the card edited on its one
// message, one report fewer. The fake delivers only a choice the message offers, as Discord does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMessage } from "../../fakes/discord/payloads.js";
import type { RecordedCall } from "../../fakes/discord/server.js";
import { embedOf, selectsOf } from "./answers.js";
import {
  ADMIN_ROLE,
  type DiscordHarness,
  moderator,
  REPORT_CHANNEL,
  startDiscordHarness,
} from "./harness.js";

const MENU = "cw:report:dismiss-one";
/** A reporter's name that tries to ping everyone and the admins. */
const HOSTILE = `@everyone <@&${ADMIN_ROLE}>`;

describe("dismissing one report of a card, through Discord", () => {
  let h: DiscordHarness;
  beforeAll(async () => {
    h = await startDiscordHarness({ audit: false });
    await h.feed.pollNow();
  });
  afterAll(() => h?.close());

  const isCard = (target: string) => (call: RecordedCall) =>
    call.path.startsWith(`/channels/${REPORT_CHANNEL}/messages`) &&
    JSON.stringify(call.body).includes(target);

  function heldCard(target: string): FakeMessage {
    const held = h.discord
      .channelMessages(REPORT_CHANNEL)
      .find((message) => JSON.stringify(message.embeds).includes(target));
    if (!held) throw new Error(`no card of ${target}`);
    return held;
  }

  it("offers each report in a select of its own row; a choice dismisses that one alone", async () => {
    const { state } = h.emulator;
    const reports = ["r-1", "r-2", "r-3"].map((reporter) =>
      state.injectReport({
        to_gamer_id: "dc-grouped",
        to_gamer_name: "Grouped",
        from_gamer_id: reporter,
        from_gamer_name: reporter === "r-2" ? HOSTILE : reporter,
      }),
    );
    await h.feed.pollNow();
    const post = await h.discord.log.waitFor(
      (call) => call.method === "POST" && isCard("dc-grouped")(call),
    );
    const [select] = selectsOf(post);
    expect(select).toMatchObject({ custom_id: MENU, placeholder: "Dismiss one report…" });
    expect(select?.alone).toBe(true);
    expect(select?.options.map((option) => option.value)).toEqual(
      reports.map((report) => `cw:report:${report.report_id}:only`),
    );
    // Nobody could be pinged from a label: the mention is broken, as on a button.
    const hostile = select?.options[1]?.label ?? "";
    expect(hostile).toContain("@\u200beveryone");
    expect(hostile).not.toContain(`<@&${ADMIN_ROLE}>`);

    const message = heldCard("dc-grouped");
    const chosen = `cw:report:${reports[1]?.report_id}:only`;
    const sent = h.discord.select(moderator, MENU, [chosen], message.id);
    expect(embedOf(await sent.followUp()).title).toBe(
      `Dismissed report #${reports[1]?.report_id} alone`,
    );
    // The card, on its one message: one report fewer, and the menu without it.
    const edit = await h.discord.log.waitFor(
      (call) => call.method === "PATCH" && isCard("dc-grouped")(call),
    );
    expect(embedOf(edit).title).toBe("2 reports against Grouped (dc-grouped)");
    expect(selectsOf(edit)[0]?.options.map((option) => option.value)).toEqual([
      `cw:report:${reports[0]?.report_id}:only`,
      `cw:report:${reports[2]?.report_id}:only`,
    ]);
    // What the message no longer offers, a member cannot choose.
    expect(() => h.discord.select(moderator, MENU, [chosen], message.id)).toThrow(/offers no/);
  });

  it("has no menu on a card of one report", async () => {
    h.emulator.state.injectReport({ to_gamer_id: "dc-single" });
    await h.feed.pollNow();
    const post = await h.discord.log.waitFor(
      (call) => call.method === "POST" && isCard("dc-single")(call),
    );
    expect(selectsOf(post)).toEqual([]);
  });
});
