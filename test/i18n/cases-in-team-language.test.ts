// A case is the team's record: the words it keeps (a failure, an echo's warning, a refusal, a
// settlement at start-up) are in the team's language (CHATWARDEN_LOCALE) whoever ran the command,
// so the audit channel and the export read one language, and the same act records the same case
// in any language. The moderator's answer is still in their own.
import { hostname } from "node:os";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cardView } from "../../src/feed/report-card.js";
import { presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import { silentLogger } from "../../src/log.js";
import { caseView } from "../../src/moderation/case-view.js";
import {
  FOUND_AT_FIRST_SYNC,
  liftedEarlyReason,
  OUTSIDE_ACTOR,
} from "../../src/moderation/case-words.js";
import { type Case, CaseStore } from "../../src/moderation/cases.js";
import { settlePendingCases } from "../../src/moderation/pending-cases.js";
import { admin, type Harness, moderator, player, startHarness, textOf } from "../helpers/core.js";
import { openChannel } from "../helpers/emulator.js";
import { englishCatalogueTextIn } from "../helpers/korean.js";
import { madeReport, onNewCard } from "../helpers/stored-reports.js";

const KOREAN = { locale: "ko", timeZone: "Asia/Seoul" } as const;
const ENGLISH = { locale: "en", timeZone: "UTC" } as const;
const HANGUL = /[가-힣]/;

/** The stored case as the audit channel shows it: in the team's language. */
const audited = (entry: Case | undefined, team: typeof KOREAN | typeof ENGLISH) =>
  presenting(team, () => textOf(caseView(entry as Case)));

/** A case as the ban sync records one it finds (moderation/ban-sync.ts), read back. */
async function foundBySync(
  h: Harness,
  command: "ban" | "unban",
  target: string,
  reason: string,
  args: Record<string, unknown> = {},
): Promise<Case | undefined> {
  await h.core.cases.recordFound([
    {
      at: new Date("2026-11-22T15:00:00Z"),
      actor: OUTSIDE_ACTOR,
      command,
      target,
      args: { gamer_id: target, ...args },
      reason,
      answer: null,
      syncKey: `${command} ${target}`,
    },
  ]);
  const [found] = await h.core.cases.forTarget(target);
  return found;
}

describe("what a case keeps in words is in the team's language", () => {
  let h: Harness;
  beforeAll(() => loadLocales(["ko"]));
  afterEach(() => h?.close());

  it("a Korean moderator's failed ban on an English team: answered in Korean, recorded as an English moderator's", async () => {
    h = await startHarness();
    h.emulator.faults.add({
      method: "PUT",
      path: "/block_user_chat",
      respond: {
        status: 500,
        body: JSON.stringify({ message: "database down", code: 500100, error: true }),
      },
      times: 2,
    });
    await h.see("gamer-500", "gamer-501");
    const korean = await presenting(KOREAN, () =>
      h.run("ban", { gamer_id: "gamer-500", days: "1" }),
    );
    const english = await presenting(ENGLISH, () =>
      h.run("ban", { gamer_id: "gamer-501", days: "1" }),
    );
    expect(korean.outcome).toBe("error");
    expect(korean.description).toMatch(HANGUL);
    const [byKorean] = await h.core.cases.forTarget("gamer-500");
    const [byEnglish] = await h.core.cases.forTarget("gamer-501");
    expect(byKorean?.error).toBe(english.description);
    expect(byKorean?.error).toBe(byEnglish?.error);
    expect(audited(byKorean, ENGLISH)).toContain(`Error: ${english.description}`);
  });

  it("an English moderator's unban echoed for another player, on a Korean team: the case keeps the warning in Korean", async () => {
    h = await startHarness({ config: { locale: "ko", displayTimeZone: "Asia/Seoul" } });
    h.emulator.faults.add({
      method: "DELETE",
      path: "/block_user_chat",
      respond: { status: 200, body: JSON.stringify({ gamer_id: "gamer-43" }) },
    });
    await h.see("gamer-42");
    const view = await presenting(ENGLISH, () => h.run("unban", { gamer_id: "gamer-42" }));
    expect(view.outcome).toBe("warning");
    expect(view.description).toMatch(/^The chat API answered for gamer-43, not gamer-42/);
    const [recorded] = await h.core.cases.forTarget("gamer-42");
    const kept = (recorded?.answer as { warning?: string } | undefined)?.warning ?? "";
    expect(kept).toMatch(HANGUL);
    expect(englishCatalogueTextIn(kept)).toEqual([]);
    // What the moderator was shown (their --json too) is in their language.
    expect((view.data as { warning?: string }).warning).toBe(view.description);
  });

  it("a Korean admin's announcement on an API without system messages: the case keeps the English failure", async () => {
    h = await startHarness();
    openChannel(h.emulator, "global", "lobby");
    h.emulator.setBehaviour({ systemMessage: "absent" });
    const view = await presenting(KOREAN, () =>
      h.run("announce", { group: "global", channel: "lobby", message: "hi" }, admin, {
        confirmed: true,
      }),
    );
    expect(view.outcome).toBe("error");
    expect(view.description).toMatch(HANGUL);
    const recorded = await h.core.cases.get(view.caseNumber ?? 0);
    expect(recorded?.error).toBe(
      "This chat API does not offer system messages: it answered POST /system_message with HTTP 404. Nothing was announced.",
    );
  });

  it("a Korean admin's announcement one number refused: the API's failure in Korean in the answer, in English in the case", async () => {
    h = await startHarness();
    openChannel(h.emulator, "global", "lobby", 2);
    h.emulator.faults.add({
      method: "POST",
      path: "/system_message",
      respond: { status: 500, body: JSON.stringify({ message: "busy", code: 500100 }) },
    });
    const view = await presenting(KOREAN, () =>
      h.run("announce", { group: "global", channel: "lobby", message: "hi" }, admin, {
        confirmed: true,
      }),
    );
    expect(view.outcome).toBe("warning");
    expect(view.description).toMatch(
      /^채널 번호 1에는 전달되지 않았습니다: 채팅 API가 POST \/system_message/,
    );
    expect(englishCatalogueTextIn(view.description ?? "")).toEqual([]);
    const recorded = await h.core.cases.get(view.caseNumber ?? 0);
    const kept = recorded?.answer as { failed?: { channel_id: number; error: string }[] };
    expect(kept.failed).toEqual([
      {
        channel_id: 1,
        error: expect.stringMatching(/^The chat API answered POST \/system_message with HTTP 500/),
      },
    ]);
  });

  it("a refusal on a Korean team is recorded in Korean, whoever was refused", async () => {
    h = await startHarness({ config: { locale: "ko" } });
    const view = await presenting(ENGLISH, () =>
      h.run("ban", { gamer_id: "victim", days: "1" }, player),
    );
    expect(view.outcome).toBe("denied");
    expect(view.title).toBe("Not allowed");
    const [recorded] = await h.core.cases.forTarget("victim");
    expect(recorded).toMatchObject({ outcome: "denied", error: "모더레이터 권한 필요" });
  });

  it("a case a crash left pending is settled in the team's language", async () => {
    h = await startHarness({ config: { locale: "ko" } });
    const dead = new CaseStore(h.core.store, () => new Date(), `${hostname()}:2147483646`);
    const pending = await dead.open({
      actor: moderator,
      command: "announce",
      args: { group: "global", channel: "lobby", message: "hi" },
    });
    const [settled] = await settlePendingCases(
      h.core.cases,
      h.core.api,
      silentLogger,
      h.core.presentation,
    );
    expect(settled).toMatchObject({ number: pending.number, outcome: "unknown" });
    expect(settled?.error).toBe(
      "처리 중에 프로세스가 멈춰 시작할 때 정리했습니다: 채팅 API로는 announce 명령어의 적용 여부를 알 수 없습니다. 직접 확인하십시오",
    );
  });

  it("the ban sync's own actor and reason are data, shown in the reader's words", async () => {
    h = await startHarness();
    // As the first sync records a ban it finds (moderation/ban-sync.ts).
    const found = await foundBySync(h, "ban", "10003", FOUND_AT_FIRST_SYNC, { days: 3 });
    const text = audited(found, KOREAN);
    expect(text).toContain("채팅 API (chatwarden 밖) (chat-api)");
    expect(text).toContain("첫 동기화에서 발견");
    expect(audited(found, ENGLISH)).toContain("chat API (outside chatwarden) (chat-api)");
  });

  it("a card settled by a ban made in the vendor's console names the chat API in the reader's words", async () => {
    h = await startHarness();
    await h.core.banSync.sync();
    const cardId = await onNewCard(
      h.core,
      [madeReport(1, "10005", "SPAM", "2026-11-20 09:00:00")],
      new Date(),
    );
    h.emulator.state.ban("10005", 3);
    await h.core.banSync.sync();
    const card = await h.core.reports.card(cardId);
    if (!card) throw new Error("the card is gone");
    const assessment = { ladder: { days: 1, offence: 1, earlierBans: 0 }, priority: undefined };
    const korean = presenting(KOREAN, () => textOf(cardView(card, "UTC", assessment)));
    expect(korean).toContain("채팅 API (chatwarden 밖)");
    expect(englishCatalogueTextIn(korean)).toEqual([]);
    const english = presenting(ENGLISH, () => textOf(cardView(card, "UTC", assessment)));
    expect(english).toContain("chat API (outside chatwarden)");
  });

  it("a ban the sync found lifted early: its stored reason read in Korean, its end in the team's zone", async () => {
    h = await startHarness();
    const lifted = liftedEarlyReason(new Date("2026-11-22T16:40:00Z"));
    const found = await foundBySync(h, "unban", "10004", lifted);
    expect(found?.reason).toBe("lifted before its end (2026-11-22 16:40 UTC)");
    expect(audited(found, KOREAN)).toContain("종료 전에 해제됨 (종료 예정: 2026-11-23 01:40 KST)");
    expect(audited(found, ENGLISH)).toContain("lifted before its end (2026-11-22 16:40 UTC)");
  });
});
