// Buttons and forms, through the real bolt App in both modes: confirmations (only the invoker,
// once), page turns, and the "Ban…" form from button to modal to submission; a report card's
// "Ban…", as the feed posts it and as cards posted before the core made form ids carry it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_CALLBACK_ID } from "../../../adapters/slack/form.js";
import { formActionId } from "../../../src/view/form-action.js";
import { openChannel } from "../../helpers/emulator.js";
import {
  BOT_TOKEN,
  buttonsOf,
  type Mode,
  REPORT_CHANNEL,
  type SlackHarness,
  startSlackHarness,
  textsOf,
  users,
} from "./harness.js";

describe.each<Mode>(["http", "socket"])("%s mode", (mode) => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({ mode });
    // The players these tests ban have been seen by the bot, as a report would show them.
    await s.core.see(`${mode}-long`, `${mode}-formed`);
  });
  afterAll(() => s.close());

  const prefix = `${mode}-`;

  it("confirms a long ban with buttons only the invoker can use, once", async () => {
    const sent = await s.driver.slash(users.moderator, "/ban", `${prefix}long 60 repeat offender`);
    const question = await s.answer(sent);
    expect(question.body.response_type).toBe("ephemeral");
    const buttons = buttonsOf(question.body);
    const confirm = buttons.get("Confirm");
    expect(confirm?.actionId).toMatch(/^cw:/);
    expect(buttons.get("Cancel")).toBeDefined();
    expect(s.core.emulator.state.runningBan(`${prefix}long`)).toBeUndefined();

    const stranger = await s.driver.click(users.admin, confirm?.actionId ?? "");
    expect(stranger.status).toBe(200);
    const refusal = await s.answer(stranger);
    // A refusal is private: it replaces the private question only for the one who clicked.
    expect(refusal.body.replace_original).toBe(true);
    expect(textsOf(refusal.body).join("\n")).toContain("Only mina can use this confirmation");

    const pressed = await s.driver.click(users.moderator, confirm?.actionId ?? "", {
      responseUrl: sent.responseUrl,
    });
    const result = await s.answer(pressed, 1);
    expect(result.body).toMatchObject({ response_type: "in_channel", replace_original: false });
    expect(textsOf(result.body).join("\n")).toContain(`Banned ${prefix}long for 60 days`);
    expect((await s.answer(pressed, 2)).body).toEqual({ delete_original: true });
    expect(s.core.emulator.state.runningBan(`${prefix}long`)).toBeDefined();

    const again = await s.driver.click(users.moderator, confirm?.actionId ?? "");
    expect(textsOf((await s.answer(again)).body).join("\n")).toContain("already answered by mina");
  });

  it("announces after a confirmation that shows the exact text, as Slack escaped it", async () => {
    const channel = `${prefix}hall`;
    openChannel(s.core.emulator, "global", channel);
    const text = "Save & log out <now>, back at 10:30";
    const sent = await s.driver.slash(users.admin, "/announce", `global ${channel} ${text}`);
    const question = await s.answer(sent);
    expect(question.body.response_type).toBe("ephemeral");
    // Slack shows &amp; and &lt; as & and <: the text reads exactly as it will be sent.
    expect(textsOf(question.body).join("\n")).toContain(
      `Send this system message to every player in ${channel} of global (channel number`,
    );
    expect(textsOf(question.body).join("\n")).toContain(
      "Save &amp; log out &lt;now&gt;, back at 10:30",
    );
    expect(s.core.emulator.state.systemMessages).toEqual([]);

    const confirm = buttonsOf(question.body).get("Confirm");
    const pressed = await s.driver.click(users.admin, confirm?.actionId ?? "", {
      responseUrl: sent.responseUrl,
    });
    const result = await s.answer(pressed, 1);
    expect(result.body.response_type).toBe("in_channel");
    expect(textsOf(result.body).join("\n")).toContain(`Announced in ${channel} of global`);
    expect(
      s.core.emulator.state.systemMessages
        .filter((message) => message.channel_name === channel)
        .map((message) => message.message),
    ).toEqual([text]);
  });

  it("asks which of two players with one name is meant, and bans the one chosen", async () => {
    await s.core.see(`${prefix}1=ShadowFox`, `${prefix}2=ShadowFox`);
    const sent = await s.driver.slash(users.moderator, "/ban", "shadowfox 1 impersonation");
    const question = await s.answer(sent);
    expect(question.body.response_type).toBe("ephemeral");
    expect(textsOf(question.body).join("\n")).toContain("shadowfox is the name of 2 players");
    const buttons = buttonsOf(question.body);
    expect([...buttons.keys()].sort()).toEqual(
      [`ShadowFox (${prefix}1)`, `ShadowFox (${prefix}2)`, "Cancel"].sort(),
    );
    const chosen = buttons.get(`ShadowFox (${prefix}2)`);
    expect(chosen?.actionId).toMatch(/^cw:choose:/);

    const pressed = await s.driver.click(users.moderator, chosen?.actionId ?? "", {
      responseUrl: sent.responseUrl,
    });
    const result = await s.answer(pressed, 1);
    expect(result.body).toMatchObject({ response_type: "in_channel" });
    expect(textsOf(result.body).join("\n")).toContain(`Banned ShadowFox (${prefix}2) for 1 day`);
    expect(s.core.emulator.state.runningBan(`${prefix}2`)).toBeDefined();
    expect(s.core.emulator.state.runningBan(`${prefix}1`)).toBeUndefined();
    expect((await s.core.core.cases.forTarget(`${prefix}2`))[0]?.reason).toBe("impersonation");
  });

  it("turns pages in place", async () => {
    for (let index = 0; index < 12; index++) {
      s.core.emulator.state.ban(`${prefix}page-${index}`, 1 + index);
    }
    const sent = await s.driver.slash(users.moderator, "/bans", "");
    const first = await s.answer(sent);
    expect(textsOf(first.body).join("\n")).toContain("Page 1 of 2");
    const next = buttonsOf(first.body).get("Next page");
    const pressed = await s.driver.click(users.moderator, next?.actionId ?? "", {
      responseUrl: sent.responseUrl,
    });
    const second = await s.answer(pressed, 1);
    expect(second.body.replace_original).toBe(true);
    expect(textsOf(second.body).join("\n")).toContain("Page 2 of 2");
  });

  it("turns the list as shown while reports arrive, and says how many arrived", async () => {
    // Issue 20: Next began again at a row page 1 had shown, 5 new reports later.
    const gamer = `${prefix}paged`;
    const start = Date.now() - 3_600_000;
    const listed = Array.from({ length: 36 }, (_, n) =>
      s.core.emulator.state.injectReport({
        to_gamer_id: gamer,
        createdAt: new Date(start + n * 60_000),
      }),
    ).map((report) => report.report_id);
    const newestFirst = listed.reverse();
    const sent = await s.driver.slash(users.moderator, "/reports", gamer);
    const first = await s.answer(sent);
    // Each row begins `*#:* 36`: the report number.
    const ids = (texts: string[]) =>
      [...texts.join("\n").matchAll(/^\*#:\* (\d+) /gm)].map((match) => Number(match[1]));
    expect(ids(textsOf(first.body))).toEqual(newestFirst.slice(0, 10));
    for (let n = 0; n < 5; n++) s.core.emulator.state.injectReport({ to_gamer_id: gamer });

    const next = buttonsOf(first.body).get("Next page");
    const pressed = await s.driver.click(users.moderator, next?.actionId ?? "", {
      responseUrl: sent.responseUrl,
    });
    const second = textsOf((await s.answer(pressed, 1)).body);
    expect(ids(second)).toEqual(newestFirst.slice(10, 20));
    expect(second.join("\n")).toContain(`Reports against or by a0 (${gamer}): 36`);
    expect(second).toContain("5 new reports since this list: run reports again");
    expect(second).toContain("Page 2 of 4");
  });

  it("opens the form of a command from its button and runs it on submission", async () => {
    const usage = await s.answer(await s.driver.slash(users.moderator, "/ban", ""));
    const formButton = buttonsOf(usage.body).get("Ban…");
    expect(formButton).toEqual({ actionId: "cwform:ban", value: "cwform:ban" });

    // The report feed's "Ban…" button carries the reported player; the usage's carries nobody.
    const id = formActionId({ command: "ban", args: { gamer_id: `${prefix}formed` } }) ?? "";
    const clicked = await s.driver.click(users.moderator, id, { value: id, ephemeral: false });
    expect(clicked.status).toBe(200);
    const opened = await s.fake.api.waitForCall("views.open", (call) =>
      JSON.stringify(call.args).includes(`${prefix}formed`),
    );
    expect(opened.authorization).toBe(`Bearer ${BOT_TOKEN}`);
    const view = opened.args.view as { callback_id: string; private_metadata: string };
    expect(view.callback_id).toBe(FORM_CALLBACK_ID);

    const invalid = await s.driver.submit(users.moderator, view, { days: "forever" });
    expect(invalid.ackBody).toMatchObject({
      response_action: "errors",
      errors: { days: expect.stringContaining("days must be a whole number") },
    });

    const submitted = await s.driver.submit(users.moderator, view, {
      days: "2w",
      reason: "gold selling",
    });
    expect(submitted.ackBody ?? {}).toEqual({});
    const result = await s.fake.responses.answer(clicked.responseUrl);
    expect(result.body.response_type).toBe("in_channel");
    expect(textsOf(result.body).join("\n")).toContain(`Banned ${prefix}formed for 14 days`);
    expect((await s.core.core.cases.forTarget(`${prefix}formed`))[0]).toMatchObject({
      reason: "gold selling",
      actorId: users.moderator.id,
    });
  });

  it("refuses a form to someone without the command's role, before showing it, and records the denial", async () => {
    const refusals = [
      { user: users.player, command: "ban", gamerId: `${prefix}not-by-player`, role: "moderator" },
      {
        user: users.moderator,
        command: "channels create",
        gamerId: `${prefix}not-by-moderator`,
        role: "admin",
      },
    ];
    for (const { user, command, gamerId, role } of refusals) {
      const id = formActionId({ command, args: { gamer_id: gamerId } }) ?? "";
      const clicked = await s.driver.click(user, id, { value: id });
      expect(clicked.status).toBe(200);
      const answer = await s.answer(clicked);
      const text = textsOf(answer.body).join("\n");
      expect(text).toContain("Not allowed");
      expect(text).toContain(`${command} needs the ${role} role`);
      expect(answer.body.response_type ?? "ephemeral").toBe("ephemeral");
      expect((await s.core.core.cases.recent(1))[0]).toMatchObject({
        outcome: "denied",
        command,
        actorId: user.id,
      });
      const opened = s.fake.api
        .callsTo("views.open")
        .filter((call) => JSON.stringify(call.args).includes(gamerId));
      expect(opened).toEqual([]);
    }
  });

  it("answers an unknown form politely", async () => {
    const clicked = await s.driver.click(users.moderator, "cwform:nothing", {
      value: "cwform:nothing",
    });
    expect(textsOf((await s.answer(clicked)).body).join("\n")).toContain(
      "This form cannot be opened",
    );
  });
});

describe("a report card's Ban… button", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    s = await startSlackHarness({ mode: "http", reportChannelId: REPORT_CHANNEL });
    // The first poll (of an empty chat API) is over, so the next report is new, not backfill.
    await s.feed.pollNow();
  });
  afterAll(() => s.close());

  /** The inputs of the form a click opens, each with what it is filled in with. */
  async function formOpenedBy(actionId: string, value: string, gamerId: string) {
    const clicked = await s.driver.click(users.moderator, actionId, { value, ephemeral: false });
    expect(clicked.status).toBe(200);
    const opened = await s.fake.api.waitForCall("views.open", (call) =>
      JSON.stringify(call.args).includes(gamerId),
    );
    const view = opened.args.view as {
      blocks: Array<{ type: string; block_id?: string; element?: { initial_value?: string } }>;
    };
    return view.blocks
      .filter((block) => block.type === "input")
      .map((block) => [block.block_id, block.element?.initial_value]);
  }

  it("opens the ban form for the reported player with the report as the reason", async () => {
    const report = s.core.emulator.state.injectReport({ to_gamer_id: "slack-card-target" });
    await s.feed.pollNow();
    const posted = await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("slack-card-target"),
    );
    const ban = buttonsOf(posted.args).get("Ban…");
    const id = `cwform:ban?gamer_id=slack-card-target&~reason=report+%23${report.report_id}`;
    expect(ban).toEqual({ actionId: id, value: id });
    expect(await formOpenedBy(id, id, "slack-card-target")).toEqual([
      ["days", undefined],
      ["reason", `report #${report.report_id}`],
    ]);
  });

  it("Filter… opens a form with the report's message and all; the answer asks which words are new", async () => {
    s.core.emulator.state.putBadWords("all", ["scam"], "replace");
    const message = `buy gold, "cheap" <at> gold.example`;
    const report = s.core.emulator.state.injectReport({
      to_gamer_id: "slack-filter-target",
      message,
    });
    await s.feed.pollNow();
    const posted = await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("slack-filter-target"),
    );
    const id = `cwform:filter?report_id=${report.report_id}&~language=all`;
    expect(buttonsOf(posted.args).get("Filter…")).toEqual({ actionId: id, value: id });

    const clicked = await s.driver.click(users.admin, id, { value: id, ephemeral: false });
    const opened = await s.fake.api.waitForCall("views.open", (call) =>
      JSON.stringify(call.args).includes("gold.example"),
    );
    const view = opened.args.view as {
      callback_id: string;
      private_metadata: string;
      blocks: Array<{ type: string; block_id?: string; element?: { initial_value?: string } }>;
    };
    // The suggestion is the text the field holds, not markup: as the player wrote it.
    expect(
      view.blocks
        .filter((block) => block.type === "input")
        .map((block) => [block.block_id, block.element?.initial_value]),
    ).toEqual([
      ["language", "all"],
      ["words", String.raw`"buy gold, \"cheap\" <at> gold.example"`],
    ]);

    const submitted = await s.driver.submit(users.admin, view, {
      language: "all",
      words: "buy gold, SCAM",
    });
    expect(submitted.ackBody ?? {}).toEqual({});
    const question = await s.fake.responses.answer(clicked.responseUrl);
    expect(question.body.response_type ?? "ephemeral").toBe("ephemeral");
    const asked = textsOf(question.body).join("\n");
    expect(asked).toContain(
      `Add 1 word from report #${report.report_id} to the all filter (buy gold)?`,
    );
    expect(asked).toContain("SCAM is in the filter already.");

    const confirm = buttonsOf(question.body).get("Confirm");
    const pressed = await s.driver.click(users.admin, confirm?.actionId ?? "", {
      responseUrl: clicked.responseUrl,
    });
    const result = await s.answer(pressed, 1);
    expect(textsOf(result.body).join("\n")).toContain("Added 1 word to the all filter");
    expect(s.core.emulator.state.listBadWords()[0]?.filters).toEqual(["scam", "buy gold"]);
  });

  it("still opens the form from a card posted before the core made form ids", async () => {
    // What the Slack adapter rendered before: its own action_id, the request as JSON in the value.
    const value = JSON.stringify({
      command: "ban",
      args: { gamer_id: "slack-old-card" },
      defaults: { reason: "report #7" },
    });
    expect(await formOpenedBy("cwform:ban:slack-old-card", value, "slack-old-card")).toEqual([
      ["days", undefined],
      ["reason", "report #7"],
    ]);
  });
});
