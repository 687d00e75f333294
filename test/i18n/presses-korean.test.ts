// A press of a question's, a choice's or a page's button that does nothing, in Korean: someone
// else's button, one already answered, one expired, one never known. The English is
// test/store/contract/pending-actions.test.ts's.
import { beforeAll, describe, expect, it } from "vitest";
import { presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import { type Decision, PendingActions } from "../../src/moderation/actions.js";
import type { Actor } from "../../src/moderation/roles.js";
import { expectNoCatalogueEnglish } from "../helpers/korean.js";
import { openTestStore } from "../helpers/stores.js";

const KOREAN = { locale: "ko", timeZone: "Asia/Seoul" } as const;
const mina: Actor = { platform: "discord", id: "100", displayName: "Mina", role: "moderator" };
const ari: Actor = { platform: "slack", id: "U0ARI", displayName: "Ari", role: "admin" };
const ttl = (kind: "question" | "page") => (kind === "question" ? 60_000 : 900_000);
const BAN = { command: "ban", args: { gamer_id: "gamer-42", days: "40" } };

/** The refusal's title and description, pressed in Korean. */
async function refusal(press: () => Promise<Decision>): Promise<string[]> {
  const decision = await presenting(KOREAN, press);
  if (decision.kind !== "refused") throw new Error(`the press ran ${decision.kind}`);
  const { title, description = "" } = decision.view;
  expectNoCatalogueEnglish(`${title}\n${description}`);
  return [title, description];
}

describe("a button press that does nothing, in Korean", () => {
  beforeAll(() => loadLocales(["ko"]));

  it("names whose button it is, who answered first, and how long it was valid", async () => {
    const { store } = await openTestStore("sqlite");
    let now = 1_000;
    const actions = new PendingActions(store, () => now);
    const { confirm, cancel } = await actions.ask(mina, BAN, 60_000);
    expect(await refusal(() => actions.take(cancel, ari, ttl))).toEqual([
      "다른 사람의 버튼",
      "이 확인 버튼은 Mina 님만 쓸 수 있습니다.",
    ]);
    await actions.take(confirm, mina, ttl);
    expect(await refusal(() => actions.take(cancel, mina, ttl))).toEqual([
      "이미 결정됨",
      "이 확인에는 Mina 님이 이미 답했습니다.",
    ]);
    const page = await actions.page(mina, { command: "bans", args: {}, page: 2 }, 900_000);
    now += 900_001;
    expect(await refusal(() => actions.take(page, mina, ttl))).toEqual([
      "만료된 선택",
      "이 페이지 버튼은 900초 동안만 쓸 수 있었습니다. 명령어를 다시 실행하십시오.",
    ]);
    expect(await refusal(() => actions.take("cw:confirm:AAAAAAAAAAAAAAAA", mina, ttl))).toEqual([
      "만료된 선택",
      "더 이상 알 수 없는 버튼입니다(오래전에 만료되었거나 chatwarden의 버튼이 아닙니다). 명령어를 다시 실행하십시오.",
    ]);
  });
});
