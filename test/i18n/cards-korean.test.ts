// What everyone sees in the report and audit channels, with the team's language set to Korean
// (CHATWARDEN_LOCALE=ko, DISPLAY_TIMEZONE=Asia/Seoul): the feed posts report cards with their
// buttons and menu, takes, settled cards, audit posts of cases, a shift digest and a reminder in
// Korean, times in KST, and no English text of the cards area is left. What is stored stays as
// it was: a settled card's outcome is kept in English and said in Korean when shown.
import { beforeAll, describe, expect, it } from "vitest";
import { reportButtonId } from "../../src/feed/report-buttons.js";
import { displayMinute } from "../../src/i18n/display-time.js";
import { presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import type { Actor } from "../../src/moderation/roles.js";
import type { View, ViewValue } from "../../src/view/view.js";
import { type FeedHarness, startFeedHarness } from "../feed/harness.js";
import { moderator } from "../helpers/core.js";
import { expectNoEnglish } from "../helpers/korean.js";

const KOREAN = { locale: "ko", timeZone: "Asia/Seoul" } as const;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const other: Actor = { platform: "discord", id: "200", displayName: "Ari", role: "moderator" };

/**
 * Latin words a Korean post may hold: names and platforms of people (Mina, Ari, discord), the
 * zone's abbreviation, the chat API's report category, and command and option words, which stay
 * as typed in every language (a case's `gamer_id=10003 days=1`, `report #1`, the ban's stored
 * reason as the button gave it).
 */
const ALLOWED = ["Mina", "Ari", "discord", "KST", "SPAM", "ban", "take", "gamer_id", "days"];
const ALLOWED_COMMAND_WORDS = ["report", "dismiss", "only", "reports", "open"];

const expectNoEnglishIn = (view: View) =>
  expectNoEnglish(shown(view), [...ALLOWED, ...ALLOWED_COMMAND_WORDS]);

/** A value as a moderator reads it, a time in the team's zone. */
function valueText(value: ViewValue): string {
  if (typeof value === "string" || typeof value === "number") return String(value);
  if ("time" in value) return presenting(KOREAN, () => displayMinute(value.time));
  return value.text;
}

/** All the text a view shows, one piece a line. */
function shown(view: View): string {
  return [
    view.title,
    view.description ?? "",
    ...(view.fields ?? []).map((field) => `${field.label}: ${valueText(field.value)}`),
    ...(view.table?.columns ?? []).map((column) => column.label),
    ...(view.table?.rows ?? []).flatMap((row) => Object.values(row).map(valueText)),
    view.table && view.table.rows.length === 0 ? view.table.emptyText : "",
    ...(view.notices ?? []),
    ...(view.actions ?? []).map((action) => action.label),
    view.menu?.placeholder ?? "",
    ...(view.menu?.options ?? []).map((option) => option.label),
  ].join("\n");
}

/** `2026-11-23 01:40 KST`: the UTC instant nine hours on, written out by hand. */
function kst(instant: number): string {
  return `${new Date(instant + 9 * HOUR_MS).toISOString().slice(0, 16).replace("T", " ")} KST`;
}

describe("the feed in Korean", () => {
  beforeAll(() => loadLocales(["ko"]));

  it("posts cards, takes, settlements, audit posts, a digest and a reminder in Korean, in KST", async () => {
    // The emulator's bans run on the host's clock: the feed's clock starts this very minute.
    const start = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
    let now = new Date(start);
    const h: FeedHarness = await startFeedHarness({
      now: () => now,
      presentation: { locale: "ko", displayTimeZone: "Asia/Seoul" },
      digestCron: "* * * * *",
      remindMinutes: 60,
    });
    try {
      const at = new Date(start);
      const report = (to: string, name: string, from: string, message: string) =>
        h.emulator.state.injectReport({
          to_gamer_id: to,
          to_gamer_name: name,
          from_gamer_id: from,
          from_gamer_name: "별빛",
          keyword: "SPAM",
          reason: "도배",
          message,
          createdAt: at,
        });
      report("10003", "달빛기사", "20001", "골드 팝니다");
      report("10004", "그림자", "20001", "욕설");
      report("10004", "그림자", "20002", "욕설 또");
      await h.feed.pollNow();
      await h.reports.until(() => h.reports.posts.length === 2);
      const [single, several] = h.reports.views();

      // A card of one report: its fields, its state, its priority, and its buttons.
      expect(single?.title).toBe("달빛기사 (10003) 대상 신고 #1");
      expect(single?.description).toBe(
        "대기 중: 신고 1건이 모더레이터를 기다리고 있습니다.\n우선순위 낮음: 24시간 내 신고자 1명 · SPAM",
      );
      expect(single?.fields?.map((field) => field.label)).toEqual([
        "신고 대상",
        "신고자",
        "분류",
        "사유",
        "메시지",
        "일시",
        "신고",
      ]);
      expect(single?.fields?.at(-1)?.value).toBe("#1, 상태 1");
      expect(single?.actions?.map((action) => action.label)).toEqual([
        "채팅 금지 1일 · 1차 위반",
        "채팅 금지…",
        "기각",
        "이력",
        "금칙어 추가…",
        "담당",
      ]);
      // The same buttons as in English: their ids carry what they do, never their words.
      expect(single?.actions?.[0]?.id).toBe(reportButtonId({ reportId: 1, generation: 0 }, "ban1"));
      if (!single || !several) throw new Error("two cards posted");
      expectNoEnglishIn(single);

      // A card of several reports: a table of them and a menu that dismisses one alone.
      expect(several.title).toBe("그림자 (10004) 대상 신고 2건");
      expect(several.table?.columns.map((column) => column.label)).toEqual([
        "#",
        "일시",
        "신고자",
        "분류",
        "사유",
        "메시지",
      ]);
      expect(several.table?.rows[0]?.at).toEqual({ time: at });
      expect(valueText({ time: at })).toBe(kst(start));
      expect(several.menu?.placeholder).toBe("신고 하나만 기각…");
      expect(several.menu?.options[0]?.label).toBe("#2 신고자 별빛 (20001) · SPAM · 욕설");
      expectNoEnglishIn(several);

      // Take: the card says, to everyone, who is looking at it until when, in KST.
      now = new Date(start + MINUTE_MS);
      await h.core.runner.press(reportButtonId({ reportId: 1, generation: 0 }, "take"), moderator);
      await h.reports.until(() => h.reports.views()[0]?.description?.includes("담당 중") === true);
      const taken = h.reports.views()[0];
      const clock = (instant: number) => kst(instant).slice("YYYY-MM-DD ".length);
      expect(taken?.description?.split("\n")[1]).toBe(
        `Mina (discord) 님이 ${clock(start + MINUTE_MS)}부터 ${clock(start + 16 * MINUTE_MS)}까지 담당 중입니다.`,
      );
      expect(taken?.actions?.at(-1)?.label).toBe("Mina 님이 담당 중 · 담당 해제");
      if (taken) expectNoEnglishIn(taken);

      // An hour on, nobody has acted: a reminder lists both cards.
      now = new Date(start + HOUR_MS);
      await h.feed.reminderLooks?.lookNow();
      const isReminder = (view: View) => view.title.startsWith("아직 대기 중인");
      await h.reports.until(() => h.reports.views().some(isReminder));
      const reminder = h.reports.views().find(isReminder);
      expect(reminder?.title).toBe("아직 대기 중인 신고 카드 2건");
      expect(reminder?.description).toBe(
        "신고 카드 2건이 60분 이상 대기했지만 아직 아무도 처리하지 않았습니다.",
      );
      expect(reminder?.table?.columns.map((column) => column.label)).toEqual([
        "카드",
        "보는 방법",
        "대기 시작",
      ]);
      expect(reminder?.table?.rows[0]?.report).toBe("report 1 명령어");
      if (reminder) expectNoEnglishIn(reminder);

      // The shift digest: the cards waiting by priority, the oldest, and a ban ending soon.
      h.emulator.state.ban("30005", 1, "extend", new Date(start - 2 * HOUR_MS));
      await h.feed.digestSchedule?.lookNow();
      const isDigest = (view: View) => view.title.startsWith("근무 요약");
      await h.reports.until(() => h.reports.views().some(isDigest));
      const digest = h.reports.views().find(isDigest);
      expect(digest?.title).toBe("근무 요약: 대기 중인 신고 2건");
      expect(digest?.fields?.map((field) => [field.label, valueText(field.value)])).toEqual([
        ["대기 중", "보통 1건 · 낮음 1건"],
        ["가장 오래 대기 중", "달빛기사 (10003) 대상 신고 (report 1)"],
        ["대기 시작", kst(start)],
        ["처리 집계 시작", kst(start + HOUR_MS - 24 * HOUR_MS)],
        ["처리", "없음"],
      ]);
      expect(digest?.table?.columns.map((column) => column.label)).toEqual([
        "채팅 금지 종료 대상",
        "종료",
      ]);
      expect(digest?.table?.rows).toHaveLength(1);
      if (digest) expectNoEnglishIn(digest);

      // The ladder's ban: the card is settled, and says who did what, when, in Korean.
      now = new Date(start + HOUR_MS + MINUTE_MS);
      await h.press(single, "채팅 금지 1일 · 1차 위반");
      await h.reports.until(() => h.reports.views()[0]?.outcome === "success");
      const settled = h.reports.views()[0];
      const ban = (await h.core.cases.recent(10)).find((c) => c.command === "ban");
      expect(settled?.description).toBe(
        `Mina (discord) 님이 ${kst(start + HOUR_MS + MINUTE_MS)}에 처리했습니다: 채팅 금지 1일 (처리 기록 #${ban?.number}).`,
      );
      expect(settled?.actions?.map((action) => action.label)).toEqual(["이력"]);
      if (settled) expectNoEnglishIn(settled);
      // Stored as before, in English: the words are made when the card is shown.
      const card = await h.core.reports.card(1);
      expect(card?.outcome).toBe("banned for 1 day");

      // The audit post of the ban, and of the take before it.
      await h.audit.until(() => h.audit.views().some((view) => view.title.includes(": ban ")));
      const audit = h.audit.views().find((view) => view.title.includes(": ban "));
      expect(audit?.title).toBe(`처리 기록 #${ban?.number}: ban 달빛기사 (10003)`);
      expect(audit?.fields?.map((field) => [field.label, valueText(field.value)])).toEqual([
        ["처리자", "Mina (discord)"],
        ["결과", "완료"],
        ["일시", kst(start + HOUR_MS + MINUTE_MS)],
        ["인자", "gamer_id=10003 days=1"],
        ["사유", "report #1"],
      ]);
      for (const view of h.audit.views()) expectNoEnglishIn(view);

      // A later press on the old button hears, in the presser's Korean, who handled it.
      const late = await presenting(KOREAN, () =>
        h.core.runner.press(reportButtonId({ reportId: 1, generation: 0 }, "ban1"), other),
      );
      expect(late.title).toBe("이미 처리됨");
      expect(late.description).toBe(
        `Mina (discord) 님이 ${kst(start + HOUR_MS + MINUTE_MS)}에 처리했습니다: 채팅 금지 1일 (처리 기록 #${ban?.number}).`,
      );
      expectNoEnglishIn(late);
    } finally {
      await h.close();
    }
  });
});
