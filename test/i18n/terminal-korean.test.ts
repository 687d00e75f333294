// A moderator's day at the console in Korean (LANG=ko_KR.UTF-8): the console's own words (its
// welcome, prompts, hints, errors, pages, times and the feed's news) are Korean, what a command
// does is what it does in English, and tables stay aligned with Korean (double-width) names.
// The REPL runs in-process over plain streams, against a real core and the emulator, in the
// presentation the terminal gets from LANG. The answers' own words (the ban's title, the table
// headers, the buttons) belong to other areas; this checks the console's.

import { PassThrough } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { displayWidth, loadWideTextWidths } from "../../adapters/console/display-width.js";
import { runRepl } from "../../adapters/console/repl.js";
import { terminalPresentation } from "../../adapters/console/terminal-presentation.js";
import { cardAnnouncements } from "../../app/demo.js";
import { doctorChecks } from "../../app/doctor/checks.js";
import { doctorJson, doctorText } from "../../app/doctor/report.js";
import { parseConfig } from "../../src/config.js";
import { terminal as englishTexts } from "../../src/i18n/messages/en/terminal.js";
import { presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import { silentLogger } from "../../src/log.js";
import { closedPort } from "../app/doctor/closed-port.js";
import { type Harness, startHarness } from "../helpers/core.js";
import { TEST_TOKEN } from "../helpers/emulator.js";
import { startAdapterFeed } from "../helpers/feed.js";
import { expectNoCatalogueEnglish } from "../helpers/korean.js";

/** The terminal of a Korean moderator: no CHATWARDEN_LOCALE, LANG says Korean. */
const KOREAN_TERMINAL = terminalPresentation(
  { locale: undefined, displayTimeZone: "Asia/Seoul" },
  { LANG: "ko_KR.UTF-8" },
);
const PROMPT_AT_END = /(chatwarden|1(-\d+)? (중 )?선택 \(Enter: 건너뛰기\))> $/;
const WAIT = { timeout: 5_000, interval: 10 };

class KoreanConsole {
  readonly input = new PassThrough();
  readonly output = new PassThrough();
  text = "";
  readonly ended: Promise<void>;

  constructor(h: Harness) {
    this.output.setEncoding("utf8");
    this.output.on("data", (chunk: string) => {
      this.text += chunk;
    });
    this.ended = presenting(KOREAN_TERMINAL, () =>
      runRepl({
        runner: h.core.runner,
        input: this.input,
        output: this.output,
        announcements: cardAnnouncements(h.core),
      }),
    );
  }

  get screen(): string {
    return stripVTControlCharacters(this.text);
  }

  async shows(text: string): Promise<void> {
    await vi.waitFor(() => expect(this.screen).toContain(text), WAIT);
  }

  async prompted(): Promise<void> {
    await vi.waitFor(() => expect(this.screen).toMatch(PROMPT_AT_END), WAIT);
  }

  get prompt(): string {
    return PROMPT_AT_END.exec(this.text)?.[0] ?? "";
  }

  /** Types a line and returns the console's answer, up to (without) the prompt that follows. */
  async enter(line: string): Promise<string> {
    await this.prompted();
    const from = this.text.length;
    this.input.write(`${line}\n`);
    let answer = "";
    await vi.waitFor(() => {
      answer = this.text.slice(from);
      expect(answer).toMatch(PROMPT_AT_END);
    }, WAIT);
    return answer.replace(PROMPT_AT_END, "");
  }

  async close(): Promise<void> {
    this.input.end();
    await this.ended;
  }
}

/**
 * The English a terminal text is made of, without its placeholders: runs of 3+ words of the
 * English catalogue ("Enter to skip", "nothing was done"), none of which may show in Korean.
 */
const ENGLISH_PHRASES = [
  ...new Set(
    Object.values(englishTexts).flatMap((text) =>
      text
        .replace(/\{[^{}]*\}/g, "|")
        .split(/[|\n:;,.()[\]"?]/)
        .map((part) => part.trim())
        .filter((part) => /^[A-Za-z]+( [A-Za-z]+){2,}$/.test(part)),
    ),
  ),
];

function expectNoTerminalEnglish(shown: string): void {
  // The phrases are the catalogue's: the check cannot pass for want of any.
  expect(ENGLISH_PHRASES).toEqual(expect.arrayContaining(["nothing was done", "Enter to skip"]));
  // A doctor line's check name ("chat API token") is a name scripts read, as in --json: kept.
  const text = shown.replace(/^([✓✗-]) \S.*?(?= {2,})/gm, "$1");
  const found = ENGLISH_PHRASES.filter((phrase) => text.includes(phrase));
  expect(found, text).toEqual([]);
  // And no text of the whole catalogue (the answers', the cards', the runner's) in English.
  expectNoCatalogueEnglish(text);
}

/**
 * Each row's cells start where its header's do, in terminal columns: a Korean name counted by
 * its length would push every column after it left.
 */
function expectAligned(table: string[]): void {
  const [header = "", rule = "", ...rows] = table;
  const starts = [...rule.matchAll(/─+/g)].map((match) => match.index ?? 0);
  expect(starts.length).toBeGreaterThan(1);
  expect(rows.length).toBeGreaterThan(0);
  for (const line of [header, ...rows]) {
    const columns = columnsOf(line);
    // A row ends where its last filled cell does (an empty cell at the end is trimmed).
    for (const start of starts.slice(1).filter((start) => start < columns.length)) {
      // The two columns before a cell are the gap; the cell itself begins right there.
      expect(columns.slice(start - 2, start).join(""), `${line}\n(column ${start})`).toBe("  ");
      expect(columns[start], `${line}\n(column ${start})`).not.toBe(" ");
    }
  }
}

/** The line as the terminal's columns: a double-width character fills two. */
function columnsOf(line: string): string[] {
  const columns: string[] = [];
  for (const char of line) {
    columns.push(char);
    if (displayWidth(char) === 2) columns.push("");
  }
  return columns;
}

/** The lines of a table in an answer: its header line, the rule under it, its rows. */
function tableIn(answer: string): string[] {
  const lines = answer.split("\n");
  const rule = lines.findIndex((line) => /^ +─+( +─+)+$/.test(line));
  const rows = lines.slice(rule + 1).filter((line) => /^ +\S/.test(line) && /\(\d+\)/.test(line));
  return [lines[rule - 1] ?? "", lines[rule] ?? "", ...rows];
}

let h: Harness;
let console_: KoreanConsole;
beforeAll(async () => {
  await loadLocales(["ko"]);
  await loadWideTextWidths();
});
beforeEach(async () => {
  h = await startHarness();
  console_ = new KoreanConsole(h);
});
afterEach(async () => {
  await console_.close();
  await h.close();
});

describe("the console in Korean (LANG=ko_KR.UTF-8)", () => {
  it("speaks Korean because LANG says so, unless CHATWARDEN_LOCALE or LC_ALL say otherwise", () => {
    expect(KOREAN_TERMINAL).toEqual({ locale: "ko", timeZone: "Asia/Seoul" });
    const zone = { displayTimeZone: "UTC" };
    expect(terminalPresentation({ ...zone, locale: "en" }, { LANG: "ko_KR.UTF-8" }).locale).toBe(
      "en",
    );
    const posix = { LC_ALL: "en_US.UTF-8", LANG: "ko_KR.UTF-8" };
    expect(terminalPresentation({ ...zone, locale: undefined }, posix).locale).toBe("en");
  });

  it("a ban asked about, a wrong answer, then 예: Korean prompts and hints, and the ban done", async () => {
    await console_.shows(
      "chatwarden 콘솔: help를 입력하면 명령어 목록을 볼 수 있습니다. Tab으로 자동 완성하고, exit로 나갑니다.",
    );
    await h.see("10003=달빛기사");
    const question = await console_.enter("ban 10003 400");
    expect(question).toContain("달빛기사 (10003)의 채팅을 400일 동안 금지하시겠습니까?");
    expect(console_.prompt).toBe("1-2 중 선택 (Enter: 건너뛰기)> ");

    const wrong = await console_.enter("5");
    expect(wrong).toContain(
      "✖ 5번 선택지는 없습니다. 1부터 2 사이의 번호를 고르거나 예/아니오로 답하거나 Enter로 건너뛰십시오.",
    );
    const stray = await console_.enter("아마도");
    expect(stray).toContain('"아마도": 선택지도 명령어도 아닙니다.');
    expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);

    const done = await console_.enter("예");
    expect(done).toContain("달빛기사 (10003) 채팅 금지 400일");
    // The end of the ban in the team's zone, and how far off it is in Korean.
    expect(done).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d KST \(\d+년 후\)/);
    expect(h.callsTo("PUT", "/block_user_chat")).toBe(1);
    expect(console_.prompt).toBe("chatwarden> ");
    expectNoTerminalEnglish(console_.screen);
  });

  it("a list with pages: Korean page lines and refusals, a table aligned with Korean names", async () => {
    for (let i = 0; i < 25; i++) {
      const gamerId = `${20100 + i}`;
      h.emulator.state.ban(gamerId, 3 + i);
      await h.see(`${gamerId}=${i % 2 === 0 ? `하늘바라기${i}` : `Rider${i}`}`);
    }
    const first = await console_.enter("bans");
    expect(first).toContain("3페이지 중 1페이지");
    expect(first).toMatch(/KST \(\d+일 후\)/);
    expectAligned(tableIn(first));
    expect(console_.prompt).toBe("1 선택 (Enter: 건너뛰기)> ");
    // 예 has no meaning where there is nothing to confirm.
    expect(await console_.enter("예")).toContain(
      "여기에는 예/아니오로 답할 질문이 없습니다. 1을 고르거나 Enter로 건너뛰십시오.",
    );
    expect((await console_.enter("")).trim()).toBe("건너뛰었습니다");

    const second = await console_.enter("bans --page 2");
    expect(second).toContain("3페이지 중 2페이지");
    expectAligned(tableIn(second));
    await console_.enter("");
    expect(await console_.enter("bans --page 0")).toContain("✖ --page는 1 이상이어야 합니다");
    expect(await console_.enter("bans --page")).toContain(
      "✖ --page에 페이지 번호가 필요합니다 (예: --page 2)",
    );
    expectNoTerminalEnglish(console_.screen);
  });

  it("a confirmation left with Enter is cancelled and says so in Korean; help answers", async () => {
    await console_.enter("ban 10004 400");
    expect((await console_.enter("")).trim()).toBe("건너뛰었습니다: 아무것도 하지 않았습니다");
    expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);
    const help = await console_.enter("help");
    expect(help).toContain("ban");
    expect(console_.prompt).toBe("chatwarden> ");
    expectNoTerminalEnglish(console_.screen);
  });

  it("tells of the feed's cards in Korean, though the feed's own work is not the console's", async () => {
    const feed = startAdapterFeed(h.core, [], silentLogger);
    try {
      await console_.prompted();
      await feed.pollNow();
      const against = { to_gamer_id: "10002", to_gamer_name: "달빛기사" };
      const first = h.emulator.state.injectReport({ ...against, keyword: "SPAM" });
      await feed.pollNow();
      await console_.shows("새 신고 카드: ");
      await console_.shows(`report ${first.report_id} 명령어로 처리할 수 있습니다`);
      for (const n of [1, 2, 3]) {
        h.emulator.state.injectReport({ ...against, from_gamer_id: `3000${n}`, keyword: "SPAM" });
      }
      await feed.pollNow();
      await console_.shows("갱신된 신고 카드: ");
      await console_.shows("새 신고 3건:");
      expectNoTerminalEnglish(console_.screen);
    } finally {
      await feed.stop();
    }
  });

  it("the doctor's summary and its lines of the configuration, DATA_DIR and chat API, in Korean", async () => {
    const config = parseConfig({
      CHAT_API_BASE_URL: h.emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: h.dataDir,
    });
    const checks = await presenting(KOREAN_TERMINAL, () => doctorChecks(config));
    const text = presenting(KOREAN_TERMINAL, () => doctorText(checks, (_, words) => words));
    const host = new URL(h.emulator.baseUrl).host;
    expect(text).toContain(`올바름: 채팅 API ${host}, Discord 사용 안 함, Slack 사용 안 함\n`);
    expect(text).toMatch(/DATA_DIR +.+에 쓸 수 있(고|습니다)/);
    expect(text).toMatch(/chat API +.+: \d+ms 만에 응답했습니다/);
    expect(text).toContain("승인됨 (GET /open_channel_groups: 채널 그룹 ");
    expect(text).toMatch(/\n점검 \d+개를 모두 통과했습니다\.\n$/);
    expectNoTerminalEnglish(text);
    // Scripts read the same document: its keys, results and check names do not change.
    const document = JSON.parse(doctorJson(checks)) as { ok: boolean; checks: { name: string }[] };
    expect(document.ok).toBe(true);
    expect(document.checks.map((check) => check.name)).toEqual([
      "configuration",
      "DATA_DIR",
      "chat API",
      "chat API token",
    ]);
  });

  it("the doctor's Discord and Slack lines, when neither answers, in Korean", async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}/api`;
    const config = parseConfig({
      DATA_DIR: h.dataDir,
      DISCORD_TOKEN: "FAKE.discord.token",
      DISCORD_APPLICATION_ID: "123456789012345678",
      DISCORD_GUILD_ID: "223456789012345678",
      DISCORD_API_URL: nowhere,
      SLACK_BOT_TOKEN: "xoxb-FAKE_slack-bot-token",
      SLACK_SIGNING_SECRET: "fake-signing-secret",
      SLACK_API_URL: `${nowhere}/`,
    });
    const text = await presenting(KOREAN_TERMINAL, async () =>
      doctorText(await doctorChecks(config), (_, words) => words),
    );
    expect(text).toMatch(
      /Discord token +127\.0\.0\.1:\d+에 접속할 수 없습니다 \(ECONNREFUSED\) → /,
    );
    expect(text).toContain("점검 안 함: Discord가 응답하지 않았습니다");
    expect(text).toMatch(/Slack token +127\.0\.0\.1:\d+에 접속할 수 없습니다 \(ECONNREFUSED\) → /);
    expect(text).toContain("점검 안 함: Slack이 응답하지 않았습니다");
    // Nobody may run the commands: said with its fix.
    expect(text).toContain(
      "SLACK_MODERATOR_USER_IDS와 SLACK_ADMIN_USER_IDS가 비어 있습니다: Slack에서는 아무도 모더레이터나 관리자 명령어를 쓸 수 없습니다",
    );
    expect(text).toMatch(/\n점검 \d+개 중 \d+개 실패\(\d+개 건너뜀\)\.\n$/);
    expectNoTerminalEnglish(text);
  });
});
