// What an operator reads outside the commands, in Korean: the configuration's problems and
// warnings (start-up and the doctor's configuration line), a line of .env left out, the start-up
// line of the chat API, and the emulator's usage and wrong options. Variable names, option
// names and their values stay as typed; nothing of the English catalogue shows. The binary's
// own lines (a refused start, `chatwarden help emulator` under LANG=ko_KR.UTF-8) are in
// test/cli/operator-korean.test.ts.
import { createServer, type Server } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ChatApiComponent } from "../../app/components/chat-api.js";
import { HttpComponent } from "../../app/components/http.js";
import { runDoctorCommand } from "../../app/doctor/command.js";
import { configurationCheck, invalidConfigurationCheck } from "../../app/doctor/configuration.js";
import { doctorText } from "../../app/doctor/report.js";
import { runEmulatorCommand } from "../../emulator/command.js";
import { EmulatorUsageError, emulatorUsage } from "../../emulator/usage.js";
import { ConfigError, configWarnings, parseConfig } from "../../src/config.js";
import { parseDotEnv } from "../../src/dotenv.js";
import { type Presentation, presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import { type Harness, startHarness } from "../helpers/core.js";
import { englishCatalogueTextIn } from "../helpers/korean.js";

const KOREAN: Presentation = { locale: "ko", timeZone: "Asia/Seoul" };
const inKorean = <T>(work: () => T): T => presenting(KOREAN, work);

beforeAll(async () => {
  await loadLocales(["ko"]);
});

/** The configuration's error for `env`, read in Korean. */
function configErrorInKorean(env: Record<string, string>): ConfigError {
  try {
    inKorean(() => parseConfig(env));
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("the configuration was valid");
}

/** The configuration's error for `env`, read in Korean, as its lines. */
const problemsInKorean = (env: Record<string, string>) =>
  configErrorInKorean(env).message.split("\n");

function expectNoEnglish(text: string): void {
  expect(englishCatalogueTextIn(text), text).toEqual([]);
}

describe("the configuration's problems in Korean", () => {
  it("names each variable, as typed, with its problem in Korean, in the table's order", () => {
    const lines = problemsInKorean({
      DISPLAY_TIMEZONE: "Mars/Olympus",
      CHATWARDEN_LOCALE: "fr",
      PORT: "abc",
      REQUIRE_REASON: "maybe",
      CHAT_API_BASE_URL: "foo",
    });
    expect(lines).toEqual([
      "CHAT_API_BASE_URL: http(s) URL이어야 합니다",
      "CHAT_API_TOKEN: CHAT_API_BASE_URL 변수를 설정했다면 함께 설정해야 합니다",
      "DISPLAY_TIMEZONE: UTC나 Asia/Seoul 같은 IANA 시간대여야 합니다",
      // The supported languages, listed as CHATWARDEN_LOCALE takes them.
      "CHATWARDEN_LOCALE: 지원하는 언어 중 하나여야 합니다: en, ko",
      "PORT: 포트 번호여야 합니다",
      "REQUIRE_REASON: true 또는 false여야 합니다",
    ]);
    expectNoEnglish(lines.join("\n"));
  });

  it("every kind of problem: numbers, ids, cron, the ladder, priorities, a swapped Slack token", () => {
    const lines = problemsInKorean({
      CHAT_API_TIMEOUT_MS: "999999",
      REPORT_BACKFILL: "-1",
      DATABASE_URL: "mysql://db/chatwarden",
      REPORT_POLL_CRON: "often",
      DISCORD_APPLICATION_ID: "abc",
      DISCORD_MODERATOR_ROLE_IDS: "1,abc",
      SLACK_BOT_TOKEN: "xapp-FAKE-swapped",
      SLACK_APP_TOKEN: "xapp-FAKE-app",
      SLACK_REPORT_CHANNEL_ID: "general",
      MAX_BAN_DAYS: "100",
      BAN_LADDER_DAYS: "1,7,400",
      PRIORITY_CATEGORY_WEIGHTS: "CHEATING=x",
      PRIORITY_WEIGHTS: "fame=2",
      PRIORITY_LEVELS: "high=3,medium=5",
      DIGEST_CRON: "0 0 9 * * *",
      LOG_LEVEL: "loud",
    });
    expect(lines).toEqual([
      "CHAT_API_TIMEOUT_MS: 120000 이하여야 합니다",
      "DATABASE_URL: postgres://chatwarden:…@db:5432/chatwarden 같은 postgres:// 또는 postgresql:// URL이어야 합니다",
      "REPORT_POLL_CRON: */30 * * * * *(30초마다) 같은 cron 표현식이어야 합니다",
      "REPORT_BACKFILL: 0 이상이어야 합니다",
      "DISCORD_TOKEN: Discord 어댑터를 켜려면 설정해야 합니다",
      "DISCORD_APPLICATION_ID: Discord ID(숫자)여야 합니다",
      "DISCORD_MODERATOR_ROLE_IDS: 쉼표로 구분한 Discord 역할 ID 목록이어야 합니다",
      "SLACK_BOT_TOKEN: xoxb-로 시작하는 앱의 봇 토큰(OAuth & Permissions, Bot User OAuth Token)이어야 합니다. 이 토큰은 앱 수준 토큰처럼 xapp- 접두사로 시작합니다: SLACK_APP_TOKEN의 값이 아닙니까?",
      "SLACK_REPORT_CHANNEL_ID: C0123ABCD 같은 Slack 채널 ID여야 합니다",
      "BAN_LADDER_DAYS: MAX_BAN_DAYS(100) 이내여야 합니다: 400일은 더 깁니다",
      "PRIORITY_CATEGORY_WEIGHTS: 분류마다 숫자를 CATEGORY=weight 형식으로 쉼표로 구분해 주어야 합니다(CHEATING=4,SPAM=1,*=1): CHEATING=x의 값은 숫자가 아닙니다",
      "PRIORITY_WEIGHTS: 쉼표로 구분한 name=number 쌍이어야 하고, 이름은 reporter, report, ban, dismissed 중 하나여야 합니다: fame 이름은 그중 어느 것도 아닙니다",
      "PRIORITY_LEVELS: high가 medium보다 커야 합니다: high=3 값이 medium=5 값보다 크지 않습니다",
      "DIGEST_CRON: 0 9,21 * * *(09:00과 21:00) 같은 다섯 필드 cron 표현식이어야 합니다",
      "LOG_LEVEL: 다음 중 하나여야 합니다: fatal, error, warn, info, debug, trace, silent",
    ]);
    expectNoEnglish(lines.join("\n"));
  });

  it("the ladder's own problems, and a Slack token of no known kind", () => {
    const lines = [
      ...problemsInKorean({ BAN_LADDER_DAYS: "1,,30" }),
      ...problemsInKorean({ BAN_LADDER_DAYS: "7,3" }),
      ...problemsInKorean({ SLACK_BOT_TOKEN: "not-a-token", SLACK_SIGNING_SECRET: "s" }),
      ...problemsInKorean({ SLACK_BOT_TOKEN: "xoxb-FAKE" }),
    ];
    expect(lines).toEqual([
      "BAN_LADDER_DAYS: 1,7,30,365처럼 쉼표로 구분한 정수 일수여야 합니다: 빈 단계는 일수가 아닙니다",
      "BAN_LADDER_DAYS: 단계마다 커져야 합니다: 7 다음에 3 값이 있습니다",
      "SLACK_BOT_TOKEN: xoxb-로 시작하는 앱의 봇 토큰(OAuth & Permissions, Bot User OAuth Token)이어야 합니다",
      "SLACK_SIGNING_SECRET: SLACK_BOT_TOKEN을 설정했다면 이 변수나 SLACK_APP_TOKEN도 설정해야 합니다 (HTTP 모드 또는 Socket Mode)",
    ]);
    expectNoEnglish(lines.join("\n"));
  });

  it("warns in Korean of settings that do not work together, and of a line of .env left out", () => {
    const config = parseConfig({
      CONFIRM_BAN_DAYS_OVER: "50",
      MAX_BAN_DAYS: "40",
      DIGEST_CRON: "0 9 * * *",
      REPORT_REMIND_MINUTES: "30",
    });
    const warnings = inKorean(() => configWarnings(config));
    expect(warnings).toEqual([
      "CONFIRM_BAN_DAYS_OVER(50)가 MAX_BAN_DAYS(40)보다 큽니다: 확인을 받을 만큼 긴 채팅 금지를 할 수 없습니다. MAX_BAN_DAYS보다 작게 설정하거나, 확인을 끄려면 같게 설정하십시오",
      "DIGEST_CRON을 설정했지만 신고 채널(DISCORD_REPORT_CHANNEL_ID, SLACK_REPORT_CHANNEL_ID)이 없습니다: 근무 요약을 올리지 않습니다",
      "REPORT_REMIND_MINUTES를 설정했지만 신고 채널(DISCORD_REPORT_CHANNEL_ID, SLACK_REPORT_CHANNEL_ID)이 없습니다: 대기 알림을 올리지 않습니다",
    ]);
    const dotEnv = inKorean(() => parseDotEnv("PORT=3000\nCHAT_API_TOKEN abc\n", ".env"));
    expect(dotEnv.warnings).toEqual([".env의 2번째 줄은 KEY=value 형식이 아니어서 무시했습니다"]);
    expectNoEnglish([...warnings, ...dotEnv.warnings].join("\n"));
  });
});

describe("the doctor's configuration line in Korean", () => {
  it("an environment that does not parse: each variable's problem, and the fix", () => {
    const error = configErrorInKorean({ DISPLAY_TIMEZONE: "Mars/Olympus", PORT: "abc" });
    const text = inKorean(() => doctorText([invalidConfigurationCheck(error)], (_, w) => w));
    expect(text).toContain(
      "configuration  DISPLAY_TIMEZONE: UTC나 Asia/Seoul 같은 IANA 시간대여야 합니다; PORT: 포트 번호여야 합니다 → ",
    );
    expectNoEnglish(text);
  });

  it("settings that do not work together: the warnings, in Korean", () => {
    const config = parseConfig({ DIGEST_CRON: "0 9 * * *" });
    const text = inKorean(() => doctorText([configurationCheck(config)], (_, w) => w));
    expect(text).toContain("DIGEST_CRON을 설정했지만 신고 채널");
    expectNoEnglish(text);
  });
});

describe("start-up and the emulator in Korean", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("says in Korean that the chat API answers, and when it does not", async () => {
    h = await startHarness();
    const chatApi = new ChatApiComponent(h.core);
    const connected = await inKorean(() => chatApi.probeNow());
    expect(connected).toMatch(/^채팅 API에 연결했습니다: 채널 그룹 \d+개\.$/);
    h.emulator.faults.add({ respond: { status: 503, body: "<html>down</html>" }, times: 1_000 });
    const down = await inKorean(() => chatApi.probeNow());
    expect(down).toMatch(/^채팅 API가 아직 응답하지 않습니다: /);
    expectNoEnglish(`${connected}\n${down.replace(/: .*/, "")}`);
  });

  it("names a busy port in Korean, with what sets it: PORT for serve, --port for the emulator", async () => {
    const busy: Server = createServer();
    await new Promise<void>((listening) => busy.listen(0, "127.0.0.1", listening));
    try {
      const address = busy.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const serve = await inKorean(() => new HttpComponent(port, "127.0.0.1").start()).then(
        () => "started",
        (error: unknown) => (error as Error).message,
      );
      const emulator = await inKorean(() =>
        runEmulatorCommand(["--port", String(port)], process.stdout),
      ).then(
        () => "started",
        (error: unknown) => (error as Error).message,
      );
      expect([serve, emulator]).toEqual([
        `${port}번 포트는 이미 사용 중입니다: PORT에 비어 있는 포트를 지정하십시오`,
        `${port}번 포트는 이미 사용 중입니다: --port에 비어 있는 포트를 지정하십시오`,
      ]);
    } finally {
      await new Promise((closed) => busy.close(closed));
    }
  });

  it("explains the emulator in Korean, its option names and values as typed", () => {
    const usage = inKorean(emulatorUsage);
    expect(usage).toMatch(
      /^사용법: chatwarden emulator \[--port N\] \[--token T\] \[--seed demo\|empty\]/,
    );
    expect(usage).toContain(
      "--port N                 수신할 포트 (기본값 4010, 0이면 빈 포트를 고릅니다)",
    );
    expect(usage).toContain("(기본값 chatwarden-demo)");
    expectNoEnglish(usage);
  });

  it("refuses a wrong emulator option in Korean, before anything listens", async () => {
    const refusal = (args: string[]) =>
      inKorean(() => runEmulatorCommand(args, process.stdout)).then(
        () => "",
        (error: unknown) => {
          expect(error).toBeInstanceOf(EmulatorUsageError);
          return (error as Error).message;
        },
      );
    const messages = [
      await refusal(["--port", "99999"]),
      await refusal(["--seed", "full"]),
      await refusal(["--verbose"]),
      await refusal(["demo"]),
    ];
    expect(messages).toEqual([
      "--port는 0부터 65535 사이의 포트 번호여야 합니다",
      "--seed는 demo 또는 empty여야 합니다",
      'emulator에는 --verbose 옵션이 없습니다. 옵션 목록은 "chatwarden emulator --help"로 볼 수 있습니다',
      'emulator는 옵션만 받습니다. 인자는 받지 않습니다: "demo". 옵션 목록은 "chatwarden emulator --help"로 볼 수 있습니다',
    ]);
    expectNoEnglish(messages.join("\n"));
  });

  it("refuses a wrong doctor option in Korean, checking nothing", async () => {
    const refusal = await inKorean(() =>
      runDoctorCommand(["--verbose"], parseConfig({}), process.stdout),
    ).then(
      () => "",
      (error: unknown) => (error as Error).message,
    );
    expect(refusal).toBe(
      'doctor: 알 수 없는 옵션 "--verbose"입니다. 사용법: chatwarden doctor [--json]',
    );
  });
});
