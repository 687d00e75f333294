// The built `chatwarden` on a Korean terminal (LANG=ko_KR.UTF-8), where only the binary prints
// the text: a start refused for its configuration (CHATWARDEN_LOCALE itself among the problems:
// then LANG says the language), the doctor's configuration line, .env naming the language, the
// lines `serve` prints as it starts, and the emulator's usage and wrong options. Variable and
// option names stay as typed; nothing of the English catalogue shows. The same texts in process:
// test/i18n/operator-korean.test.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { englishCatalogueTextIn } from "../helpers/korean.js";
import { CLI, lines, runCli } from "./cli-process.js";

/** A Korean terminal: LANG says Korean, nothing else says otherwise. */
const KOREAN_TERMINAL = { LANG: "ko_KR.UTF-8", LC_ALL: "", CHATWARDEN_LOCALE: "" };

const folders: string[] = [];
const processes: ChildProcess[] = [];
afterAll(async () => {
  for (const bot of processes) {
    if (bot.exitCode === null && bot.signalCode === null) {
      bot.kill("SIGKILL");
      await new Promise((resolve) => bot.once("exit", resolve));
    }
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), "chatwarden-operator-korean-"));
  folders.push(folder);
  return folder;
}

function expectNoEnglish(text: string): void {
  expect(englishCatalogueTextIn(text), text).toEqual([]);
}

describe("a start refused for its configuration, on a Korean terminal", () => {
  it("names every problem in Korean, CHATWARDEN_LOCALE's with the supported languages", async () => {
    const run = await runCli(["serve"], {
      ...KOREAN_TERMINAL,
      DATA_DIR: scratch(),
      DISPLAY_TIMEZONE: "Mars/Olympus",
      CHATWARDEN_LOCALE: "fr",
      PORT: "abc",
    });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      "chatwarden: 설정: DISPLAY_TIMEZONE: UTC나 Asia/Seoul 같은 IANA 시간대여야 합니다",
      "chatwarden: 설정: CHATWARDEN_LOCALE: 지원하는 언어 중 하나여야 합니다: en, ko",
      "chatwarden: 설정: PORT: 포트 번호여야 합니다",
    ]);
    expectNoEnglish(run.stderr);
  });

  it("speaks the language .env names: its own lines and the problems, in Korean", async () => {
    const folder = scratch();
    writeFileSync(
      join(folder, ".env"),
      "CHATWARDEN_LOCALE=ko\nthis line is no setting\nPORT=abc\n",
    );
    const run = await runCli(
      ["bans"],
      // No CHATWARDEN_LOCALE in the environment: a variable set, even blank, wins over .env.
      { LANG: "C.UTF-8", LC_ALL: "", DATA_DIR: join(folder, "data") },
      { cwd: folder },
    );
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      "chatwarden: 경고: .env의 2번째 줄은 KEY=value 형식이 아니어서 무시했습니다",
      "chatwarden: 설정: PORT: 포트 번호여야 합니다",
    ]);
    expectNoEnglish(run.stderr);
  });

  it("the doctor's configuration line, in Korean", async () => {
    const run = await runCli(["doctor"], {
      ...KOREAN_TERMINAL,
      DATA_DIR: scratch(),
      DISPLAY_TIMEZONE: "Mars/Olympus",
      DISCORD_GUILD_ID: "500000000000000001",
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "configuration  DISPLAY_TIMEZONE: UTC나 Asia/Seoul 같은 IANA 시간대여야 합니다; DISCORD_TOKEN: Discord 어댑터를 켜려면 설정해야 합니다 → ",
    );
    expectNoEnglish(run.stdout);
  });
});

describe("serve as it starts, on a Korean terminal", () => {
  it("says in Korean that the chat API answers and where HTTP listens", async () => {
    const dataDir = scratch();
    const { CHAT_API_BASE_URL: _url, CHAT_API_TOKEN: _token, ...inherited } = process.env;
    const bot = spawn(process.execPath, [CLI, "serve"], {
      cwd: dataDir,
      // Not a terminal: no console, so serve runs until signalled.
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...inherited, ...KOREAN_TERMINAL, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "warn" },
    });
    processes.push(bot);
    let stdout = "";
    bot.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    await vi.waitFor(
      () =>
        expect(stdout).toMatch(
          /HTTP 서버가 포트 \d+에서 수신합니다 \(\/healthz \/readyz \/metrics, 127\.0\.0\.1에서만\)\. Ctrl-C로 멈춥니다\./,
        ),
      { timeout: 15_000, interval: 50 },
    );
    expect(stdout).toMatch(/채팅 API에 연결했습니다: 채널 그룹 \d+개\./);
    expectNoEnglish(stdout);
  });
});

describe("the emulator's command line, on a Korean terminal", () => {
  it("chatwarden help emulator explains it in Korean, option names and values as typed", async () => {
    const run = await runCli(["help", "emulator"], KOREAN_TERMINAL);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^사용법: chatwarden emulator \[--port N\] \[--token T\] \[--seed demo\|empty\]\n/,
    );
    expect(run.stdout).toContain(
      "  --seed demo|empty        데모 데이터로 시작하거나 빈 상태로 시작",
    );
    expectNoEnglish(run.stdout);
  });

  it("says in Korean where it listens, which token it takes and where its controls are", async () => {
    const emulator = spawn(
      process.execPath,
      [CLI, "emulator", "--port", "0", "--token", "operator-test-token", "--controls"],
      { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...KOREAN_TERMINAL } },
    );
    processes.push(emulator);
    let stdout = "";
    emulator.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    await vi.waitFor(() => expect(stdout).toContain("테스트 제어 기능: "), {
      timeout: 10_000,
      interval: 50,
    });
    expect(lines(stdout)).toEqual([
      expect.stringMatching(
        /^chat\/v1 에뮬레이터가 http:\/\/127\.0\.0\.1:\d+\/chat\/v1에서 수신합니다$/,
      ),
      // A token given on the command line is the caller's own: never shown.
      "마스터 토큰: --token으로 지정한 토큰",
      expect.stringMatching(/^테스트 제어 기능: http:\/\/127\.0\.0\.1:\d+\/__control$/),
    ]);
    expectNoEnglish(stdout);
  });

  it("a wrong option is refused in Korean, with the exit code of a wrong command line", async () => {
    const port = await runCli(["emulator", "--port", "99999"], KOREAN_TERMINAL);
    const unknown = await runCli(["emulator", "--verbose"], KOREAN_TERMINAL);
    expect([port.code, unknown.code]).toEqual([64, 64]);
    expect(port.stderr).toBe("chatwarden: --port는 0부터 65535 사이의 포트 번호여야 합니다\n");
    expect(unknown.stderr).toBe(
      'chatwarden: emulator에는 --verbose 옵션이 없습니다. 옵션 목록은 "chatwarden emulator --help"로 볼 수 있습니다\n',
    );
    expectNoEnglish(port.stderr + unknown.stderr);
  });
});
