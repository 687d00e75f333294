import type { Translation } from "../catalogue-shape.js";
import type { operator as english } from "../en/operator.js";

// A variable's problem is a sentence of its own after the variable's name and a colon
// (`PORT: 포트 번호여야 합니다`), so that every problem reads whole in Korean word order.
export const operator = {
  "operator.config.problem": "{variable}: {problem}",

  "operator.config.discordId": "Discord ID(숫자)여야 합니다",
  "operator.config.discordRoleId": "Discord 역할 ID(숫자)여야 합니다",
  "operator.config.slackChannelId": "C0123ABCD 같은 Slack 채널 ID여야 합니다",
  "operator.config.slackUserGroupId": "S0123ABCD 같은 Slack 사용자 그룹 ID여야 합니다",
  "operator.config.discordRoleIds": "쉼표로 구분한 Discord 역할 ID 목록이어야 합니다",
  "operator.config.slackUserIds": "쉼표로 구분한 Slack 사용자 ID(U0123ABCD 등) 목록이어야 합니다",
  "operator.config.wholeNumber": "정수여야 합니다",
  "operator.config.atLeastOne": "1 이상이어야 합니다",
  "operator.config.atMost": "{max} 이하여야 합니다",
  "operator.config.zeroOrMore": "0 이상이어야 합니다",
  "operator.config.httpUrl": "http(s) URL이어야 합니다",
  "operator.config.trueOrFalse": "true 또는 false여야 합니다",
  "operator.config.reportPollCron": "{example}(30초마다) 같은 cron 표현식이어야 합니다",
  "operator.config.banSyncCron": "{example}(5분마다) 같은 cron 표현식이어야 합니다",
  "operator.config.chatApiPath": "/chat/v1로 끝나야 합니다",
  "operator.config.timeZone": "UTC나 Asia/Seoul 같은 IANA 시간대여야 합니다",
  "operator.config.locale": "지원하는 언어 중 하나여야 합니다: {languages}",
  "operator.config.databaseUrl":
    "postgres://chatwarden:…@db:5432/chatwarden 같은 postgres:// 또는 postgresql:// URL이어야 합니다",
  "operator.config.portNumber": "포트 번호여야 합니다",
  "operator.config.portRange": "0부터 65535 사이의 포트 번호여야 합니다",
  "operator.config.digestCron":
    "0 9,21 * * *(09:00과 21:00) 같은 다섯 필드 cron 표현식이어야 합니다",
  "operator.config.oneOf": "다음 중 하나여야 합니다: {values}",

  "operator.config.requiredWith": "{other} 변수를 설정했다면 함께 설정해야 합니다",
  "operator.config.requiredForAdapter": "{platform} 어댑터를 켜려면 설정해야 합니다",
  "operator.config.slackSecretOrAppToken":
    "SLACK_BOT_TOKEN을 설정했다면 이 변수나 SLACK_APP_TOKEN도 설정해야 합니다 (HTTP 모드 또는 Socket Mode)",
  "operator.config.alertChannel":
    "{alert} 변수를 설정했다면 함께 설정해야 합니다: 알림은 신고 채널로 갑니다",

  "operator.config.confirmAboveMax":
    "CONFIRM_BAN_DAYS_OVER({confirm})가 MAX_BAN_DAYS({max})보다 큽니다: 확인을 받을 만큼 긴 채팅 금지를 할 수 없습니다. MAX_BAN_DAYS보다 작게 설정하거나, 확인을 끄려면 같게 설정하십시오",
  "operator.config.digestWithoutChannel":
    "DIGEST_CRON을 설정했지만 신고 채널(DISCORD_REPORT_CHANNEL_ID, SLACK_REPORT_CHANNEL_ID)이 없습니다: 근무 요약을 올리지 않습니다",
  "operator.config.remindWithoutChannel":
    "REPORT_REMIND_MINUTES를 설정했지만 신고 채널(DISCORD_REPORT_CHANNEL_ID, SLACK_REPORT_CHANNEL_ID)이 없습니다: 대기 알림을 올리지 않습니다",

  "operator.dotenv.notASetting": "{file}의 {line}번째 줄은 KEY=value 형식이 아니어서 무시했습니다",

  "operator.ladder.notDays":
    "{example}처럼 쉼표로 구분한 정수 일수여야 합니다: {empty, select, yes {빈 단계는} other {{step} 값은}} 일수가 아닙니다",
  "operator.ladder.notIncreasing":
    "단계마다 커져야 합니다: {previous} 다음에 {value} 값이 있습니다",
  "operator.ladder.tooManySteps": "단계는 최대 {max}개입니다",
  "operator.ladder.beyondMax": "MAX_BAN_DAYS({max}) 이내여야 합니다: {days}일은 더 깁니다",

  "operator.priority.categoryShape":
    "분류마다 숫자를 CATEGORY=weight 형식으로 쉼표로 구분해 주어야 합니다({example}): {empty, select, yes {빈 항목은} other {{entry} 항목은}} 이 형식이 아닙니다",
  "operator.priority.categoryNotNumber":
    "분류마다 숫자를 CATEGORY=weight 형식으로 쉼표로 구분해 주어야 합니다({example}): {entry}의 값은 숫자가 아닙니다",
  "operator.priority.categoryTwice": "분류는 한 번씩만 적어야 합니다: {name} 분류가 두 번 있습니다",
  "operator.priority.pairsShape":
    "쉼표로 구분한 name=number 쌍이어야 하고, 이름은 {names} 중 하나여야 합니다: {empty, select, yes {빈 항목은} other {{entry} 항목은}} 이 형식이 아닙니다",
  "operator.priority.unknownName":
    "쉼표로 구분한 name=number 쌍이어야 하고, 이름은 {names} 중 하나여야 합니다: {empty, select, yes {빈 이름은} other {{name} 이름은}} 그중 어느 것도 아닙니다",
  "operator.priority.pairNotNumber":
    "쉼표로 구분한 name=number 쌍이어야 하고, 이름은 {names} 중 하나여야 합니다: {entry}의 값은 숫자가 아닙니다",
  "operator.priority.nameTwice": "이름은 한 번씩만 적어야 합니다: {name} 이름이 두 번 있습니다",
  "operator.priority.bothLevels": "{example}처럼 두 단계를 모두 적어야 합니다",
  "operator.priority.highAboveMedium":
    "high가 medium보다 커야 합니다: high={high} 값이 medium={medium} 값보다 크지 않습니다",

  "operator.slackToken.wrongKind":
    "{variable, select, SLACK_BOT_TOKEN {xoxb-로 시작하는 앱의 봇 토큰(OAuth & Permissions, Bot User OAuth Token)} other {xapp-로 시작하는 앱 수준 토큰(Basic Information, App-Level Tokens)}}이어야 합니다",
  "operator.slackToken.otherKind":
    "{variable, select, SLACK_BOT_TOKEN {xoxb-로 시작하는 앱의 봇 토큰(OAuth & Permissions, Bot User OAuth Token)} other {xapp-로 시작하는 앱 수준 토큰(Basic Information, App-Level Tokens)}}이어야 합니다. 이 토큰은 {kind, select, bot {봇 토큰} app {앱 수준 토큰} other {사용자 토큰}}처럼 {prefix} 접두사로 시작합니다{owner, select, none {} other {: {owner}의 값이 아닙니까?}}",

  "operator.startup.connected": "채팅 API에 연결했습니다: 채널 그룹 {count}개.",
  "operator.startup.notAnswering": "채팅 API가 아직 응답하지 않습니다: {reason}",
  "operator.startup.http":
    "HTTP 서버가 포트 {port}에서 수신합니다 (/healthz /readyz /metrics{loopback, select, yes {, {host}에서만} other {}}). Ctrl-C로 멈춥니다.",
  "operator.startup.portInUse":
    "{port}번 포트는 이미 사용 중입니다: {setting}에 비어 있는 포트를 지정하십시오",
  "operator.startup.signalAgain": "{signal} 신호를 다시 받았습니다: 바로 멈춥니다",

  "operator.emulator.usage": `사용법: chatwarden emulator [--port N] [--token T] [--seed demo|empty]
                           [--report-every SECONDS] [--controls] [--host ADDRESS]

  chat/v1 에뮬레이터만 실행합니다. 연동 개발과 종단 간 테스트용이며, Ctrl-C를 누를 때까지
  실행됩니다.

  --port N                 수신할 포트 (기본값 4010, 0이면 빈 포트를 고릅니다)
  --token T                요청에 있어야 하는 토큰 (기본값 {token})
  --seed demo|empty        데모 데이터로 시작하거나 빈 상태로 시작 (기본값 demo)
  --report-every SECONDS   SECONDS초마다 새 신고를 추가
  --controls               /__control 아래에 테스트 제어 기능을 엽니다 (장애, 주입한 신고)
  --host ADDRESS           수신할 주소 (기본값 127.0.0.1: 이 컴퓨터에서만)
`,
  "operator.emulator.port": "--port는 0부터 65535 사이의 포트 번호여야 합니다",
  "operator.emulator.token": "--token은 비어 있으면 안 됩니다",
  "operator.emulator.seed": "--seed는 demo 또는 empty여야 합니다",
  "operator.emulator.reportEvery": "--report-every는 초 단위 숫자여야 합니다",
  "operator.emulator.reportEveryPositive": "--report-every는 0보다 큰 초 단위 숫자여야 합니다",
  "operator.emulator.invalid": "옵션이 올바르지 않습니다",
  "operator.emulator.help": '옵션 목록은 "chatwarden emulator --help"로 볼 수 있습니다',
  "operator.emulator.unknownOption": "emulator에는 {option} 옵션이 없습니다. {help}",
  "operator.emulator.positional":
    'emulator는 옵션만 받습니다. 인자는 받지 않습니다: "{word}". {help}',
  "operator.emulator.listening": "chat/v1 에뮬레이터가 {baseUrl}에서 수신합니다",
  "operator.emulator.givenToken": "마스터 토큰: --token으로 지정한 토큰",
  "operator.emulator.controls": "테스트 제어 기능: {url}",
} as const satisfies Translation<typeof english>;
