// Issue 24 on Discord: each moderator is answered in their own client's language (the
// interaction's `locale`), falling back to the team's CHATWARDEN_LOCALE; what everyone sees (the
// report card, edited when a button on it is pressed) stays in the team's language. Through the
// real discord.js client against the fake Discord, whose members can now run a Korean client.
// Texts other areas have not translated yet are not asserted; the ban's answer (already Korean)
// and the adapter's own words are.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fitEmbed } from "../../../adapters/discord/fit-embed.js";
import { runSafely } from "../../../adapters/discord/run-command.js";
import { timeText } from "../../../adapters/discord/value-text.js";
import { presenting } from "../../../src/i18n/presentation.js";
import { loadLocales } from "../../../src/i18n/translate.js";
import { silentLogger } from "../../../src/log.js";
import type { FakeUser, RecordedCall } from "../../fakes/discord/server.js";
import { expectNoCatalogueEnglish } from "../../helpers/korean.js";
import { buttonsOf, callbackOf, EPHEMERAL, embedOf, messageOf, textOf } from "./answers.js";
import {
  type DiscordHarness,
  moderator,
  REPORT_CHANNEL,
  startPolledDiscordHarness,
} from "./harness.js";

/** Mina, her Discord client in Korean. */
const koreanModerator: FakeUser = { ...moderator, locale: "ko" };
/** Mina, her Discord client in US English (the fake's default, said here). */
const englishModerator: FakeUser = { ...moderator, locale: "en-US" };

beforeAll(() => loadLocales(["ko"]));

/** The button whose custom id matches: labels are other areas' words, ids never change. */
function buttonMatching(call: RecordedCall, pattern: RegExp): string {
  const button = buttonsOf(call).find((candidate) => pattern.test(candidate.id));
  if (!button) throw new Error(`no button ${pattern} in ${JSON.stringify(buttonsOf(call))}`);
  return button.id;
}

/** Runs `/ban` long enough to be asked about, confirms it; returns the channel's answer. */
async function confirmedBan(h: DiscordHarness, user: FakeUser, gamerId: string) {
  const sent = h.discord.slash(user, "ban", { gamer_id: gamerId, days: "60", reason: "도배" });
  expect(callbackOf(await sent.callback()).ephemeral).toBe(true);
  const question = await sent.edit();
  const pressed = h.discord.button(user, buttonMatching(question, /^cw:confirm:/), {
    id: sent.original()?.id,
    flags: EPHEMERAL,
  });
  const answer = await pressed.followUp();
  expect(messageOf(answer).flags ?? 0).toBe(0);
  return { question, answer };
}

/** `/bans` over 12 running bans: its first page, then the second after Next. */
async function pagedBans(h: DiscordHarness, user: FakeUser, prefix: string) {
  for (let n = 0; n < 12; n += 1) h.emulator.state.ban(`${prefix}-${n}`, 5 + n);
  const sent = h.discord.slash(user, "bans");
  const first = await sent.edit();
  const pressed = h.discord.button(user, buttonMatching(first, /^cw:page:/), { flags: EPHEMERAL });
  return { first, second: await pressed.edit() };
}

/** `/ban` while the chat API fails: the line the channel reads where it saw the bot thinking. */
async function failedBan(h: DiscordHarness, user: FakeUser, gamerId: string) {
  await h.see(gamerId);
  h.emulator.faults.add({
    method: "PUT",
    path: "/block_user_chat",
    respond: { status: 500, body: "<html>proxy error</html>", contentType: "text/html" },
    times: 5,
  });
  const sent = h.discord.slash(user, "ban", { gamer_id: gamerId, days: "1" });
  const line = await sent.edit();
  // The chat API answers again for the tests after this one.
  h.emulator.faults.clear();
  expect(sent.original()?.flags).toBe(0);
  return line;
}

/** A card for a new report against `gamerId`, as posted to the report channel. */
async function postedCard(h: DiscordHarness, gamerId: string): Promise<RecordedCall> {
  h.emulator.state.injectReport({ to_gamer_id: gamerId });
  await h.feed.pollNow();
  return h.discord.log.waitFor(
    (call) =>
      call.method === "POST" &&
      call.path === `/channels/${REPORT_CHANNEL}/messages` &&
      JSON.stringify(call.body).includes(gamerId),
  );
}

/** The card of `gamerId` edited once its report is handled: no ban button left. */
function handledCard(h: DiscordHarness, gamerId: string): Promise<RecordedCall> {
  return h.discord.log.waitFor(
    (call) =>
      call.method === "PATCH" &&
      call.path.startsWith(`/channels/${REPORT_CHANNEL}/messages/`) &&
      JSON.stringify(call.body).includes(gamerId) &&
      buttonsOf(call).every((button) => !/:ban\d+$/.test(button.id)),
  );
}

describe("on an English team, each moderator in their own client's language", () => {
  let h: DiscordHarness;
  beforeAll(async () => {
    h = await startPolledDiscordHarness({ audit: false });
    await h.see("10003=ShadowFox", "10004=MoonBlade");
  });
  afterAll(() => h?.close());

  it("a Korean client's /ban, confirmed, is answered in Korean; an English client's in English", async () => {
    const korean = await confirmedBan(h, koreanModerator, "10003");
    expect(embedOf(korean.question).description ?? embedOf(korean.question).title).toContain(
      "ShadowFox (10003)의 채팅을 60일 동안 금지하시겠습니까?",
    );
    expect(embedOf(korean.answer).title).toBe("ShadowFox (10003) 채팅 금지 60일");
    expectNoCatalogueEnglish(textOf(korean.answer));

    const english = await confirmedBan(h, englishModerator, "10004");
    expect(embedOf(english.answer).title).toBe("Banned MoonBlade (10004) for 60 days");
  });

  it("a list's pages are numbered in the reader's language", async () => {
    const korean = await pagedBans(h, koreanModerator, "ko-paged");
    expect(embedOf(korean.first).footer?.text).toMatch(/^[2-9]페이지 중 1페이지$/);
    expect(embedOf(korean.second).footer?.text).toMatch(/^[2-9]페이지 중 2페이지$/);

    const english = await pagedBans(h, englishModerator, "en-paged");
    expect(embedOf(english.first).footer?.text).toMatch(/^Page 1 of [2-9]$/);
    expect(embedOf(english.second).footer?.text).toMatch(/^Page 2 of [2-9]$/);
  });

  it("a failed ban tells the channel, in the invoker's language, that only they can see why", async () => {
    const korean = await failedBan(h, koreanModerator, "ko-err");
    expect(embedOf(korean).description).toBe("명령어를 실행한 모더레이터만 이유를 볼 수 있습니다.");
    expectNoCatalogueEnglish(textOf(korean));

    const english = await failedBan(h, englishModerator, "en-err");
    expect(embedOf(english).description).toBe(
      "Only the moderator who ran the command can see why.",
    );
  });

  it("a ban from a report card: the presser's answer in Korean, the card edited in the team's English", async () => {
    const GAMER = "10005";
    const card = await postedCard(h, GAMER);
    const pressed = h.discord.button(koreanModerator, buttonMatching(card, /:ban\d+$/));
    const answer = await pressed.followUp();
    expect(embedOf(answer).title).toMatch(/^a\d+ \(10005\) 채팅 금지 \d+일$/);
    const edited = await handledCard(h, GAMER);
    expect(textOf(edited)).toMatch(/Banned for \d+ days? by Mina/);
    expect(textOf(edited)).not.toMatch(/채팅 금지/);
  });
});

describe("on a Korean team (CHATWARDEN_LOCALE=ko, DISPLAY_TIMEZONE=Asia/Seoul)", () => {
  let h: DiscordHarness;
  beforeAll(async () => {
    h = await startPolledDiscordHarness({
      audit: false,
      team: { locale: "ko", displayTimeZone: "Asia/Seoul" },
    });
  });
  afterAll(() => h?.close());

  it("a client in a language chatwarden does not speak is answered in the team's Korean", async () => {
    const french: FakeUser = { ...moderator, locale: "fr" };
    const { first } = await pagedBans(h, french, "fr-paged");
    expect(embedOf(first).footer?.text).toBe("2페이지 중 1페이지");
  });

  it("an English client's ban from a card: its answer in English, the card in the team's Korean", async () => {
    const GAMER = "10006";
    const card = await postedCard(h, GAMER);
    const pressed = h.discord.button(englishModerator, buttonMatching(card, /:ban\d+$/));
    const answer = await pressed.followUp();
    expect(embedOf(answer).title).toMatch(/^Banned a\d+ \(10006\) for \d+ days?$/);
    const edited = await handledCard(h, GAMER);
    // The card is the team's, rendered by the feed in CHATWARDEN_LOCALE and DISPLAY_TIMEZONE,
    // not the presser's.
    expect(textOf(edited)).toMatch(
      /Mina \(discord\) 님이 \d{4}-\d\d-\d\d \d\d:\d\d KST에 처리했습니다/,
    );
  });
});

describe("the adapter's words about an embed, in Korean", () => {
  const KOREAN = { locale: "ko", timeZone: "Asia/Seoul" } as const;

  it("a time it cannot read", () => {
    expect(presenting(KOREAN, () => timeText(new Date(Number.NaN)))).toBe("알 수 없는 시각");
    expect(timeText(new Date(Number.NaN))).toBe("unknown time");
  });

  it("rows Discord cannot hold in one message", () => {
    const fields = Array.from({ length: 30 }, (_, n) => ({ name: `#${n}`, value: "x" }));
    const parts = { color: 0, title: "t", description: undefined, footer: undefined, fields };
    const korean = presenting(KOREAN, () => fitEmbed(parts)).fields?.at(-1)?.value;
    expect(korean).toBe("6개는 표시하지 않았습니다. Discord는 메시지 하나의 크기를 제한합니다.");
    expect(fitEmbed(parts).fields?.at(-1)?.value).toBe(
      "6 more not shown: Discord limits the size of one message.",
    );
  });

  it("a failure chatwarden did not expect", async () => {
    const view = await presenting(KOREAN, () =>
      runSafely(silentLogger, () => Promise.reject(new Error("a bug"))),
    );
    expect(view.title).toBe("문제가 발생했습니다");
    expect(view.description).toBe(
      "chatwarden 내부에서 문제가 발생했습니다. 자세한 내용은 로그에 있습니다.",
    );
  });
});

describe("a moderator's day in Korean (the issue's check)", () => {
  let h: DiscordHarness;
  beforeAll(async () => {
    h = await startPolledDiscordHarness({
      audit: false,
      team: { locale: "ko", displayTimeZone: "Asia/Seoul" },
    });
    await h.see("10003=ShadowFox", "10004=MoonBlade");
  });
  afterAll(() => h?.close());

  /** Everything a Korean moderator reads of a message: its embed and its buttons' labels. */
  const readable = (call: RecordedCall) =>
    [textOf(call), ...buttonsOf(call).map((button) => button.label)].join("\n");

  it("a card, Ban 7d, a confirmation, pages, an error and help: no English catalogue text", async () => {
    const read: string[] = [];
    const card = await postedCard(h, "10009");
    read.push(readable(card));

    const week = h.discord.slash(koreanModerator, "ban", { gamer_id: "10003", days: "7d" });
    const banned = await week.edit();
    expect(embedOf(banned).title).toBe("ShadowFox (10003) 채팅 금지 7일");
    read.push(readable(banned));

    const { question, answer } = await confirmedBan(h, koreanModerator, "10004");
    read.push(readable(question), readable(answer));

    const { first, second } = await pagedBans(h, koreanModerator, "day-paged");
    read.push(readable(first), readable(second));

    read.push(readable(await failedBan(h, koreanModerator, "day-err")));
    const unknown = h.discord.slash(koreanModerator, "ban", { gamer_id: "10003", days: "0" });
    read.push(readable(await unknown.edit()));

    const help = h.discord.slash(koreanModerator, "help");
    read.push(readable(await help.edit()));

    for (const text of read) expectNoCatalogueEnglish(text);
  });
});
