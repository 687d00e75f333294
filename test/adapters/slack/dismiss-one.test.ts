// One report of a card dismissed alone, through bolt and the fake Slack, in both modes: the card's
// "Dismiss one report…" static_select (one option per listed report, player text inert), a choice
// answered at its response_url and the card updated in place, one report fewer. The fake delivers
// only a choice the message shows, as Slack does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderView } from "../../../adapters/slack/render.js";
import { blocksAreValid } from "../../fakes/slack/blocks.js";
import {
  type Mode,
  REPORT_CHANNEL,
  type SlackHarness,
  startSlackHarness,
  users,
} from "./harness.js";
import { textsOf } from "./message-text.js";

const MENU = "cw:report:dismiss-one";

interface ShownMenu {
  action_id: string;
  placeholder?: { text: string };
  options: { text: { text: string }; value: string }[];
}

/** The static_select menus of a message's blocks. */
function menusOf(blocks: unknown): ShownMenu[] {
  return ((blocks ?? []) as { type: string; elements?: { type: string }[] }[]).flatMap((block) =>
    block.type === "actions"
      ? (block.elements ?? []).filter((element) => element.type === "static_select")
      : [],
  ) as unknown as ShownMenu[];
}

describe.each<Mode>(["http", "socket"])("dismissing one report of a card on Slack (%s)", (mode) => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({ mode, reportChannelId: REPORT_CHANNEL });
    await s.feed.pollNow();
  });
  afterAll(() => s.close());

  const cardOf = (target: string) => {
    const card = s.fake.api
      .messages(REPORT_CHANNEL)
      .find((message) => message.text.includes(`(${target})`));
    if (!card) throw new Error(`no card of ${target}`);
    return card;
  };

  it("offers each report in a static_select; a choice dismisses that one alone", async () => {
    const { state } = s.core.emulator;
    const reports = ["r-1", "r-2", "r-3"].map((reporter) =>
      state.injectReport({
        to_gamer_id: "slack-grouped",
        to_gamer_name: "Grouped",
        from_gamer_id: reporter,
        from_gamer_name: reporter === "r-2" ? "<!channel> *bold*" : reporter,
      }),
    );
    await s.feed.pollNow();
    await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("slack-grouped"),
    );
    const card = cardOf("slack-grouped");
    const [menu] = menusOf(card.blocks);
    expect(menu?.action_id).toBe(MENU);
    expect(menu?.placeholder?.text).toBe("Dismiss one report…");
    expect(menu?.options.map((option) => option.value)).toEqual(
      reports.map((report) => `cw:report:${report.report_id}:only`),
    );
    // plain_text: no mention can form, and the player's text reads as typed.
    const hostile = menu?.options[1]?.text.text ?? "";
    expect(hostile).toContain("&lt;!channel&gt; *bold*");

    const chosen = `cw:report:${reports[0]?.report_id}:only`;
    const choice = s.fake.chooseOn({
      channel: REPORT_CHANNEL,
      ts: card.ts,
      menu: MENU,
      value: chosen,
      user: users.moderator,
    });
    const delivered = await s.driver.interact(choice);
    expect(delivered.status).toBe(200);
    expect(textsOf((await s.answer(delivered)).body).join("\n")).toContain(
      `Dismissed report #${reports[0]?.report_id} alone`,
    );
    await s.fake.api.waitForCall("chat.update", (call) =>
      JSON.stringify(call.args).includes("2 reports against Grouped (slack-grouped)"),
    );
    const [edited] = menusOf(cardOf("slack-grouped").blocks);
    expect(edited?.options.map((option) => option.value)).toEqual(
      reports.slice(1).map((report) => `cw:report:${report.report_id}:only`),
    );
    // What the message no longer shows cannot be chosen.
    expect(() =>
      s.fake.chooseOn({
        channel: REPORT_CHANNEL,
        ts: card.ts,
        menu: MENU,
        value: chosen,
        user: users.moderator,
      }),
    ).toThrow(/offers no/);
  });

  it("/dismiss ID --only dismisses one report; the card is updated, one report fewer", async () => {
    const { state } = s.core.emulator;
    const [first, second] = [1, 2].map(() => state.injectReport({ to_gamer_id: "slack-slash" }));
    await s.feed.pollNow();
    await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("slack-slash"),
    );
    const sent = await s.driver.slash(users.moderator, "/dismiss", `${second?.report_id} --only`);
    const answer = textsOf((await s.answer(sent)).body).join("\n");
    expect(answer).toContain(`Dismissed report #${second?.report_id} alone`);
    expect(answer).toContain("1 report against a0 (slack-slash) stays open on its card.");
    await s.fake.api.waitForCall("chat.update", (call) =>
      JSON.stringify(call.args).includes(`Report #${first?.report_id} against a0 (slack-slash)`),
    );
    expect(menusOf(cardOf("slack-slash").blocks)).toEqual([]);
  });
});

describe("a menu as Block Kit carries it", () => {
  it("keeps Slack's limits: 100 options, option texts of 75, a placeholder of 150", () => {
    const message = renderView({
      outcome: "warning",
      title: "card",
      visibility: "public",
      menu: {
        id: "cw:menu",
        placeholder: "p".repeat(200),
        options: Array.from({ length: 120 }, (_, n) => ({
          id: `cw:report:${n}:only`,
          label: `#${n} ${"x".repeat(120)}`,
        })),
      },
    });
    const [menu] = menusOf(message.blocks);
    expect(menu?.options).toHaveLength(100);
    expect(menu?.options.every((option) => option.text.text.length <= 75)).toBe(true);
    expect(menu?.placeholder?.text.length).toBeLessThanOrEqual(150);
    expect(blocksAreValid(message.blocks)).toBe(true);
  });
});
