// The moderation commands' answers in Korean (issue 24, area "answers"): unban, bans, history,
// report, reports (and --open), dismiss, take, announce and filter, on the real core against the
// emulator, as a Korean moderator in Seoul reads them: Korean words, times in KST, and no English
// left of these answers (player names, command words and ids stay as typed).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { displayMinute } from "../../src/i18n/display-time.js";
import { presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import type { Actor } from "../../src/moderation/roles.js";
import type { View, ViewValue } from "../../src/view/view.js";
import { admin, type Harness, moderator, startHarness } from "../helpers/core.js";
import { openChannel } from "../helpers/emulator.js";
import { expectNoEnglish as expectNoEnglishWords } from "../helpers/korean.js";

const KOREAN = { locale: "ko", timeZone: "Asia/Seoul" } as const;
/** 2026-11-22 16:42 UTC: 2026-11-23 01:42 in Seoul. */
const T0 = new Date(Date.UTC(2026, 10, 22, 16, 42, 0));
/** Ari, a second moderator on Discord. */
const ari: Actor = { platform: "discord", id: "200", displayName: "Ari", role: "moderator" };

/** Words that stay as typed in Korean answers: players, moderators, platforms, the zone, ids. */
const ALWAYS_ALLOWED = ["ShadowFox", "MoonBlade", "Reporter", "Mina", "Ari", "discord", "slack"];
const ZONE_AND_API = ["KST", "API"];

/** English left in a Korean answer: any word but names, the zone, ids and `allowed` ones. */
const expectNoEnglish = (text: string, allowed: readonly string[] = []) =>
  expectNoEnglishWords(text, [...ALWAYS_ALLOWED, ...ZONE_AND_API, ...allowed]);

/** What a Korean moderator reads of a view, times as the adapters show them (displayMinute). */
function readable(view: View): string {
  return presenting(KOREAN, () => shown(view));
}

function shown(view: View): string {
  const value = (v: ViewValue | undefined): string =>
    typeof v === "object" && v !== null && "time" in v ? displayMinute(v.time) : String(v ?? "");
  return [
    view.title,
    view.description ?? "",
    ...(view.fields ?? []).map((field) => `${field.label}: ${value(field.value)}`),
    ...(view.table?.columns ?? []).map((column) => column.label),
    ...(view.table?.rows ?? []).map((row) => Object.values(row).map(value).join(" | ")),
    view.table && view.table.rows.length === 0 ? (view.table.emptyText ?? "") : "",
    // The runner's `Case #12` (the catalogue area's) is not this area's text.
    ...(view.notices ?? []).filter((notice) => !/^Case #\d+$/.test(notice)),
  ].join("\n");
}

const columnsOf = (view: View) => view.table?.columns.map((column) => column.label);
const labelsOf = (view: View) => view.fields?.map((field) => field.label);

/** A question's own words, without the runner's ending (the catalogue area's text). */
/** The question alone, without the runner's line on when it expires (catalogue-korean.test.ts). */
const question = (view: View) =>
  (view.description ?? view.title).replace(/ 이 질문은 \d+초 후 만료됩니다\.$/, "");

describe("the moderation commands' answers in Korean", () => {
  let h: Harness;
  let now = T0;
  /** Runs a command as a Korean moderator in Seoul. */
  const korean = (
    command: string,
    args: Record<string, unknown> = {},
    actor: Actor = moderator,
    extra: { confirmed?: boolean } = {},
  ) => presenting(KOREAN, () => h.run(command, args, actor, extra));

  beforeAll(() => loadLocales(["ko"]));
  afterEach(async () => {
    await h?.close();
    now = T0;
  });

  /** A harness at T0 with ShadowFox seen, and a waiting card for MoonBlade's report; its id. */
  async function withCard(): Promise<number> {
    h = await startHarness({ now: () => now, emulator: { now: () => now } });
    await h.see("10003=ShadowFox", "10004=MoonBlade");
    const cardId = await h.core.reports.openCard("10004", T0);
    const report = h.emulator.state.injectReport({
      to_gamer_id: "10004",
      to_gamer_name: "MoonBlade",
      from_gamer_id: "10009",
      from_gamer_name: "Reporter",
      keyword: "SPAM",
      message: "사세요 골드",
    });
    await h.core.reports.record(report, T0, cardId);
    return report.report_id;
  }

  it("unban, bans and history: Korean titles, labels and case lines, times in KST", async () => {
    await withCard();
    await korean("ban", { gamer_id: "10003", days: "3", reason: "도배" });

    const bans = await korean("bans");
    expect(bans.title).toBe("채팅 금지: 1명");
    expect(columnsOf(bans)).toEqual(["플레이어", "횟수", "시작", "종료", "사유", "처리자"]);
    expect(readable(bans)).toContain("ShadowFox (10003)");
    expectNoEnglish(readable(bans));
    const notBanned = await korean("bans", { gamer_id: "10004" });
    expect(notBanned.title).toBe("MoonBlade (10004) 채팅 금지");
    expect(notBanned.table?.emptyText).toBe("MoonBlade (10004)의 진행 중인 채팅 금지가 없습니다.");

    const history = await korean("history", { gamer_id: "10003" });
    expect(history.title).toBe("ShadowFox (10003) 이력");
    expect(labelsOf(history)).toEqual([
      "현재 채팅 금지",
      "종료",
      "다음 제재 단계",
      "받은 신고",
      "한 신고",
      "처리 기록 (1)",
    ]);
    expect(history.fields?.[0]?.value).toBe("예, 1번째 채팅 금지");
    expect(history.fields?.[2]?.value).toMatch(/^채팅 금지 \d+일 \(2차 위반\)$/);
    // The case as the moderator in Seoul reads it: the ban was made at 16:42 UTC.
    expect(history.fields?.[5]?.value).toBe(
      "#1 채팅 금지 3일, Mina (discord), 2026-11-23 01:42 KST: 도배",
    );
    expect(history.actions?.map((action) => action.label)).toEqual(["채팅 금지…"]);
    expect(history.table?.emptyText).toBe("이 플레이어가 받거나 한 신고가 없습니다.");
    expectNoEnglish(readable(history));

    const unbanned = await korean("unban", { gamer_id: "10003", reason: "오해" });
    expect(unbanned.title).toBe("ShadowFox (10003) 채팅 금지 해제");
    expect(labelsOf(unbanned)).toEqual(["플레이어", "사유"]);
    const again = await korean("unban", { gamer_id: "10003" });
    expect(again.title).toBe("ShadowFox (10003)의 채팅 금지가 없었습니다");
    expect(again.notices).toContain(
      "채팅 API에 이 플레이어의 진행 중인 채팅 금지가 없었습니다. 바뀐 것은 없습니다.",
    );
    expectNoEnglish(readable(unbanned));
    expectNoEnglish(readable(again));
    // The bans list of nobody, and the history's unban that changed nothing.
    expect((await korean("bans")).table?.emptyText).toBe("채팅 금지 중인 플레이어가 없습니다.");
    const after = await korean("history", { gamer_id: "10003" });
    expect(String(after.fields?.find((field) => field.label === "처리 기록 (3)")?.value)).toContain(
      "[채팅 금지 중이 아니었음: 바뀐 것 없음]",
    );
  });

  it("a list with an item it cannot read says so in Korean (the item's problem stays the schema's)", async () => {
    h = await startHarness({ now: () => now, emulator: { now: () => now } });
    h.emulator.faults.add({
      method: "GET",
      path: "/block_user_list",
      respond: { status: 200, body: JSON.stringify([{ gamer_id: "10003", end_time: "soon" }]) },
    });
    const bans = await korean("bans");
    expect(bans.title).toBe("채팅 금지: 0명");
    expect(bans.notices?.[0]).toMatch(/^채팅 금지 1건을 읽지 못해 표시하지 않습니다: ban of 10003/);
  });

  it("report, reports and reports --open: Korean titles, columns and notices", async () => {
    const reportId = await withCard();
    const reports = await korean("reports");
    expect(reports.title).toBe("신고: 1건");
    expect(columnsOf(reports)).toEqual([
      "#",
      "일시",
      "신고 대상",
      "신고자",
      "분류",
      "사유",
      "메시지",
    ]);
    // The report's time (the chat API's, in CHAT_TIMEZONE UTC) shown in Seoul.
    expect(readable(reports)).toContain("2026-11-23 01:42 KST");
    expectNoEnglish(readable(reports), ["SPAM"]);
    const none = await korean("reports", { gamer_id: "10003" });
    expect(none.title).toBe("ShadowFox (10003) 관련 신고: 0건");
    expect(none.table?.emptyText).toBe("ShadowFox (10003) 관련 신고가 없습니다.");
    const limited = await korean("reports", { gamer_id: "20" });
    expect(limited.notices).toContain(
      "숫자 하나만 쓰면 최대 개수(limit)로 읽습니다: 20. 플레이어 20의 관련 신고를 보려면 최대 개수도 함께 입력하십시오: reports 20 50",
    );

    const open = await korean("reports", { open: "yes" });
    expect(open.title).toBe("대기 중인 신고 카드: 1건, 우선순위 높은 순");
    expect(columnsOf(open)).toEqual(["우선순위", "#", "플레이어", "신고 수", "접수", "근거"]);
    expect(["높음", "보통", "낮음"]).toContain(open.table?.rows[0]?.priority);
    expect(open.notices).toContain(`report ${reportId} 명령어로 카드와 처리 버튼을 볼 수 있습니다`);
    // The row's why (priority.ts) is the cards area's: left out of this area's check.
    const withoutWhy = (open.table?.rows ?? []).map(({ why: _why, ...row }) => row);
    const table = open.table && { ...open.table, rows: withoutWhy };
    expectNoEnglish(readable({ ...open, table }), ["report", "chatwarden", "serve"]);

    const missing = await korean("report", { report_id: "999" });
    expect(missing.title).toBe("신고 #999 없음");
    expect(missing.description).toBe("채팅 API 목록에 이 번호의 신고가 없습니다.");
  });

  it("take, a take asked about, release and dismiss: Korean, with the take's end in KST", async () => {
    const reportId = await withCard();
    const id = String(reportId);
    const taken = await korean("take", { report_id: id });
    expect(taken.title).toBe(`신고 #${id} 담당`);
    expect(taken.description).toContain("카드에 2026-11-23 01:57 KST까지 담당 중으로 표시됩니다.");
    expectNoEnglish(readable(taken), ["take", "release"]);

    now = new Date(T0.getTime() + 2 * 60_000);
    const asked = await korean("take", { report_id: id }, ari);
    expect(asked.outcome).toBe("confirm");
    expect(question(asked)).toBe(
      `Mina (discord) 님이 2분 전에 담당한 신고 #${id}입니다. 넘겨받으시겠습니까?`,
    );
    const notHeld = await korean("take", { report_id: id, release: "yes" }, ari);
    expect(notHeld.title).toBe(`신고 #${id}의 담당자가 아닙니다`);
    expect(notHeld.description).toBe(
      "Mina (discord) 님이 담당 중입니다. 담당한 사람만 해제할 수 있습니다(2026-11-23 01:57 KST에 만료).",
    );
    const released = await korean("take", { report_id: id, release: "yes" });
    expect(released.title).toBe(`신고 #${id} 담당 해제`);
    expectNoEnglish(readable(released));

    await korean("take", { report_id: id });
    const dismissAsked = await korean("dismiss", { report_id: id }, ari);
    expect(question(dismissAsked)).toBe(
      `Mina (discord) 님이 방금 담당한 신고 #${id}입니다. 그래도 진행하시겠습니까?`,
    );
    const dismissed = await korean("dismiss", { report_id: id, reason: "오해" }, moderator);
    expect(dismissed.title).toBe(`신고 #${id} 기각`);
    expect(labelsOf(dismissed)).toEqual(["플레이어", "사유"]);
    expectNoEnglish(readable(dismissed));
  });

  it("filter: the question and the answer's source in Korean", async () => {
    const reportId = await withCard();
    h.emulator.state.putBadWords("all", ["골드"], "replace");
    const args = { report_id: String(reportId), language: "all", words: "사세요 골드" };
    const asked = await korean("filter", args, admin);
    expect(question(asked)).toBe(
      `신고 #${reportId}의 단어 1개를 all 금칙어 목록에 추가하시겠습니까? 추가할 단어: 사세요. 추가하면 플레이어가 채팅에서 이 단어를 쓸 수 없습니다. 이미 금칙어 목록에 있는 단어: 골드.`,
    );
    expectNoEnglish(question(asked), ["all"]);
    const done = await korean("filter", args, admin, { confirmed: true });
    expect(done.description).toBe(
      `MoonBlade (10004) 대상 신고 #${reportId}에서 가져온 단어입니다.`,
    );
    const nothing = await korean("filter", { ...args, words: "골드" }, admin);
    expect(nothing.title).toBe("all 금칙어 목록에 새로 추가할 단어가 없습니다");
    expect(nothing.description).toBe("이미 금칙어 목록에 있는 단어: 골드.");
  });

  it("announce: the question, an unknown channel and the answer in Korean", async () => {
    h = await startHarness({ now: () => now, emulator: { now: () => now } });
    openChannel(h.emulator, "global", "lobby", 2);
    const args = { group: "global", channel: "lobby", message: "10시에 점검합니다" };
    const asked = await korean("announce", args, admin);
    expect(question(asked)).toBe(
      'global의 lobby(채널 번호 1 및 2)에 있는 모든 플레이어에게 이 시스템 메시지를 보내시겠습니까? "10시에 점검합니다"',
    );
    expectNoEnglish(question(asked), ["global", "lobby"]);
    const unknown = await korean("announce", { ...args, channel: "lobbby" }, admin);
    expect(unknown.title).toBe("global에 lobbby 채널이 없습니다");
    expect(unknown.description).toMatch(/^global의 채널: .+\.$/);
    const sent = await korean("announce", args, admin, { confirmed: true });
    expect(sent.title).toBe("global의 lobby에 공지");
    expect(labelsOf(sent)).toEqual(["메시지", "채널 번호"]);
    expectNoEnglish(readable(sent), ["global", "lobby"]);
  });
});
