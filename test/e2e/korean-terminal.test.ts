// The built `chatwarden` at a Korean terminal: which language it speaks is CHATWARDEN_LOCALE
// (the environment or .env), else LC_ALL, else LANG, else English; anything but en and ko is
// refused with the list. What a script reads does not change: exit codes, `--json` keys.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { lines, runCli } from "../cli/cli-process.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";

const KOREAN = { LANG: "ko_KR.UTF-8", LC_ALL: "" } as const;
const ENGLISH = { LANG: "en_US.UTF-8", LC_ALL: "" } as const;

let emulator: RunningEmulator;
let dataDir: string;
beforeAll(async () => {
  // The runs below say their language themselves: none inherited from whoever runs the tests.
  delete process.env.CHATWARDEN_LOCALE;
  emulator = await startTestEmulator();
  for (let i = 0; i < 12; i++) emulator.state.ban(`gamer-${i}`, 3 + i);
  dataDir = await mkdtemp(join(tmpdir(), "chatwarden-korean-"));
});
afterAll(async () => {
  await emulator?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `chatwarden` against the emulator, in DATA_DIR (where a .env would be read). */
const cli = (args: string[], env: Record<string, string>) =>
  runCli(args, {
    CHAT_API_BASE_URL: emulator.baseUrl,
    CHAT_API_TOKEN: TEST_TOKEN,
    DATA_DIR: dataDir,
    DISPLAY_TIMEZONE: "Asia/Seoul",
    ...env,
  });

describe("chatwarden at a Korean terminal (LANG=ko_KR.UTF-8)", () => {
  it("help: the usage in Korean, and a mistyped command refused in Korean", async () => {
    const run = await runCli(["help"], KOREAN);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("사용법: chatwarden <command>\n");
    expect(run.stdout).toContain("  demo         내장 에뮬레이터와 데모 데이터");
    expect(run.stdout).toContain(
      "채팅 명령어 (CHAT_API_BASE_URL에 한 번 실행, 성공하면 종료 코드 0):\n" +
        "  chatwarden <command> [args] [--reason R] [--json] [--yes] [--page N]\n",
    );
    expect(run.stdout).not.toContain("usage: chatwarden");

    const backup = await runCli(["backup", "--help"], KOREAN);
    expect(backup.stdout).toMatch(/^사용법: chatwarden backup FILE \[--force\]\n/);
    const doctor = await runCli(["help", "doctor"], KOREAN);
    expect(doctor.stdout).toContain(
      `--json은 대신 {"ok": boolean, "checks": [{"name", "result", "detail", "fix"}]}를 출력합니다.`,
    );

    const mistyped = await runCli(["help", "bnas"], KOREAN);
    expect(mistyped.code).toBe(64);
    expect(lines(mistyped.stderr)).toEqual([
      expect.stringMatching(
        /^chatwarden: "bnas" 명령어는 없습니다.*"chatwarden help"로 볼 수 있습니다$/,
      ),
    ]);
  });

  it("a one-shot list in Korean when LC_ALL says Korean over an English LANG", async () => {
    const run = await cli(["bans"], { LANG: "en_US.UTF-8", LC_ALL: "ko_KR.UTF-8" });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("2페이지 중 1페이지");
    expect(run.stdout).toContain("(다음 페이지: --page 2)");
    expect(run.stdout).toMatch(/KST \(\d+일 후\)/);

    // And the other way round: LC_ALL English over a Korean LANG.
    const english = await cli(["bans"], { LANG: "ko_KR.UTF-8", LC_ALL: "en_US.UTF-8" });
    expect(english.stdout).toContain("page 1 of 2");
    expect(english.stdout).toContain("(--page 2 shows the next page)");
  });

  it("a confirmation nobody can answer, and a wrong --page: Korean lines, the same exit codes and --json keys", async () => {
    const asked = await cli(["ban", "10003x", "1"], KOREAN);
    expect(asked.code).toBe(64);
    expect(lines(asked.stderr)).toEqual([
      "chatwarden: ban 명령어는 확인이 필요한데 물어볼 터미널이 없습니다: 진행하려면 --yes를 붙이십시오 (아무것도 하지 않았습니다)",
    ]);
    const page = await cli(["bans", "--page", "0", "--json"], KOREAN);
    expect(page.code).toBe(64);
    expect(JSON.parse(page.stdout)).toEqual({
      outcome: "error",
      error: { kind: "usage", message: "--page는 1 이상이어야 합니다" },
      case: null,
    });
    expect(emulator.requests.filter((request) => request.method === "PUT")).toEqual([]);
  });

  it("CHATWARDEN_LOCALE=en speaks English whatever LANG says", async () => {
    const run = await cli(["ban", "10003x", "1"], { ...KOREAN, CHATWARDEN_LOCALE: "en" });
    expect(lines(run.stderr)).toEqual([
      "chatwarden: ban must be confirmed and there is no terminal to ask: pass --yes to go ahead (nothing was done)",
    ]);
  });

  it("CHATWARDEN_LOCALE=ja is refused with the languages there are", async () => {
    const run = await cli(["bans"], { ...ENGLISH, CHATWARDEN_LOCALE: "ja" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "configuration: CHATWARDEN_LOCALE must be one of the supported languages: en, ko",
    );
    expect(run.stdout).toBe("");
  });

  it("CHATWARDEN_LOCALE=ko in .env: one-shot commands speak Korean; help follows the environment", async () => {
    const folder = await mkdtemp(join(tmpdir(), "chatwarden-korean-dotenv-"));
    try {
      await writeFile(join(folder, ".env"), "CHATWARDEN_LOCALE=ko\n");
      const run = await cli(["ban", "10003x", "1"], { ...ENGLISH, DATA_DIR: folder });
      expect(run.code).toBe(64);
      expect(run.stderr).toContain("ban 명령어는 확인이 필요한데 물어볼 터미널이 없습니다");
      // .env is read with the configuration, which help does not need: help speaks the
      // environment's language (docs/languages.md).
      const help = await runCli(["help"], { ...ENGLISH, DATA_DIR: folder });
      expect(help.stdout).toMatch(/^usage: chatwarden <command>\n/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
