// A moderator's day on Slack in Korean, through the real bolt App against signed requests and
// the fake Slack: whoever types or clicks is answered in the language they chose in Slack
// (users.info with include_locale, test/fakes/slack/users.ts), while what everyone sees (the
// report card, its edit, the audit post) stays in the team's. A user Slack will not describe is
// answered in the team's language, and each user is looked up once per hour, not per command.
// Texts of areas still in English (card buttons, command summaries) are not asserted here;
// the adapter's own words and the ban's answer (already Korean) are.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_CALLBACK_ID } from "../../../adapters/slack/form.js";
import { REQUIRED_BOT_SCOPES } from "../../../adapters/slack/required-scopes.js";
import { loadLocales } from "../../../src/i18n/translate.js";
import type { WebApiCall } from "../../fakes/slack/web-api.js";
import {
  expectNoCatalogueEnglish,
  expectNoEnglish as expectNoEnglishWords,
} from "../../helpers/korean.js";
import {
  AUDIT_CHANNEL,
  buttonsOf,
  type Delivered,
  REPORT_CHANNEL,
  type SlackHarness,
  startPolledSlackHarness,
  startSlackHarness,
  textsOf,
} from "./harness.js";

const jisoo = { id: "U0JISOO", name: "jisoo" };
const sam = { id: "U0SAM", name: "sam" };
const HANGUL = /[가-힣]/;

/** No English word but those a Korean answer may hold: the bot's and Slack's names, ids, zones. */
const expectNoEnglish = (text: string, allowed: readonly string[] = []) =>
  expectNoEnglishWords(text, ["chatwarden", "Slack", "gamer_id", "KST", "UTC", ...allowed]);

const usersInfoOf = (s: SlackHarness, userId: string) =>
  s.fake.api.callsTo("users.info").filter((call) => call.args.user === userId);

describe("Slack in each user's language, the team's in English", () => {
  let s: SlackHarness;
  const answerText = async (delivered: Delivered, index = 0) =>
    textsOf((await s.answer(delivered, index)).body).join("\n");

  beforeAll(async () => {
    await loadLocales(["ko"]);
    s = await startPolledSlackHarness({
      mode: "http",
      reportChannelId: REPORT_CHANNEL,
      auditChannelId: AUDIT_CHANNEL,
      roles: { moderatorUserIds: [jisoo.id, sam.id], adminUserIds: [] },
    });
    s.fake.api.members.set({ ...jisoo, locale: "ko-KR" });
    s.fake.api.members.set({ ...sam, locale: "en-US" });
    await s.core.see("10003=ShadowFox");
  });
  afterAll(() => s.close());

  it("asks and answers a ko-KR moderator's long ban in Korean; the audit post stays English", async () => {
    const sent = await s.driver.slash(jisoo, "/ban", "10003 60 spam");
    const question = await s.answer(sent);
    expect(question.body.response_type).toBe("ephemeral");
    expect(textsOf(question.body).join("\n")).toContain(
      "ShadowFox (10003)의 채팅을 60일 동안 금지하시겠습니까? 30일보다 긴 기간입니다.",
    );
    const confirm = [...buttonsOf(question.body).values()].find((button) =>
      button.actionId.startsWith("cw:confirm:"),
    );
    const pressed = await s.driver.click(jisoo, confirm?.actionId ?? "", {
      responseUrl: sent.responseUrl,
    });
    const result = await s.answer(pressed, 1);
    expect(result.body.response_type).toBe("in_channel");
    expect(textsOf(result.body).join("\n")).toContain("ShadowFox (10003) 채팅 금지 60일");
    expect(textsOf(result.body).join("\n")).not.toContain("Banned");

    const audit = await s.fake.api.waitForCall(
      "chat.postMessage",
      (call) => call.args.channel === AUDIT_CHANNEL && textOf(call).includes("10003"),
    );
    expect(String(audit.args.text)).toMatch(/^Case #\d+:/);
    expect(textOf(audit)).not.toMatch(HANGUL);
  });

  it("answers a ko-KR moderator's press of a report card in Korean; the card and its edit stay English", async () => {
    s.core.emulator.state.injectReport({ to_gamer_id: "ko-card" });
    await s.feed.pollNow();
    const card = await s.fake.api.waitForCall("chat.postMessage", about("ko-card"));
    expect(textOf(card)).not.toMatch(HANGUL);
    // The card's first button is the ladder's suggested ban.
    const [suggested] = [...buttonsOf(card.args).values()];
    const id = suggested?.actionId ?? "";
    expect(id).toMatch(/^cw:report:\d+:ban\d+$/);
    const clicked = await s.driver.click(jisoo, id, { value: id, ephemeral: false });
    expect(await answerText(clicked)).toMatch(/\(ko-card\) 채팅 금지 \d+일/);
    const edited = await s.fake.api.waitForCall("chat.update", about("ko-card"));
    expect(textOf(edited)).toContain("Banned for");
    expect(textOf(edited)).not.toMatch(HANGUL);
  });

  it("turns a ko-KR moderator's pages in Korean", async () => {
    for (let index = 0; index < 12; index++) s.core.emulator.state.ban(`ko-page-${index}`, 1);
    const sent = await s.driver.slash(jisoo, "/bans", "");
    const first = await s.answer(sent);
    expect(textsOf(first.body)).toContain("2페이지 중 1페이지");
    const next = [...buttonsOf(first.body).values()].find((button) =>
      button.actionId.startsWith("cw:page:"),
    );
    const pressed = await s.driver.click(jisoo, next?.actionId ?? "", {
      responseUrl: sent.responseUrl,
    });
    const second = await s.answer(pressed, 1);
    expect(second.body.replace_original).toBe(true);
    expect(textsOf(second.body)).toContain("2페이지 중 2페이지");
  });

  it("shows a ko-KR moderator's mistakes and failures in Korean", async () => {
    const usage = await s.answer(await s.driver.slash(jisoo, "/ban", ""));
    const [header] = textsOf(usage.body.blocks);
    expect(header).toBe("ℹ️ /ban 사용법");

    // The usage's form button, its modal, and what a submission missing a field is told.
    const formButton = buttonsOf(usage.body).get("Ban 양식…");
    expect(formButton?.actionId).toBe("cwform:ban");
    const clicked = await s.driver.click(jisoo, formButton?.actionId ?? "", { ephemeral: true });
    expect(clicked.status).toBe(200);
    const opened = await s.fake.api.waitForCall("views.open");
    const modal = opened.args.view as {
      callback_id: string;
      private_metadata: string;
      submit: { text: string };
      close: { text: string };
    };
    expect(modal.callback_id).toBe(FORM_CALLBACK_ID);
    expect([modal.submit.text, modal.close.text]).toEqual(["실행", "취소"]);
    expect(JSON.stringify(modal)).toContain("예: ");
    const invalid = await s.driver.submit(jisoo, modal, { days: "3" });
    const errors = (invalid.ackBody as { errors: Record<string, string> }).errors;
    expect(errors.gamer_id).toMatch(/^gamer_id 값을 입력하십시오: /);

    // Slack refuses to open a form: said in Korean, nothing opened.
    s.fake.api.failNext("views.open", "invalid_arguments");
    const refused = await s.driver.click(jisoo, "cwform:ban", { ephemeral: true });
    const notOpened = await answerText(refused);
    expect(notOpened).toContain("Slack이 양식을 열지 못했습니다");
    expectNoEnglish(notOpened);

    // The answer's response_url refuses it: the apology, in Korean.
    s.fake.responses.failNext(404, 1);
    const sent = await s.driver.slash(jisoo, "/bans", "");
    const apology = await answerText(sent, 1);
    expect(apology).toContain("문제가 발생했습니다");
    expectNoEnglish(apology);
  });

  it("answers an en-US moderator in English, in the same workspace", async () => {
    const usage = await s.answer(await s.driver.slash(sam, "/ban", ""));
    expect(textsOf(usage.body.blocks)[0]).toBe("ℹ️ How to use /ban");
    expect(buttonsOf(usage.body).get("Ban…")?.actionId).toBe("cwform:ban");
    const list = await s.answer(await s.driver.slash(sam, "/bans", ""));
    expect(textsOf(list.body)).toContain("Page 1 of 2");
  });

  it("asks Slack for each user's language once, with include_locale, however many commands", async () => {
    for (const user of [jisoo, sam]) {
      const calls = usersInfoOf(s, user.id);
      expect(calls).toHaveLength(1);
      // Form-encoded, as the Web API client sends it.
      expect(calls[0]?.args).toMatchObject({ user: user.id, include_locale: "true" });
    }
  });

  const about = (gamerId: string) => (call: WebApiCall) =>
    JSON.stringify(call.args).includes(gamerId);
  const textOf = (call: WebApiCall) => textsOf(call.args).join("\n");
});

describe("Slack when it will not tell a user's language, the team's in Korean", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    await loadLocales(["ko"]);
    s = await startSlackHarness({
      mode: "socket",
      presentation: { locale: "ko", timeZone: "Asia/Seoul" },
      roles: { moderatorUserIds: [jisoo.id, sam.id], adminUserIds: [] },
    });
    s.fake.api.members.set({ ...sam, locale: "en-US" });
  });
  afterAll(() => s.close());

  it("answers in the team's language when the app lacks users:read, and says why in the log", async () => {
    s.fake.api.grantedScopes = REQUIRED_BOT_SCOPES.filter((scope) => scope !== "users:read");
    try {
      const usage = await s.answer(await s.driver.slash(sam, "/ban", ""));
      expect(textsOf(usage.body.blocks)[0]).toBe("ℹ️ /ban 사용법");
      expect(usersInfoOf(s, sam.id)[0]?.error).toBe("missing_scope");
      const logged = await s.logs.waitFor("could not look up a Slack user's language");
      expect(String(logged.reason)).toContain("users:read");
    } finally {
      s.fake.api.grantedScopes = [...REQUIRED_BOT_SCOPES];
    }
  });

  it("acks a user's first command at once, and asks Slack their language only after", async () => {
    const kim = { id: "U0KIM", name: "kim" };
    s.fake.api.members.set({ ...kim, locale: "en-US" });
    // Slack takes users.info and never answers: the lookup gives up after LOOKUP_TIMEOUT_MS.
    s.fake.api.holdAnswersOf.add("users.info");
    try {
      let acked = false;
      const sent = s.driver.slash(kim, "/ban", "").then((delivered) => {
        acked = true;
        return delivered;
      });
      await s.logs.waitFor(
        "could not look up a Slack user's language",
        (line) => line.user === kim.id,
      );
      // The ack had come back before the lookup gave up: it did not wait for Slack.
      expect(acked).toBe(true);
      // The answer did wait, and is in the team's language, as Slack would not say kim's.
      const usage = await s.answer(await sent);
      expect(textsOf(usage.body.blocks)[0]).toBe("ℹ️ /ban 사용법");
    } finally {
      s.fake.api.holdAnswersOf.delete("users.info");
    }
  });

  it("answers in the team's language a user Slack does not know", async () => {
    // jisoo was never added to the fake workspace: users.info answers user_not_found.
    const usage = await s.answer(await s.driver.slash(jisoo, "/ban", ""));
    expect(textsOf(usage.body.blocks)[0]).toBe("ℹ️ /ban 사용법");
    expect(usersInfoOf(s, jisoo.id)[0]?.error).toBe("user_not_found");
  });

  it("answers an en-GB user in English all the same", async () => {
    const lee = { id: "U0LEE", name: "lee" };
    s.fake.api.members.set({ ...lee, locale: "en-GB" });
    const usage = await s.answer(await s.driver.slash(lee, "/chatwarden", ""));
    expect(textsOf(usage.body.blocks)[0]).toBe("ℹ️ chatwarden commands");
  });
});

describe("a moderator's day on Slack in Korean (the issue's check)", () => {
  let s: SlackHarness;
  beforeAll(async () => {
    await loadLocales(["ko"]);
    s = await startPolledSlackHarness({
      mode: "http",
      reportChannelId: REPORT_CHANNEL,
      presentation: { locale: "ko", timeZone: "Asia/Seoul" },
      roles: { moderatorUserIds: [jisoo.id], adminUserIds: [] },
    });
    s.fake.api.members.set({ ...jisoo, locale: "ko-KR" });
    await s.core.see("10003=ShadowFox", "10004=MoonBlade");
  });
  afterAll(() => s.close());

  it("a card, Ban 7d, a confirmation, pages, an error and help: no English catalogue text", async () => {
    const read: string[] = [];
    const said = (body: Parameters<typeof textsOf>[0]) => {
      const text = [...textsOf(body), ...[...buttonsOf(body).keys()]].join("\n");
      read.push(text);
      return text;
    };

    s.core.emulator.state.injectReport({ to_gamer_id: "day-card" });
    await s.feed.pollNow();
    const card = await s.fake.api.waitForCall("chat.postMessage", (call) =>
      JSON.stringify(call.args).includes("day-card"),
    );
    expect(said(card.args)).toMatch(HANGUL);

    const week = await s.answer(await s.driver.slash(jisoo, "/ban", "10003 7d 도배"));
    expect(said(week.body)).toContain("ShadowFox (10003) 채팅 금지 7일");

    const long = await s.driver.slash(jisoo, "/ban", "10004 60 도배");
    const question = await s.answer(long);
    said(question.body);
    const confirm = [...buttonsOf(question.body).values()].find((button) =>
      button.actionId.startsWith("cw:confirm:"),
    );
    const confirmed = await s.driver.click(jisoo, confirm?.actionId ?? "", {
      responseUrl: long.responseUrl,
    });
    expect(said((await s.answer(confirmed, 1)).body)).toContain("MoonBlade (10004) 채팅 금지 60일");

    for (let index = 0; index < 12; index++) s.core.emulator.state.ban(`day-page-${index}`, 1);
    const list = await s.driver.slash(jisoo, "/bans", "");
    const first = await s.answer(list);
    said(first.body);
    const next = [...buttonsOf(first.body).values()].find((button) =>
      button.actionId.startsWith("cw:page:"),
    );
    const turned = await s.driver.click(jisoo, next?.actionId ?? "", {
      responseUrl: list.responseUrl,
    });
    expect(said((await s.answer(turned, 1)).body)).toContain("2페이지 중 2페이지");

    said((await s.answer(await s.driver.slash(jisoo, "/ban", "10003 0"))).body);
    said((await s.answer(await s.driver.slash(jisoo, "/help", ""))).body);

    for (const text of read) expectNoCatalogueEnglish(text);
  });
});
