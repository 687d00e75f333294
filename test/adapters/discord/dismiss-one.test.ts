// One report of a card dismissed alone, through the real discord.js client and the fake Discord:
// the card's "Dismiss one report…" string select (a row of its own, one option per listed report,
// player text inert in the labels), a choice answered privately and the card edited on its one
// message, one report fewer. The fake delivers only a choice the message offers, as Discord does.
import { ComponentType } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderView } from "../../../adapters/discord/render.js";
import type { ViewAction } from "../../../src/view/view.js";
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

  it("/dismiss with only:True dismisses one report; the card is edited, one report fewer", async () => {
    const { state } = h.emulator;
    const [first, second] = [1, 2].map(() => state.injectReport({ to_gamer_id: "dc-slash" }));
    await h.feed.pollNow();
    await h.discord.log.waitFor((call) => call.method === "POST" && isCard("dc-slash")(call));
    const sent = h.discord.slash(moderator, "dismiss", {
      report_id: String(first?.report_id),
      only: true,
    });
    const answer = embedOf(await sent.edit());
    expect(answer.title).toBe(`Dismissed report #${first?.report_id} alone`);
    expect(answer.description).toBe("1 report against a0 (dc-slash) stays open on its card.");
    const edit = await h.discord.log.waitFor(
      (call) => call.method === "PATCH" && isCard("dc-slash")(call),
    );
    expect(embedOf(edit).title).toBe(`Report #${second?.report_id} against a0 (dc-slash)`);
    // One report left: no menu, Dismiss is that report.
    expect(selectsOf(edit)).toEqual([]);
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

describe("a menu as a Discord message carries it", () => {
  const option = (n: number) => ({ id: `cw:report:${n}:only`, label: `#${n} ${"x".repeat(120)}` });
  const button = (n: number): ViewAction => ({
    id: `cw:b${n}`,
    kind: "report",
    label: `b${n}`,
    style: "secondary",
  });

  it("keeps Discord's limits: 25 options, labels of 100, a row of its own within the five", () => {
    const message = renderView({
      outcome: "warning",
      title: "card",
      visibility: "public",
      actions: Array.from({ length: 30 }, (_, n) => button(n)),
      menu: {
        id: "cw:menu",
        placeholder: "p".repeat(200),
        options: Array.from({ length: 30 }, (_, n) => option(n)),
      },
    });
    expect(message.components).toHaveLength(5);
    const last = message.components.at(-1)?.components ?? [];
    expect(last).toHaveLength(1);
    const select = last[0];
    if (select?.type !== ComponentType.StringSelect) throw new Error("no select in the last row");
    expect(select.options).toHaveLength(25);
    expect(select.options.every((shown) => shown.label.length <= 100)).toBe(true);
    expect(select.placeholder?.length).toBeLessThanOrEqual(150);
    // The buttons keep four rows of five.
    expect(message.components.slice(0, 4).flatMap((row) => row.components)).toHaveLength(20);
  });
});
