// What the catalogue says in Korean, through the real runner against the emulator: help (its
// table fitted to a 160-column console, Korean taking two columns a character), a usage error,
// a refusal, a confirmation question and its Cancel, a command line that cannot be read, and a
// failure of the chat API. No English is left but what a moderator types: command words, option
// names, players and ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWideTextWidths } from "../../adapters/console/display-width.js";
import { renderView } from "../../adapters/console/render.js";
import { booleanArgument } from "../../src/catalogue/arguments.js";
import { parseCommandText } from "../../src/catalogue/text-parser.js";
import { ChatApiHttpError, ChatApiTimeoutError } from "../../src/chat-api/errors.js";
import { presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import { storeDownView } from "../../src/moderation/store-down-view.js";
import { admin, type Harness, moderator, player, startHarness, textOf } from "../helpers/core.js";
import { expectNoEnglish as expectNoEnglishWords } from "../helpers/korean.js";

const KOREAN = { locale: "ko", timeZone: "Asia/Seoul" } as const;
const inKorean = <T>(work: () => T): T => presenting(KOREAN, work);

let h: Harness;
/** What a moderator types, which stays as typed: every command word and argument name. */
let typed: Set<string>;

beforeAll(async () => {
  await loadLocales(["ko"]);
  await loadWideTextWidths();
  h = await startHarness();
  await h.see("10003=ShadowFox");
  const { all } = h.core.runner.catalogue;
  typed = new Set([
    ...all.flatMap((command) => command.name.split(" ")),
    ...all.flatMap((command) => Object.keys(command.args)),
  ]);
});
afterAll(() => h?.close());

/** No English word but those allowed: what a moderator types, chatwarden, names, ids. */
const expectNoEnglish = (text: string, allowed: readonly string[] = []) =>
  expectNoEnglishWords(text, [...typed, "chatwarden", ...allowed]);

describe("the catalogue in Korean", () => {
  it("lists the commands in Korean, each summary whole in a 160-column console", async () => {
    const help = await inKorean(() => h.run("help", {}, moderator));
    expect(help.title).toBe("chatwarden 명령어");
    expect(help.table?.columns.map((column) => column.label)).toEqual([
      "명령어",
      "하는 일",
      "권한",
    ]);
    const ban = help.table?.rows.find((row) => String(row.usage).startsWith("ban "));
    expect(ban).toMatchObject({ summary: "플레이어의 채팅을 며칠 동안 금지", role: "모더레이터" });
    const create = help.table?.rows.find((row) => String(row.usage).startsWith("channels create"));
    expect(create?.role).toBe("관리자 (권한 없음)");
    expect(help.notices).toEqual(["help <명령어>로 명령어 하나를 예시와 함께 설명합니다."]);
    // R is the usage's placeholder for the reason (ban <gamer_id> <days> [--reason R]).
    expectNoEnglish(textOf(help));

    const shown = inKorean(() => renderView(help, { width: 160 }));
    for (const row of help.table?.rows ?? []) expect(shown).toContain(String(row.summary));
  });

  it("explains one command in Korean", async () => {
    const explained = await inKorean(() => h.run("help", { command: "ban" }, moderator));
    expect(explained.title).toBe("ban 도움말");
    const lines = explained.fields?.[0]?.value.toString().split("\n") ?? [];
    expect(lines[0]).toBe("플레이어의 채팅을 며칠 동안 금지. 권한: 모더레이터.");
    expect(lines[1]).toBe(
      "gamer_id: 채팅을 금지할 플레이어: gamer_id, 또는 봇이 본 플레이어 이름, 예: gamer-42",
    );
    expect(lines[3]).toBe(
      "reason (선택): 사유, 처리 기록과 감사 채널에 남음, 예: spam in global chat",
    );
    // gamer-42 is the example id, typed as it is.
    expectNoEnglish(lines.slice(0, 3).join("\n"), ["gamer"]);
  });

  it("says what an argument needs when it is missing or wrong", async () => {
    const missing = await inKorean(() => h.run("ban", { gamer_id: "10003" }));
    expect(missing.title).toBe("ban의 인자가 올바르지 않습니다");
    expect(missing.description).toBe(
      "days 값을 입력해야 합니다: 채팅 금지 기간(일), 1~3650 (3, 3일, 3d, 2주, 2w), 예: 7d (사용법: ban <gamer_id> <days> [--reason R])",
    );
    const wrong = await inKorean(() => h.run("ban", { gamer_id: "10003", days: "soon" }));
    expect(wrong.description).toBe(
      "days는 1~3650일이어야 합니다: 3, 3일, 3d, 2주, 2w처럼 입력하십시오",
    );
    expectNoEnglish(`${missing.title} ${missing.description} ${wrong.description}`);
  });

  it("refuses a player's command in Korean", async () => {
    const denied = await inKorean(() => h.run("ban", { gamer_id: "10003", days: "3" }, player));
    expect(denied.title).toBe("권한 없음");
    expect(denied.description).toBe(
      "ban에는 모더레이터 권한이 필요한데, Random 님은 모더레이터도 관리자도 아닙니다.",
    );
    expectNoEnglish(textOf(denied), ["Random"]);
  });

  it("asks before acting on a player never seen, and Cancel says nothing changed", async () => {
    const question = await inKorean(() => h.run("unban", { gamer_id: "gamer-77" }));
    expect(question.outcome).toBe("confirm");
    expect(question.title).toBe("확인해 주십시오");
    expect(question.description).toBe(
      "gamer-77 플레이어는 신고, 채널, 채팅 금지에 나온 적이 없습니다. 그래도 unban 명령어를 실행하시겠습니까? 이 질문은 60초 후 만료됩니다.",
    );
    expect(question.actions?.map((action) => action.label)).toEqual(["확인", "취소"]);
    expectNoEnglish(textOf(question), ["gamer"]);
    const cancelled = await inKorean(() => h.press(question, "취소"));
    expect(cancelled.title).toBe("취소됨");
    expect(cancelled.description).toBe("unban 명령어를 실행하지 않았습니다. 바뀐 것은 없습니다.");
  });

  it("says in Korean what it cannot read of a typed command line", () => {
    const { catalogue } = h.core.runner;
    const read = (line: string) => {
      const parsed = inKorean(() => parseCommandText(line, catalogue));
      return parsed.ok ? "" : parsed.message;
    };
    expect(read("ban 10003 3 --bogus")).toBe(
      "ban에는 --bogus 옵션이 없습니다 (사용법: ban <gamer_id> <days> [--reason R])",
    );
    expect(read("bnas")).toMatch(/^"bnas" 명령어는 없습니다 \(비슷한 명령어: bans\)\. 명령어: /);
    expect(read("channels lsit")).toBe(
      'channels에는 "lsit" 하위 명령어가 없습니다 (비슷한 명령어: list). create, delete, list 중 하나를 고르십시오.',
    );
    expect(read('badwords add ko-kr "gold')).toMatch(/^2\d번째 문자의 따옴표가 닫히지 않았습니다/);
    for (const line of [
      "ban 10003 3 --bogus",
      "bnas",
      "channels lsit",
      'badwords add ko-kr "gold',
    ]) {
      expectNoEnglish(read(line), ["bogus", "bnas", "lsit", "gold"]);
    }
  });

  it("reports the chat API's and the store's failures in Korean, and logs stay English", () => {
    const call = { method: "POST", path: "/chat/v1/block", isWrite: true };
    const timeout = new ChatApiTimeoutError(call, 5000);
    expect(inKorean(() => timeout.shown())).toBe(
      "채팅 API가 5초 안에 POST /chat/v1/block에 응답하지 않았습니다. 변경이 적용되었을 수 있으니 다시 시도하기 전에 확인하십시오",
    );
    expect(timeout.message).toBe(
      "The chat API did not answer POST /chat/v1/block within 5 s; the change may have been applied, check before trying again",
    );
    const refused = new ChatApiHttpError({ ...call, isWrite: false }, 400, 400101, "bad gamer");
    expect(inKorean(() => refused.shown())).toBe(
      "채팅 API가 POST /chat/v1/block에 HTTP 400 상태로 응답했습니다: bad gamer (400101)",
    );
    const down = inKorean(() => storeDownView("디스크가 가득 찼습니다"));
    expect(down.title).toBe("아무것도 하지 않았습니다");
    expectNoEnglish(`${down.title} ${down.description}`);
  });

  it("takes 예 and 아니오 for a yes-or-no argument, as at a question", () => {
    const { schema } = booleanArgument("default", "whether");
    expect([schema.parse("예"), schema.parse("아니오"), schema.parse("yes")]).toEqual([
      true,
      false,
      true,
    ]);
    const refused = inKorean(() => schema.safeParse("글쎄"));
    expect(refused.error?.issues[0]?.message).toBe("default 값은 예 또는 아니오여야 합니다");
  });

  it("an admin's help shows no (not you)", async () => {
    const help = await inKorean(() => h.run("help", {}, admin));
    expect(help.table?.rows.every((row) => !String(row.role).includes("권한 없음"))).toBe(true);
  });
});
