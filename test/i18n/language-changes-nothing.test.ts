// A moderator's language changes the words of an answer, never what happens: the same ban in
// Korean and in English records the same case and answers with the same data and outcome;
// only titles, labels and sentences differ, and times are shown in DISPLAY_TIMEZONE.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import { type Harness, startHarness } from "../helpers/core.js";

const KOREAN = { locale: "ko", timeZone: "Asia/Seoul" } as const;
const ENGLISH = { locale: "en", timeZone: "UTC" } as const;

describe("a ban in Korean", () => {
  let h: Harness;
  beforeAll(() => loadLocales(["ko"]));
  afterEach(() => h?.close());

  it("says it in Korean and does exactly what the English one does", async () => {
    h = await startHarness();
    await h.see("10003=ShadowFox", "10004=MoonBlade");
    const korean = await presenting(KOREAN, () =>
      h.run("ban", { gamer_id: "10003", days: "3", reason: "도배" }),
    );
    const english = await presenting(ENGLISH, () =>
      h.run("ban", { gamer_id: "10004", days: "3", reason: "도배" }),
    );
    expect(korean.title).toBe("ShadowFox (10003) 채팅 금지 3일");
    expect(english.title).toBe("Banned MoonBlade (10004) for 3 days");
    expect(korean.fields?.map((field) => field.label)).toEqual([
      "플레이어",
      "기간(일)",
      "종료",
      "누적 채팅 금지 횟수",
      "사유",
    ]);
    expect(korean.outcome).toBe(english.outcome);
    expect(Object.keys(korean.data ?? {})).toEqual(Object.keys(english.data ?? {}));
    const [first, second] = await h.core.cases.recent(10);
    expect([first?.command, second?.command]).toEqual(["ban", "ban"]);
    // The same days and reason, each for its own player.
    expect({ ...first?.args, gamer_id: "" }).toEqual({ ...second?.args, gamer_id: "" });
    expect([first?.outcome, second?.outcome]).toEqual(["success", "success"]);
  });

  it("asks its question in Korean, and a long ban is still asked about", async () => {
    h = await startHarness();
    await h.see("10003=ShadowFox");
    const question = await presenting(KOREAN, () =>
      h.run("ban", { gamer_id: "10003", days: "60" }),
    );
    expect(question.outcome).toBe("confirm");
    expect(question.description ?? question.title).toContain(
      "ShadowFox (10003)의 채팅을 60일 동안 금지하시겠습니까? 30일보다 긴 기간입니다.",
    );
  });
});
