// The lists area in Korean, on the real core against the emulator: `stats` (its figures, its
// table and its chart), `channels list` turned page by page while channels arrive, `channels
// create/delete` and `badwords list/add/remove`. A moderator reads Korean, with no English word
// of these answers left; and the language changes nothing else: the same data (`--json`), the
// same outcomes, buttons and cases as the same commands in English.
import { createCanvas, GlobalFonts, loadImage } from "@napi-rs/canvas";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Presentation, presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import { CHART_FONT_FAMILY } from "../../src/view/chart/chart-font.js";
import { pngSize } from "../../src/view/chart/png-header.js";
import { renderStatsChart, STATS_CHART_SIZE } from "../../src/view/chart/stats-chart.js";
import type { View, ViewAction } from "../../src/view/view.js";
import { admin, type Harness, moderator, startHarness, textOf } from "../helpers/core.js";
import { expectNoEnglish } from "../helpers/korean.js";
import { aKnownWeek, WEEK_END, WEEK_ZONE } from "../helpers/stats-week.js";

const KOREAN: Presentation = { locale: "ko", timeZone: "Asia/Seoul" };
const ENGLISH: Presentation = { locale: "en", timeZone: "UTC" };

/** The view's buttons as the platforms tell them apart: by kind, never by label. */
const kinds = (view: View) => (view.actions ?? []).map((action) => action.kind);

function action(view: View, kind: ViewAction["kind"], last = false): ViewAction {
  const found = (view.actions ?? []).filter((candidate) => candidate.kind === kind);
  const chosen = last ? found.at(-1) : found[0];
  if (!chosen) throw new Error(`no ${kind} action in "${view.title}"`);
  return chosen;
}

let harnesses: Harness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
  harnesses = [];
});

async function harness(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  const h = await startHarness(options);
  harnesses.push(h);
  return h;
}

beforeAll(() => loadLocales(["ko"]));

describe("stats in Korean", () => {
  it("reads in Korean, with the same figures and data as in English, and a chart in Korean", async () => {
    const clock = { now: WEEK_END };
    const h = await harness({ now: () => clock.now, config: { chatTimeZone: WEEK_ZONE } });
    await aKnownWeek(h, clock);
    const korean = await presenting(KOREAN, () => h.run("stats", {}));
    const english = await presenting(ENGLISH, () => h.run("stats", {}));

    expect(korean.title).toBe("신고 처리 통계: 최근 7일");
    expect(korean.fields?.map((field) => field.label)).toEqual([
      "시작",
      "끝",
      "받은 신고",
      "일별 신고",
      "분류별",
      "처리한 신고 카드",
      "첫 처리까지 걸린 시간",
      "현재 대기 중인 신고",
      "최장 대기 시작 시각",
      "가장 많이 신고된 플레이어",
      "기간별 채팅 금지",
      "모더레이터별 처리",
    ]);
    const text = textOf(korean);
    expect(text).toContain("처리한 신고 카드: 2건 (채팅 금지 1건, 기각 1건)");
    expect(text).toContain(
      "첫 처리까지 걸린 시간: 중앙값 2시간 0분, 90번째 백분위수 4시간 0분 (처리된 신고 5건 기준). 아직 처리되지 않은 신고 2건",
    );
    expect(text).toContain("현재 대기 중인 신고: 3건 (가장 오래된 신고 카드: 1번, 대상 p-old)");
    expect(text).toContain("가장 많이 신고된 플레이어: Bandit (p-ban): 신고 2건");
    expect(text).toContain("기간별 채팅 금지: 1일: 1건, 3일: 1건, 7일: 1건");
    expect(text).toContain("Sam (slack): 1건 (채팅 금지 0건, 기각 1건)");
    // The ban sync's own actor, stored as data, is named in the reader's words.
    expect(text).toContain("채팅 API (chatwarden 밖) (chat-api): 1건");
    expect(text).toContain("분류별: SPAM 3, CHEATING 2, (분류 없음) 1, HARASSMENT 1");
    expect(korean.table?.columns.map((column) => column.label)).toEqual([
      "날짜",
      "신고",
      "분류별",
      "처리 시간 중앙값",
      "처리 시간 90번째 백분위수",
    ]);
    expect(korean.table?.rows[2]).toEqual({
      day: "2026-11-21",
      reports: 1,
      categories: "SPAM 1",
      median: "30분 0초",
      p90: "30분 0초",
    });
    expectNoEnglish(text, [
      ...["SPAM", "CHEATING", "HARASSMENT", "Bandit", "p-ban", "p-old", "p-else", "p-wait"],
      ...["p-dis", "Mina", "Sam", "discord", "slack", "chat-api"],
      // The product's name, inside the words for the ban sync's actor (case-words.ts).
      "chatwarden",
      ...["Europe/Paris", "CHAT_TIMEZONE", "create_at", "API"],
    ]);

    // The language changes words only.
    expect(korean.data).toEqual(english.data);
    expect(korean.outcome).toBe(english.outcome);
    expect(korean.table?.rows.map((row) => [row.day, row.reports])).toEqual(
      english.table?.rows.map((row) => [row.day, row.reports]),
    );
    expect(english.title).toBe("Moderation statistics: last 7 days");

    // The chart (drawn for Discord, where the moderator asks): a PNG that decodes, in Korean.
    const image = korean.image;
    if (!image || !english.image) throw new Error("stats on Discord has a chart");
    expect(image.alt).toBe(
      "차트: 일별 신고 수(막대)와 신고부터 첫 처리까지 걸린 시간의 중앙값 및 90번째 백분위수(분, 선), 2026-11-19 ~ 2026-11-26.",
    );
    expect(pngSize(image.png)).toEqual(STATS_CHART_SIZE);
    const decoded = await loadImage(Buffer.from(image.png));
    expect([decoded.width, decoded.height]).toEqual([
      STATS_CHART_SIZE.width,
      STATS_CHART_SIZE.height,
    ]);
    expect(Buffer.from(image.png).equals(Buffer.from(english.image.png))).toBe(false);
  });

  it("draws Hangul in the chart's fonts as letters, not as missing-glyph boxes", async () => {
    // The chart above registered its fonts. A font without Hangul draws every syllable as the
    // same box: in the chart's family list each syllable must be a picture of its own, with ink.
    await presenting(KOREAN, () => renderStatsChart({ days: [] }));
    const drawn = ["신", "고", "처", "리", "분"].map((syllable) => {
      const canvas = createCanvas(40, 40);
      const context = canvas.getContext("2d");
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, 40, 40);
      context.fillStyle = "#000000";
      context.font = `28px ${CHART_FONT_FAMILY}`;
      context.fillText(syllable, 4, 32);
      const pixels = context.getImageData(0, 0, 40, 40).data;
      const ink = pixels.filter((value, index) => index % 4 === 0 && value < 128).length;
      return { ink, picture: Buffer.from(pixels).toString("base64") };
    });
    for (const { ink } of drawn) expect(ink).toBeGreaterThan(20);
    expect(new Set(drawn.map(({ picture }) => picture)).size).toBe(drawn.length);
    expect(GlobalFonts.has("ChartwardenKorean")).toBe(true);
  });
});

/**
 * A moderator's and an admin's day with channels and filtered words, in one language: a list of
 * channels turned to page 2 while a channel arrives, the groups, a channel created as the default
 * and deleted (each confirmed), a delete of nothing, words added, listed and removed.
 */
async function channelsAndWords(h: Harness, language: Presentation) {
  const as = <T>(work: () => Promise<T>) => presenting(language, work);
  const { state } = h.emulator;
  const create = (name: string, isDefault = false) =>
    state.createChannel(
      { channel_group: "global", channel_name: name, max_count: 50, is_default: isDefault },
      { at: new Date("2026-11-20T10:00:00Z") },
    );
  for (let n = 0; n < 15; n++) create(`c-${String(n).padStart(2, "0")}`, n === 0);
  const firstPage = await as(() => h.run("channels list", { group: "global" }));
  state.createChannel(
    { channel_group: "global", channel_name: "c-zz", max_count: 5, is_default: false },
    { at: new Date("2026-11-21T10:00:00Z") },
  );
  const press = (view: View, kind: ViewAction["kind"], actor = admin) =>
    as(() => h.core.runner.press(action(view, kind, kind === "page").id, actor));
  const secondPage = await press(firstPage, "page", moderator);
  const groups = await as(() => h.run("channels list"));
  const createQuestion = await as(() =>
    h.run(
      "channels create",
      { group: "global", name: "new", max_count: "9", default: "yes" },
      admin,
    ),
  );
  const created = await press(createQuestion, "confirm");
  const deleteQuestion = await as(() =>
    h.run("channels delete", { group: "global", name: "new" }, admin),
  );
  const deleted = await press(deleteQuestion, "confirm");
  const nothingQuestion = await as(() =>
    h.run("channels delete", { group: "global", name: "zzz" }, admin),
  );
  const deletedNothing = await press(nothingQuestion, "confirm");
  const added = await as(() =>
    h.run("badwords add", { language: "ko", words: "욕설, 비속어" }, admin),
  );
  const addedAgain = await as(() =>
    h.run("badwords add", { language: "ko", words: "욕설" }, admin),
  );
  const lists = await as(() => h.run("badwords list"));
  const noList = await as(() => h.run("badwords list", { language: "ja" }));
  const removeQuestion = await as(() =>
    h.run("badwords remove", { language: "ko", words: "욕설, 없는말, 두번째" }, admin),
  );
  const removed = await press(removeQuestion, "confirm");
  const removedNothing = await as(() =>
    h.run("badwords remove", { language: "ko", words: "없는말" }, admin),
  );
  return {
    firstPage,
    secondPage,
    groups,
    createQuestion,
    created,
    deleteQuestion,
    deleted,
    nothingQuestion,
    deletedNothing,
    added,
    addedAgain,
    lists,
    noList,
    removeQuestion,
    removed,
    removedNothing,
  };
}

describe("channels and badwords in Korean", () => {
  it("read in Korean, pages included, and do exactly what they do in English", async () => {
    const clock = { now: new Date("2026-11-21T12:00:00Z") };
    const options = { now: () => clock.now, emulator: { now: () => clock.now } };
    const korean = await channelsAndWords(await harness(options), KOREAN);
    const english = await channelsAndWords(await harness(options), ENGLISH);

    expect(korean.firstPage.title).toBe("global의 채널: 15개");
    expect(korean.firstPage.table?.columns.map((column) => column.label)).toEqual([
      "이름",
      "번호",
      "플레이어",
      "속성",
      "마지막 채팅",
    ]);
    expect(korean.firstPage.table?.rows[0]).toMatchObject({
      flags: "기본, 자동 확장",
      lastChat: "없음",
    });
    expect(korean.firstPage.page).toEqual({ number: 1, count: 2 });
    expect(korean.secondPage.page).toEqual({ number: 2, count: 2 });
    expect(korean.secondPage.table?.rows.map((row) => row.name)).toEqual([
      "c-10",
      "c-11",
      "c-12",
      "c-13",
      "c-14",
    ]);
    expect(korean.secondPage.notices).toContain(
      "이 목록 이후 추가된 채널 1개: 모두 보려면 channels list 명령어를 다시 실행하십시오",
    );
    expect(korean.groups.title).toBe("채널 그룹: 1개");
    expect(korean.groups.table?.columns.map((column) => column.label)).toEqual([
      "그룹",
      "채널",
      "플레이어",
    ]);
    expect(textOf(korean.createQuestion)).toContain(
      "new 채널을 global의 기본 채널로 만드시겠습니까? 현재 global의 기본 채널은 c-00이며, 그 지정은 해제됩니다.",
    );
    expect([korean.created.title, korean.created.description]).toEqual([
      "global에 new 채널을 만들었습니다",
      "c-00 채널은 이제 global의 기본 채널이 아닙니다.",
    ]);
    expect(korean.created.fields?.map((field) => [field.label, field.value])).toContainEqual([
      "기본 채널",
      "예",
    ]);
    expect(textOf(korean.deleteQuestion)).toContain(
      "global의 new 채널을 그 이름의 모든 채널 번호와 함께 삭제하시겠습니까? global의 기본 채널은 new입니다. 삭제하면 global에 기본 채널이 없게 됩니다.",
    );
    expect([korean.deleted.title, korean.deleted.description]).toEqual([
      "global의 new 채널을 삭제했습니다",
      "이제 global에 기본 채널이 없습니다.",
    ]);
    expect(korean.deletedNothing.title).toBe("global에 zzz 채널이 없습니다");
    expect(korean.added.title).toBe("ko 금칙어 목록에 단어 2개를 추가했습니다");
    expect(korean.addedAgain.title).toBe("ko 금칙어 목록에 추가된 단어가 없습니다");
    expect(korean.lists.title).toBe("금칙어 목록: 언어 2개");
    expect(korean.lists.table?.columns.map((column) => column.label)).toEqual([
      "언어",
      "단어 수",
      "목록",
    ]);
    expect(korean.noList.table?.emptyText).toBe("ja 금칙어 목록이 없습니다.");
    expect(textOf(korean.removeQuestion)).toContain(
      "ko 금칙어 목록에서 단어 1개를 삭제하시겠습니까? 삭제할 단어: 욕설. 삭제하면 플레이어가 이 단어를 채팅에 쓸 수 있게 됩니다. 금칙어 목록에 없는 단어 2개: 없는말 및 두번째.",
    );
    expect(korean.removed.title).toBe("ko 금칙어 목록에서 단어 1개를 삭제했습니다");
    expect(korean.removed.fields?.map((field) => `${field.label}: ${field.value}`)).toEqual([
      "삭제됨: 욕설",
      "목록에 없음: 없는말, 두번째",
      "현재 목록의 단어 수: 1",
    ]);
    expect(korean.removedNothing.title).toBe("ko 금칙어 목록에서 삭제된 단어가 없습니다");

    const allowed = [
      ...["global", "new", "zzz", "c-zz", "all", "ko", "ja"],
      ...Array.from({ length: 15 }, (_, n) => `c-${String(n).padStart(2, "0")}`),
      // Command words, and the chat API's name, as every Korean text writes them.
      ...["channels list", "badwords list", "API"],
    ];
    for (const [name, view] of Object.entries(korean)) {
      const shown = [
        textOf(view),
        view.table?.emptyText ?? "",
        ...(view.table?.columns ?? []).map((c) => c.label),
      ];
      expect(() => expectNoEnglish(shown.join("\n"), allowed), name).not.toThrow();
    }

    // The same data, outcomes, visibility and buttons in either language, and the same cases.
    for (const name of Object.keys(korean) as (keyof typeof korean)[]) {
      const [ko, en] = [korean[name], english[name]];
      expect([name, ko.data], name).toEqual([name, en.data]);
      expect([name, ko.outcome, ko.visibility, kinds(ko), ko.page], name).toEqual([
        name,
        en.outcome,
        en.visibility,
        kinds(en),
        en.page,
      ]);
    }
    const [koreanCases, englishCases] = await Promise.all(
      harnesses.map((h) => h.core.cases.recent(20)),
    );
    const recorded = (cases: typeof koreanCases = []) =>
      cases.map(({ command, args, outcome, target }) => ({ command, args, outcome, target }));
    expect(recorded(koreanCases)).toEqual(recorded(englishCases));
  });
});
