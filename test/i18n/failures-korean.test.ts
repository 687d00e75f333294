// Why something could not be done, in Korean (issue 24, area "failures"), on the real parts: a
// store that refuses every write (as a read-only disk does) answered through the runner, a lock
// held by another process, PostgreSQL that cannot be reached, chatwarden backup's refusals at a
// Korean terminal, the chat API's echo that differs
// inside an unban's warning, and Slack's store-down answer, given before bolt, in the language
// already known for the user (else the team's). No English text of the catalogue is left in them.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CommandLineFailure } from "../../adapters/console/failure.js";
import { runBackupCommand } from "../../app/backup-command.js";
import { defineCommand } from "../../src/catalogue/command.js";
import { text } from "../../src/catalogue/wording.js";
import { parseConfig } from "../../src/config.js";
import { type Presentation, presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import { openPostgresStore } from "../../src/store/postgres/open-postgres.js";
import { openSqliteStore, SqliteStore } from "../../src/store/sqlite/open-sqlite.js";
import type { Store } from "../../src/store/store.js";
import { StoreUnavailableError } from "../../src/store/store-failure.js";
import { StoreLock } from "../../src/store/store-lock.js";
import type { View } from "../../src/view/view.js";
import { type SlackHarness, startSlackHarness, textsOf } from "../adapters/slack/harness.js";
import { admin, type Harness, moderator, startHarness, textOf } from "../helpers/core.js";
import { englishCatalogueTextIn } from "../helpers/korean.js";

const KOREAN: Presentation = { locale: "ko", timeZone: "Asia/Seoul" };
const HANGUL = /[가-힣]/;

/** The harness's SQLite store refusing every write, as on a read-only disk, while `work` runs. */
async function readOnly<T>(store: Store, work: () => Promise<T>): Promise<T> {
  // Permission bits would not stop root; SQLite's query_only refuses writes whoever runs it.
  if (!(store instanceof SqliteStore)) throw new Error("the harness's store is SQLite");
  store.sqlite.pragma("query_only = ON");
  try {
    return await work();
  } finally {
    store.sqlite.pragma("query_only = OFF");
  }
}

/**
 * A command that edits the ko-kr word list of `store()` under a lock as badwords does (its
 * wording as the core names it), giving up at once where the core's waits a minute.
 */
function lockedEdit(store: () => Store) {
  return defineCommand({
    name: "lockededit",
    summary: "Edits a word list another process holds",
    args: {},
    role: "moderator",
    mutates: false,
    handle: async () => {
      const lock = new StoreLock(
        store(),
        "word-list",
        (language) => text("failures.lock.wordList", { language }),
        { leaseMs: 60_000, waitMs: 0, retryMs: 5 },
      );
      return lock.run("ko-kr", async () => ({
        outcome: "success" as const,
        title: "never",
        visibility: "private" as const,
      }));
    },
  });
}

/**
 * A mutating command whose action succeeds while the store starts refusing writes (as a disk
 * turning read-only does): its case was opened, and cannot be completed.
 */
function storeFailsMidway(store: () => Store) {
  return defineCommand({
    name: "midway",
    summary: "Acts while the store turns read-only",
    args: {},
    role: "moderator",
    mutates: true,
    handle: async () => {
      const midway = store();
      if (!(midway instanceof SqliteStore)) throw new Error("the harness's store is SQLite");
      midway.sqlite.pragma("query_only = ON");
      return { outcome: "success" as const, title: "done", visibility: "private" as const };
    },
  });
}

describe("the store's failures in Korean, through the runner", () => {
  let h: Harness;
  const korean = <T>(work: () => Promise<T>) => presenting(KOREAN, work);

  beforeAll(async () => {
    await loadLocales(["ko"]);
    h = await startHarness({
      extraCommands: [lockedEdit(() => h.core.store), storeFailsMidway(() => h.core.store)],
    });
    await h.see("10003=ShadowFox");
  });
  afterAll(() => h.close());

  it("a ban whose case cannot be recorded says why in Korean, and bans nobody", async () => {
    const bansBefore = h.callsTo("PUT", "/block_user_chat");
    const view = await readOnly(h.core.store, () =>
      korean(() => h.run("ban", { gamer_id: "10003", days: "1" })),
    );
    expect(view.outcome).toBe("error");
    const read = textOf(view);
    expect(read).toContain("이 사용자에게 읽기 전용입니다");
    expect(read).toContain(`DATA_DIR 폴더(${h.dataDir})`);
    expect(englishCatalogueTextIn(read)).toEqual([]);
    expect(h.callsTo("PUT", "/block_user_chat")).toBe(bansBefore);
  });

  it("an action whose case cannot be completed says so in Korean, the store's failure too", async () => {
    let view: View;
    try {
      view = await korean(() => h.run("midway"));
    } finally {
      // The handler turned the store read-only.
      (h.core.store as SqliteStore).sqlite.pragma("query_only = OFF");
    }
    expect(view.title, textOf(view)).toBe("done");
    const notice = view.notices?.at(-1) ?? "";
    expect(notice).toMatch(/^채팅 API에서 처리했지만 처리 기록을 남기지 못했습니다: /);
    expect(notice).toContain("읽기 전용입니다");
    expect(englishCatalogueTextIn(notice)).toEqual([]);
  });

  it("a confirmation pressed while the store refuses is the store-down answer in Korean", async () => {
    const question = await korean(() => h.run("ban", { gamer_id: "10003", days: "60" }));
    const confirm = question.actions?.find((action) => action.kind === "confirm");
    if (!confirm) throw new Error("the long ban asks for a confirmation");
    const answer = await readOnly(h.core.store, () =>
      korean(() => h.core.runner.press(confirm.id, moderator)),
    );
    const read = textOf(answer);
    expect(answer.title).toMatch(HANGUL);
    expect(read).toContain("지금은 chatwarden이 아무것도 기록할 수 없습니다: DATA_DIR 폴더(");
    expect(read).toContain("읽기 전용입니다");
    expect(englishCatalogueTextIn(read)).toEqual([]);
  });

  it("a word list locked by another process is named in Korean; the log's message stays English", async () => {
    await h.core.store.db
      .insertInto("locks")
      .values({
        name: "word-list:ko-kr",
        // A process on another host: alive as far as this one can tell.
        owner: "replica-b.example:42:0d0e0f",
        lease_until: Date.now() + 60_000,
      })
      .execute();
    try {
      const view = await korean(() => h.run("lockededit"));
      expect(view.outcome).toBe("error");
      expect(view.description).toBe(
        "ko-kr 금칙어 목록: 다른 chatwarden 프로세스가 0초 넘게 편집하고 있습니다. 다시 시도하십시오",
      );
      expect(englishCatalogueTextIn(textOf(view))).toEqual([]);
    } finally {
      await h.core.store.db.deleteFrom("locks").execute();
    }
  });
});

describe("PostgreSQL that cannot be reached, in Korean", () => {
  it("says where and what to do in the reader's language; the error's message stays English", async () => {
    // Port 1 on this host: nothing listens, the connection is refused at once.
    const opening = openPostgresStore("postgres://chatwarden:secret@127.0.0.1:1/chatwarden");
    const error = await opening.catch((failure: unknown) => failure);
    if (!(error instanceof StoreUnavailableError)) throw error;
    expect(error.message).toBe(
      "the PostgreSQL store 127.0.0.1:1/chatwarden (DATABASE_URL) cannot be reached (ECONNREFUSED): check the host and port, and that the server runs",
    );
    const shown = presenting(KOREAN, () => error.shown());
    expect(shown).toBe(
      "PostgreSQL 저장소(127.0.0.1:1/chatwarden, DATABASE_URL)에 연결할 수 없습니다(ECONNREFUSED): 호스트와 포트, 서버가 실행 중인지 확인하십시오",
    );
    expect(shown).not.toContain("secret");
  });
});

describe("chatwarden backup's refusals, in the terminal's Korean", () => {
  let folder: string;
  let dataDir: string;
  beforeAll(async () => {
    await loadLocales(["ko"]);
    folder = mkdtempSync(join(tmpdir(), "chatwarden-failures-"));
    dataDir = join(folder, "data");
    openSqliteStore(dataDir).sqlite.close();
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The line `chatwarden backup ARGS` ends with, at a Korean terminal. */
  async function refusal(args: string[], env: Record<string, string> = {}): Promise<string> {
    const config = parseConfig({ DATA_DIR: dataDir, ...env });
    const run = presenting(KOREAN, () => runBackupCommand(args, config, new PassThrough()));
    const failure = await run.then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(failure instanceof CommandLineFailure)) throw new Error("the backup was not refused");
    return failure.message;
  }

  it("names a folder that does not exist and a file already there in Korean", async () => {
    const missing = join(folder, "nowhere");
    expect(await refusal([join(missing, "copy.sqlite")])).toBe(
      `${missing} 폴더가 없습니다: 먼저 만드십시오`,
    );
    const taken = join(folder, "taken.sqlite");
    writeFileSync(taken, "");
    expect(await refusal([taken])).toBe(
      `${taken} 파일이 이미 있습니다: 덮어쓰려면 --force를 붙이십시오`,
    );
  });

  it("tells a PostgreSQL operator to use pg_dump, in Korean", async () => {
    const line = await refusal(["copy.sqlite"], {
      DATABASE_URL: "postgres://chatwarden@127.0.0.1:1/chatwarden",
    });
    expect(line).toMatch(HANGUL);
    expect(line).toContain('pg_dump "$DATABASE_URL" > file');
    expect(englishCatalogueTextIn(line)).toEqual([]);
  });
});

describe("the chat API's echo that differs, in Korean", () => {
  let h: Harness;
  beforeAll(async () => {
    await loadLocales(["ko"]);
    h = await startHarness();
    await h.see("10003=ShadowFox", "10004=MoonBlade");
  });
  afterEach(() => h.emulator.faults.clear());
  afterAll(() => h.close());

  it("an unban echoed for another player warns in Korean, values quoted as the chat API gave them", async () => {
    await h.run("ban", { gamer_id: "10003", days: "2" });
    h.emulator.faults.add({
      method: "DELETE",
      path: "/block_user_chat",
      respond: { status: 200, body: JSON.stringify({ gamer_id: "10004" }) },
    });
    const view = await presenting(KOREAN, () => h.run("unban", { gamer_id: "10003" }));
    expect(view.outcome).toBe("warning");
    expect(view.description).toBe(
      "채팅 API가 요청과 다르게 응답했습니다(플레이어 10003 대신 10004): 다시 시도하기 전에 채팅 금지 목록(bans)을 확인하십시오",
    );
    expect(englishCatalogueTextIn(textOf(view))).toEqual([]);
  });

  it("a word list echoed with other words names them in Korean, the first five and how many more", async () => {
    const others = ["가", "나", "다", "라", "마", "바", "사"];
    h.emulator.faults.add({
      method: "PUT",
      path: "/bad_word_list",
      respond: { status: 200, body: JSON.stringify({ language: "ko-kr", filters: others }) },
    });
    const view = await presenting(KOREAN, () =>
      h.run("badwords add", { language: "ko-kr", words: ["에코"] }, admin),
    );
    expect(view.outcome).toBe("warning");
    expect(view.notices?.[0]).toBe(
      "채팅 API가 요청과 다르게 응답했습니다(금칙어 목록이 다름 - 빠짐: 에코 / 추가됨: 가, 나, 다, 라, 마 외 2개): 다시 시도하기 전에 badwords list로 목록을 확인하십시오",
    );
    expect(englishCatalogueTextIn(textOf(view))).toEqual([]);
  });
});

describe("Slack's store-down answer, given before bolt", () => {
  const jisoo = { id: "U0JISOO", name: "jisoo" };
  const minho = { id: "U0MINHO", name: "minho" };
  const sam = { id: "U0SAM", name: "sam" };
  const usersInfoCalls = (s: SlackHarness, userId: string) =>
    s.fake.api.callsTo("users.info").filter((call) => call.args.user === userId).length;
  const answerText = async (s: SlackHarness, user: typeof jisoo) => {
    const sent = await readOnly(s.core.core.store, async () => {
      const delivered = await s.driver.slash(user, "/ban", "10003 1");
      // The answer is posted after the ack; waited for while the store still refuses.
      await s.answer(delivered);
      return delivered;
    });
    return textsOf((await s.answer(sent)).body).join("\n");
  };

  describe("in a team that reads English", () => {
    let s: SlackHarness;
    beforeAll(async () => {
      await loadLocales(["ko"]);
      s = await startSlackHarness({
        mode: "http",
        roles: { moderatorUserIds: [jisoo.id, minho.id], adminUserIds: [] },
      });
      s.fake.api.members.set({ ...jisoo, locale: "ko-KR" });
      s.fake.api.members.set({ ...minho, locale: "ko-KR" });
      await s.core.see("10003=ShadowFox");
      // Jisoo's language is learnt by a command answered as usual.
      const bans = await s.driver.slash(jisoo, "/bans", "");
      await s.answer(bans);
    });
    afterAll(() => s.close());

    it("answers a user whose ko-KR is already known in Korean, without asking Slack again", async () => {
      const asked = usersInfoCalls(s, jisoo.id);
      expect(asked).toBe(1);
      const answer = await answerText(s, jisoo);
      expect(answer).toContain("지금은 chatwarden이 아무것도 기록할 수 없습니다: DATA_DIR 폴더(");
      expect(answer).toContain("읽기 전용입니다");
      expect(englishCatalogueTextIn(answer)).toEqual([]);
      expect(usersInfoCalls(s, jisoo.id)).toBe(asked);
    });

    it("answers a user not known yet in the team's English, and does not wait for users.info", async () => {
      const answer = await answerText(s, minho);
      expect(answer).toContain("chatwarden cannot record anything right now: DATA_DIR (");
      expect(answer).toContain("is read-only for this user");
      expect(usersInfoCalls(s, minho.id)).toBe(0);
    });
  });

  describe("in a team that reads Korean", () => {
    let s: SlackHarness;
    beforeAll(async () => {
      await loadLocales(["ko"]);
      s = await startSlackHarness({
        mode: "http",
        roles: { moderatorUserIds: [sam.id], adminUserIds: [] },
        presentation: KOREAN,
      });
      s.fake.api.members.set({ ...sam, locale: "en-US" });
    });
    afterAll(() => s.close());

    it("answers a user not known yet in the team's Korean", async () => {
      const answer = await answerText(s, sam);
      expect(answer).toContain("지금은 chatwarden이 아무것도 기록할 수 없습니다: DATA_DIR 폴더(");
      expect(englishCatalogueTextIn(answer)).toEqual([]);
      expect(usersInfoCalls(s, sam.id)).toBe(0);
    });
  });
});
